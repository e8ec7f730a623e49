// Side-effect operators run on the delivering thread: their closures are @Sendable.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals

final class Counter { var n = 0 }

nonisolated func race(_ numbers: Signal<Int, Never>) -> Signal<Int, Never> {
  let counter = Counter()
  return numbers.on(value: { _ in counter.n += 1 })
}
