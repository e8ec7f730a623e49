/// The states of one ``Signal/collect(every:scheduler:)`` subscription.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct CollectEveryStateMachine<Value: Sendable, Failure: Error>: WindowStateMachine {
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

  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine.
  init() {}

  /// Upstream sent a value: it opens a window, or joins the open one.
  mutating func valueReceived(_ value: Value) -> WindowAction<[Value], Failure> {
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

  /// The timer `generation` fired: the window closes and its values go out.
  mutating func timerFired(generation fired: UInt64) -> WindowAction<[Value], Failure> {
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
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> WindowAction<[Value], Failure> {
    switch state {
    case .idle:
      state = .finished
      return .cancelTimerAndFinish(flushing: nil, failure: terminal.failure)
    case .collecting(let values, _):
      state = .finished
      let failure = terminal.failure
      return .cancelTimerAndFinish(flushing: failure == nil ? values : nil, failure: failure)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectEvery: internal inconsistency, \(state) received terminalReceived")
    }
  }
}
