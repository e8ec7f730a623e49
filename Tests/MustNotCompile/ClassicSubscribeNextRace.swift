// The classic names check captures on no actor like the core forms.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race(_ subject: PassthroughSubject<Int, Never>) {
  let counter = Counter()
  subject.subscribeNext(isolation: nil) { _ in counter.n += 1 }
}
