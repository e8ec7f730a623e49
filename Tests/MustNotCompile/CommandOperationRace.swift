// A command's async operation made on no actor runs in the execution's Task.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race() -> Command<Int, Int, Never> {
  let counter = Counter()
  return Command { (input: Int) async -> Int in
    counter.n += input
    return counter.n
  }
}
