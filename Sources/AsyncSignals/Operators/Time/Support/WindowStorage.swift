/// What a windowed time operator (debounce, throttle, collect(every:)) does after one input.
enum WindowAction<Output: Sendable, Failure: Error> {
  /// Start the timer `generation`, superseding the previous one.
  case startTimer(generation: UInt64)
  /// Send `output` downstream.
  case send(Output)
  /// Start the timer `generation`, then send `output` downstream.
  case sendAndStartTimer(Output, generation: UInt64)
  /// Cancel the timer, then send `output` downstream.
  case cancelTimerAndSend(Output)
  /// Cancel the timer, send `flushing` if there is one, then fail with `failure` or, if it is `nil`, complete.
  case cancelTimerAndFinish(flushing: Output?, failure: Failure?)
  /// Nothing.
  case none
}

/// The pure state machine of a windowed time operator: one transition per input, returning a ``WindowAction``.
protocol WindowStateMachine: Sendable {
  associatedtype Value: Sendable
  associatedtype Failure: Error
  associatedtype Output: Sendable

  /// Upstream sent a value.
  mutating func valueReceived(_ value: Value) -> WindowAction<Output, Failure>
  /// The timer started with `generation` fired.
  mutating func timerFired(generation: UInt64) -> WindowAction<Output, Failure>
  /// Upstream completed or failed.
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> WindowAction<Output, Failure>
}

/// One subscription of a windowed time operator: runs its state machine on the serial inputs of a
/// ``TimedOperatorRuntime`` and carries out the actions.
///
/// The machine lives in an ``OperatorState``: the runtime's mailbox hands inputs over one at a time.
final class WindowStorage<Machine: WindowStateMachine>: TimedInputHandler {
  typealias Value = Machine.Value
  typealias Failure = Machine.Failure

  private let machine: OperatorState<Machine>
  private let interval: Duration
  private let downstream: Observer<Machine.Output, Failure>
  private let runtime: TimedOperatorRuntime<Value, Failure>

  /// Creates the storage of one subscription, with timers of `interval`.
  init(
    _ machine: Machine,
    interval: Duration,
    downstream: Observer<Machine.Output, Failure>,
    runtime: TimedOperatorRuntime<Value, Failure>
  ) {
    self.machine = OperatorState(machine)
    self.interval = interval
    self.downstream = downstream
    self.runtime = runtime
  }

  /// Handles one input, serially.
  func handle(_ input: TimedInput<Value, Failure>) {
    let action =
      switch input {
      case .upstream(.value(let value)): machine.value.valueReceived(value)
      case .upstream(let terminal): machine.value.terminalReceived(terminal)
      case .timerFired(let generation): machine.value.timerFired(generation: generation)
      }
    switch action {
    case .startTimer(let generation):
      runtime.startTimer(after: interval, generation: generation)
    case .send(let output):
      downstream.send(output)
    case .sendAndStartTimer(let output, let generation):
      // The timer first: a downstream that disposes from inside the send then also cancels it.
      runtime.startTimer(after: interval, generation: generation)
      downstream.send(output)
    case .cancelTimerAndSend(let output):
      runtime.cancelTimer()
      downstream.send(output)
    case .cancelTimerAndFinish(let flushing, let failure):
      runtime.cancelTimer()
      if let flushing { downstream.send(flushing) }
      if let failure { downstream.fail(failure) } else { downstream.complete() }
    case .none:
      break
    }
  }
}
