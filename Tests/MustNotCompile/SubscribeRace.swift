// The race of issue 25: a closure on no actor that captures non-Sendable state runs on the sending thread.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import Dispatch

final class Counter { var n = 0 }

nonisolated func race() {
  let counter = Counter()
  let subject = PassthroughSubject<Int, Never>()
  _ = subject.signal.subscribe(isolation: nil, value: { _ in counter.n += 1 })
  DispatchQueue.global().async { subject.send(1) }
  counter.n += 1
}
