// A target registered on no actor runs on the sending thread.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race(_ control: ActionControl<Void>) {
  let counter = Counter()
  control.addTarget(isolation: nil) { counter.n += 1 }
}
