// A closure-built Observer on no actor checks what its closures capture.
// expect: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure
import AsyncSignals

final class Counter { var n = 0 }

nonisolated func race() -> Observer<Int, Never> {
  let counter = Counter()
  return Observer(isolation: nil, value: { _ in counter.n += 1 })
}
