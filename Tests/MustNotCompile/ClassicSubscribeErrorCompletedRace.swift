// subscribeError and subscribeCompleted, on no actor.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race(_ signal: Signal<Int, TestFailure>) {
  let counter = Counter()
  signal.subscribeError(isolation: nil, { _ in counter.n += 1 }, completed: { counter.n += 1 })
  signal.subscribeCompleted(isolation: nil) { counter.n += 1 }
}

struct TestFailure: Error {}
