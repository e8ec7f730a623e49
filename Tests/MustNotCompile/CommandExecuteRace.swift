// A command made on no actor runs `execute` on the calling thread.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race() -> Command<Int, Int, Never> {
  let counter = Counter()
  return Command(isolation: nil) { (input: Int) in
    counter.n += input
    return .return(counter.n)
  }
}
