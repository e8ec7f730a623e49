// A hot source's own subscribe form checks the same captures.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals

final class Counter { var n = 0 }

nonisolated func race(_ subject: PassthroughSubject<Int, Never>) {
  let counter = Counter()
  subject.subscribe(isolation: nil, completed: { counter.n += 1 })
}
