// Bridges start their callback API on the subscriber's thread: the start closure is @Sendable.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race() -> Signal<Int, Never> {
  let counter = Counter()
  return Signal.withCompletionHandler { completion, _ in
    completion(.success(counter.n))
  }
}
