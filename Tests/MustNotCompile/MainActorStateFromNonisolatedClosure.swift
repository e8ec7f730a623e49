// A main-actor property touched from a closure that runs on the delivering thread.
// expect: main actor-isolated property 'title' can not be mutated from a Sendable closure
import AsyncSignals

@MainActor final class ViewModel { var title = "" }

nonisolated func bind(_ names: Signal<String, Never>, to model: ViewModel) {
  names.subscribe(isolation: nil, value: { model.title = $0 })
}
