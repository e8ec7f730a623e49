// A binding writes its target on the caller's actor: on no actor there is none.
// expect: 'nil' is not compatible with expected argument type 'any Actor'
import AsyncSignals
import LegacyBridge

final class Label { var text = "" }

nonisolated func bind(_ names: Signal<String, Never>, to label: Label) {
  names.bind(to: label, \.text)
}
