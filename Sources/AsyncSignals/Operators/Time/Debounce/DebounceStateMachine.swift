/// The states of one ``Signal/debounce(for:scheduler:)`` subscription.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct DebounceStateMachine<Value: Sendable, Failure: Error> {
  private enum State {
    /// No value is waiting.
    case idle
    /// `value` waits for timer `generation` to fire without a newer value.
    case debouncing(value: Value, generation: UInt64)
    /// A terminal event was sent downstream.
    case finished
  }

  /// What to do after ``valueReceived(_:)``.
  enum ValueReceivedAction {
    /// (Re)start the timer with `generation`; the previous one is superseded.
    case startTimer(generation: UInt64)
    /// Nothing: the stream is over.
    case none
  }

  /// What to do after ``timerFired(generation:)``.
  enum TimerFiredAction {
    /// Send `value` downstream.
    case send(Value)
    /// Nothing: a superseded or late timer.
    case none
  }

  /// What to do after ``terminalReceived(_:)``.
  enum TerminalReceivedAction {
    /// Cancel the timer, send `pending` if there is one, then send `terminal`.
    case cancelTimerAndFinish(pending: Value?, terminal: Event<Value, Failure>)
    /// Nothing: the stream is already over.
    case none
  }

  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine.
  init() {}

  /// Upstream sent a value.
  mutating func valueReceived(_ value: Value) -> ValueReceivedAction {
    switch state {
    case .idle, .debouncing:
      generation += 1
      state = .debouncing(value: value, generation: generation)
      return .startTimer(generation: generation)
    case .finished:
      return .none
    }
  }

  /// The timer started with `generation` fired.
  mutating func timerFired(generation fired: UInt64) -> TimerFiredAction {
    switch state {
    case .debouncing(let value, let generation) where generation == fired:
      state = .idle
      return .send(value)
    case .idle, .debouncing, .finished:
      return .none
    }
  }

  /// Upstream completed or failed; a failure drops the pending value, completion flushes it.
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> TerminalReceivedAction {
    switch state {
    case .idle:
      state = .finished
      return .cancelTimerAndFinish(pending: nil, terminal: terminal)
    case .debouncing(let value, _):
      state = .finished
      return .cancelTimerAndFinish(pending: terminal.failure == nil ? value : nil, terminal: terminal)
    case .finished:
      return .none
    }
  }
}
