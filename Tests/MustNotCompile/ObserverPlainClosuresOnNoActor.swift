// On no actor, an Observer cannot be built from plain closures.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals

nonisolated func plain() -> Observer<Int, Never> {
  Observer(value: { print($0) })
}
