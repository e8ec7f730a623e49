// A signal's body runs once per subscription, on the subscriber's thread: it is @Sendable.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals

final class Counter { var n = 0 }

nonisolated func race() -> Signal<Int, Never> {
  let counter = Counter()
  return Signal { observer, _ in observer.send(counter.n) }
}
