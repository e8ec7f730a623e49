// On no actor, the classic names need isolation: nil.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals
import LegacyBridge

nonisolated func plain(_ signal: Signal<Int, Never>) {
  signal.subscribeNext { print($0) }
}
