/// The states of one ``Signal/collect(every:scheduler:)`` subscription.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct CollectEveryStateMachine<Value: Sendable, Failure: Error> {
  private enum State {
    /// Nothing is collected and no window is open.
    case idle
    /// The window of timer `generation` is open and has collected `values` (never empty).
    case collecting(values: [Value], generation: UInt64)
    /// A terminal event was sent downstream.
    case finished
    /// Transient placeholder while `values` is appended to in place.
    case modifying
  }

  /// What to do after ``valueReceived(_:)``.
  enum ValueReceivedAction {
    /// Open a window: start timer `generation`.
    case startTimer(generation: UInt64)
    /// Nothing: the value joined the open window, or the stream is over.
    case none
  }

  /// What to do after ``timerFired(generation:)``.
  enum TimerFiredAction {
    /// Send the window's values.
    case send([Value])
    /// Nothing: a stale timer.
    case none
  }

  /// What to do after ``terminalReceived(_:)``.
  enum TerminalReceivedAction {
    /// Cancel the timer, send `collected` if there is one, then send `terminal`.
    case cancelTimerAndFinish(collected: [Value]?, terminal: Event<[Value], Failure>)
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
    case .idle:
      generation += 1
      state = .collecting(values: [value], generation: generation)
      return .startTimer(generation: generation)
    case .collecting(var values, let generation):
      state = .modifying
      values.append(value)
      state = .collecting(values: values, generation: generation)
      return .none
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectEvery: internal inconsistency, \(state) received valueReceived")
    }
  }

  /// The timer `generation` fired: the window closes.
  mutating func timerFired(generation fired: UInt64) -> TimerFiredAction {
    switch state {
    case .collecting(let values, let generation) where generation == fired:
      state = .idle
      return .send(values)
    case .idle, .collecting, .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectEvery: internal inconsistency, \(state) received timerFired")
    }
  }

  /// Upstream completed or failed; a failure drops what is collected, completion flushes it.
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> TerminalReceivedAction {
    let collected: [Value]?
    switch state {
    case .idle:
      collected = nil
    case .collecting(let values, _):
      collected = values
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectEvery: internal inconsistency, \(state) received terminalReceived")
    }
    state = .finished
    switch terminal {
    case .failed(let failure):
      return .cancelTimerAndFinish(collected: nil, terminal: .failed(failure))
    case .completed, .value:
      return .cancelTimerAndFinish(collected: collected, terminal: .completed)
    }
  }
}
