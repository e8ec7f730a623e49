// RAC's -throttle:valuesPassingTest: predicate runs on the delivering thread: it is @Sendable.
// expect: capture of 'keyboard' with non-Sendable type 'Keyboard' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Keyboard { var isComposing = false }

nonisolated func race(_ keys: Signal<String, Never>, scheduler: some TimedScheduler) -> Signal<String, Never> {
  let keyboard = Keyboard()
  return keys.throttle(.milliseconds(300), scheduler: scheduler, valuesPassingTest: { _ in keyboard.isComposing })
}
