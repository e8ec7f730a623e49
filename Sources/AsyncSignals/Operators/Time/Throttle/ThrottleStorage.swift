/// One subscription of ``Signal/throttle(for:scheduler:latest:)``: runs ``ThrottleStateMachine`` on the serial
/// inputs of its ``TimedOperatorRuntime`` and carries out the actions.
final class ThrottleStorage<Value: Sendable, Failure: Error>: TimedInputHandler {
  private let machine: OperatorState<ThrottleStateMachine<Value, Failure>>
  private let interval: Duration
  private let downstream: Observer<Value, Failure>
  private let runtime: TimedOperatorRuntime<Value, Failure>

  /// Creates the storage of one subscription.
  init(
    interval: Duration,
    latest: Bool,
    downstream: Observer<Value, Failure>,
    runtime: TimedOperatorRuntime<Value, Failure>
  ) {
    machine = OperatorState(ThrottleStateMachine(keepsLatest: latest))
    self.interval = interval
    self.downstream = downstream
    self.runtime = runtime
  }

  /// Handles one input, serially.
  func handle(_ input: TimedInput<Value, Failure>) {
    switch input {
    case .upstream(.value(let value)):
      perform(machine.value.valueReceived(value))
    case .upstream(let terminal):
      switch machine.value.terminalReceived(terminal) {
      case .cancelTimerAndFinish(let held, let terminal):
        runtime.cancelTimer()
        if let held { downstream.send(held) }
        downstream.send(event: terminal)
      case .none:
        break
      }
    case .timerFired(let generation):
      perform(machine.value.timerFired(generation: generation))
    }
  }

  private func perform(_ action: ThrottleStateMachine<Value, Failure>.SendAction) {
    switch action {
    case .sendAndStartTimer(let value, let generation):
      // The timer first: a downstream that disposes from inside the send then also cancels it.
      runtime.startTimer(after: interval, generation: generation)
      downstream.send(value)
    case .none:
      break
    }
  }
}
