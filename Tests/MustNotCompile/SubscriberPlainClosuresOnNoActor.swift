// On no actor, a classic Subscriber cannot be built from plain closures.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals
import LegacyBridge

nonisolated func plain() -> Subscriber<Int, Never> {
  Subscriber(next: { print($0) })
}
