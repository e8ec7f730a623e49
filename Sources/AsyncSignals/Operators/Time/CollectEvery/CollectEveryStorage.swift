/// One subscription of ``Signal/collect(every:scheduler:)``: runs ``CollectEveryStateMachine`` on the serial
/// inputs of its ``TimedOperatorRuntime`` and carries out the actions.
final class CollectEveryStorage<Value: Sendable, Failure: Error>: TimedInputHandler {
  private let machine = OperatorState(CollectEveryStateMachine<Value, Failure>())
  private let interval: Duration
  private let downstream: Observer<[Value], Failure>
  private let runtime: TimedOperatorRuntime<Value, Failure>

  /// Creates the storage of one subscription.
  init(interval: Duration, downstream: Observer<[Value], Failure>, runtime: TimedOperatorRuntime<Value, Failure>) {
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
      case .cancelTimerAndFinish(let collected, let terminal):
        runtime.cancelTimer()
        if let collected { downstream.send(collected) }
        downstream.send(event: terminal)
      case .none:
        break
      }
    case .timerFired(let generation):
      switch machine.value.timerFired(generation: generation) {
      case .send(let values):
        downstream.send(values)
      case .none:
        break
      }
    }
  }
}
