/// The states of one ``Signal/debounce(for:scheduler:)`` subscription.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct DebounceStateMachine<Value: Sendable, Failure: Error>: WindowStateMachine {
  private enum State {
    /// No value is waiting.
    case idle
    /// `value` waits for timer `generation` to fire without a newer value.
    case debouncing(value: Value, generation: UInt64)
    /// A terminal event was sent downstream.
    case finished
  }

  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine.
  init() {}

  /// Upstream sent a value: it replaces the waiting one and restarts the timer.
  mutating func valueReceived(_ value: Value) -> WindowAction<Value, Failure> {
    switch state {
    case .idle, .debouncing:
      generation += 1
      state = .debouncing(value: value, generation: generation)
      return .startTimer(generation: generation)
    case .finished:
      return .none
    }
  }

  /// Upstream sent a value that is not debounced (``Signal/debounce(for:scheduler:where:)``): it drops the
  /// waiting value, if any, and goes out at once.
  mutating func immediateValueReceived(_ value: Value) -> WindowAction<Value, Failure> {
    switch state {
    case .idle:
      return .send(value)
    case .debouncing:
      state = .idle
      return .cancelTimerAndSend(value)
    case .finished:
      return .none
    }
  }

  /// The timer started with `generation` fired: the waiting value goes out, unless the timer is stale.
  mutating func timerFired(generation fired: UInt64) -> WindowAction<Value, Failure> {
    switch state {
    case .debouncing(let value, let generation) where generation == fired:
      state = .idle
      return .send(value)
    case .idle, .debouncing, .finished:
      return .none
    }
  }

  /// Upstream completed or failed; a failure drops the waiting value, completion flushes it.
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> WindowAction<Value, Failure> {
    switch state {
    case .idle:
      state = .finished
      return .cancelTimerAndFinish(flushing: nil, failure: terminal.failure)
    case .debouncing(let value, _):
      state = .finished
      let failure = terminal.failure
      return .cancelTimerAndFinish(flushing: failure == nil ? value : nil, failure: failure)
    case .finished:
      return .none
    }
  }
}
