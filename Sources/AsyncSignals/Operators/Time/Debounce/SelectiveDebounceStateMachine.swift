/// A value of ``Signal/debounce(for:scheduler:where:)``'s upstream, with the predicate's answer for it.
///
/// The predicate runs on the delivering thread before the value joins the operator's mailbox, so the machine stays
/// pure.
struct DebounceCandidate<Value: Sendable>: Sendable {
  /// The upstream value.
  let value: Value
  /// Whether it waits for a quiet interval (`true`) or goes out at once (`false`).
  let isDebounced: Bool
}

/// The states of one ``Signal/debounce(for:scheduler:where:)`` subscription: a ``DebounceStateMachine`` whose
/// values either wait or go out at once.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct SelectiveDebounceStateMachine<Value: Sendable, Failure: Error>: WindowStateMachine {
  /// The debounce of the values that wait; it also holds the waiting value and the terminal state.
  private var debounce = DebounceStateMachine<Value, Failure>()

  /// Creates an idle machine.
  init() {}

  /// Upstream sent a value: a debounced one waits, another drops the waiting value and goes out at once.
  mutating func valueReceived(_ candidate: DebounceCandidate<Value>) -> WindowAction<Value, Failure> {
    candidate.isDebounced
      ? debounce.valueReceived(candidate.value) : debounce.immediateValueReceived(candidate.value)
  }

  /// The timer started with `generation` fired: the waiting value goes out, unless the timer is stale.
  mutating func timerFired(generation: UInt64) -> WindowAction<Value, Failure> {
    debounce.timerFired(generation: generation)
  }

  /// Upstream completed or failed; a failure drops the waiting value, completion flushes it.
  mutating func terminalReceived(
    _ terminal: Event<DebounceCandidate<Value>, Failure>
  ) -> WindowAction<Value, Failure> {
    debounce.terminalReceived(terminal.failure.map { .failed($0) } ?? .completed)
  }
}
