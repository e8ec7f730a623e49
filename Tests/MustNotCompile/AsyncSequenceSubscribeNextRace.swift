// subscribeNext on any AsyncSequence, on no actor.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Counter { var n = 0 }

nonisolated func race() {
  let counter = Counter()
  let stream = AsyncStream<Int> { $0.finish() }
  stream.subscribeNext(isolation: nil, { _ in counter.n += 1 })
}
