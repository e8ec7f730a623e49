/// The failure of the timer state machine tests.
struct TimerBoom: Error, Equatable {}

/// Returns whether `action` passes `check` (a pattern match); keeps the state machine tests one line each.
func matches<Action>(_ action: Action, _ check: (Action) -> Bool) -> Bool {
  check(action)
}
