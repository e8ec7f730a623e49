/// One subscription of ``Signal/debounce(for:scheduler:)``: runs ``DebounceStateMachine`` on the serial inputs of
/// its ``TimedOperatorRuntime`` and carries out the actions.
final class DebounceStorage<Value: Sendable, Failure: Error>: TimedInputHandler {
  private let machine = OperatorState(DebounceStateMachine<Value, Failure>())
  private let interval: Duration
  private let downstream: Observer<Value, Failure>
  private let runtime: TimedOperatorRuntime<Value, Failure>

  /// Creates the storage of one subscription.
  init(interval: Duration, downstream: Observer<Value, Failure>, runtime: TimedOperatorRuntime<Value, Failure>) {
    self.interval = interval
    self.downstream = downstream
    self.runtime = runtime
  }

  /// Handles one input, serially.
  func handle(_ input: TimedInput<Value, Failure>) {
    switch input {
    case .upstream(.value(let value)):
      switch machine.value.valueReceived(value) {
      case .startTimer(let generation):
        runtime.startTimer(after: interval, generation: generation)
      case .none:
        break
      }
    case .upstream(let terminal):
      switch machine.value.terminalReceived(terminal) {
      case .cancelTimerAndFinish(let pending, let terminal):
        runtime.cancelTimer()
        if let pending { downstream.send(pending) }
        downstream.send(event: terminal)
      case .none:
        break
      }
    case .timerFired(let generation):
      switch machine.value.timerFired(generation: generation) {
      case .send(let value):
        downstream.send(value)
      case .none:
        break
      }
    }
  }
}
