/// The states of one ``Signal/throttle(for:scheduler:latest:)`` subscription.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct ThrottleStateMachine<Value: Sendable, Failure: Error> {
  private enum State {
    /// No window is open: the next value goes out at once.
    case idle
    /// The window of timer `generation` is open; `held` is the value to send when it closes.
    case throttling(held: Value?, generation: UInt64)
    /// A terminal event was sent downstream.
    case finished
  }

  /// What to do after ``valueReceived(_:)`` or ``timerFired(generation:)``.
  enum SendAction {
    /// Send `value` downstream, then open a window with timer `generation`.
    case sendAndStartTimer(Value, generation: UInt64)
    /// Nothing now.
    case none
  }

  /// What to do after ``terminalReceived(_:)``.
  enum TerminalReceivedAction {
    /// Cancel the window's timer, send `held` if there is one, then send `terminal`.
    case cancelTimerAndFinish(held: Value?, terminal: Event<Value, Failure>)
    /// Nothing: the stream is already over.
    case none
  }

  private let keepsLatest: Bool
  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine that holds the latest (`true`) or the first (`false`) value of a window.
  init(keepsLatest: Bool) {
    self.keepsLatest = keepsLatest
  }

  /// Upstream sent a value.
  mutating func valueReceived(_ value: Value) -> SendAction {
    switch state {
    case .idle:
      return openWindow(sending: value)
    case .throttling(let held, let generation):
      let kept = keepsLatest ? value : (held ?? value)
      state = .throttling(held: kept, generation: generation)
      return .none
    case .finished:
      return .none
    }
  }

  /// The timer started with `generation` fired: the window closes.
  mutating func timerFired(generation fired: UInt64) -> SendAction {
    switch state {
    case .throttling(let held, let generation) where generation == fired:
      guard let held else {
        state = .idle
        return .none
      }
      return openWindow(sending: held)
    case .idle, .throttling, .finished:
      return .none
    }
  }

  /// Upstream completed or failed; a failure drops the held value, completion flushes it.
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> TerminalReceivedAction {
    switch state {
    case .idle:
      state = .finished
      return .cancelTimerAndFinish(held: nil, terminal: terminal)
    case .throttling(let held, _):
      state = .finished
      return .cancelTimerAndFinish(held: terminal.failure == nil ? held : nil, terminal: terminal)
    case .finished:
      return .none
    }
  }

  private mutating func openWindow(sending value: Value) -> SendAction {
    generation += 1
    state = .throttling(held: nil, generation: generation)
    return .sendAndStartTimer(value, generation: generation)
  }
}
