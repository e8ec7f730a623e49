// A selective debounce's predicate runs on the delivering thread: it is @Sendable.
// expect: capture of 'keyboard' with non-Sendable type 'Keyboard' in a '@Sendable' closure
import AsyncSignals

final class Keyboard { var isComposing = false }

nonisolated func race(_ keys: Signal<String, Never>, scheduler: some TimedScheduler) -> Signal<String, Never> {
  let keyboard = Keyboard()
  return keys.debounce(for: .milliseconds(300), scheduler: scheduler, where: { _ in keyboard.isComposing })
}
