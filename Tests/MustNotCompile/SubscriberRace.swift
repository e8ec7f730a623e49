// A classic Subscriber made on no actor runs its closures on the sending thread: they are @Sendable.
// expect: capture of 'log' with non-Sendable type 'Log' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Log { var lines: [String] = [] }

nonisolated func race() -> Subscriber<String, Never> {
  let log = Log()
  return Subscriber(isolation: nil, next: { log.lines.append($0) })
}
