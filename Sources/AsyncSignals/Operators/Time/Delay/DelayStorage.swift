/// One subscription of ``Signal/delay(for:scheduler:)``: runs ``DelayStateMachine`` on the serial inputs of its
/// ``TimedOperatorRuntime`` and carries out the actions.
final class DelayStorage<Value: Sendable, Failure: Error>: TimedInputHandler {
  private let machine: OperatorState<DelayStateMachine<Value, Failure>>
  private let downstream: Observer<Value, Failure>
  private let runtime: TimedOperatorRuntime<Value, Failure>

  /// Creates the storage of one subscription.
  init(interval: Duration, downstream: Observer<Value, Failure>, runtime: TimedOperatorRuntime<Value, Failure>) {
    machine = OperatorState(DelayStateMachine(interval: interval))
    self.downstream = downstream
    self.runtime = runtime
  }

  /// Handles one input, serially.
  func handle(_ input: TimedInput<Value, Failure>) {
    switch input {
    case .upstream(let event):
      switch machine.value.eventReceived(event, now: runtime.now) {
      case .startTimer(let delay, let generation):
        runtime.startTimer(after: delay, generation: generation)
      case .cancelTimerAndFail(let failure):
        runtime.cancelTimer()
        downstream.fail(failure)
      case .none:
        break
      }
    case .timerFired(let generation):
      switch machine.value.timerFired(generation: generation, now: runtime.now) {
      case .send(let events, let next):
        if let next { runtime.startTimer(after: next.after, generation: next.generation) }
        for event in events { downstream.send(event: event) }
      case .none:
        break
      }
    }
  }
}
