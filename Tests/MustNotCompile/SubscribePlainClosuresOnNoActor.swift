// On no actor, the plain-closure form (meant for code on an actor) is not callable at all.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals

final class Counter { var n = 0 }

nonisolated func plain(_ numbers: Signal<Int, Never>) {
  let counter = Counter()
  numbers.subscribe(value: { _ in counter.n += 1 })
}
