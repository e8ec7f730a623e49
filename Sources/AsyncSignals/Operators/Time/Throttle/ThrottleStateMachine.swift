/// The states of one ``Signal/throttle(for:scheduler:latest:)`` subscription.
///
/// Pure: it returns what to do and never reads a clock, starts a timer or sends an event.
struct ThrottleStateMachine<Value: Sendable, Failure: Error>: WindowStateMachine {
  private enum State {
    /// No window is open: the next value goes out at once.
    case idle
    /// The window of timer `generation` is open; `held` is the value to send when it closes.
    case throttling(held: Value?, generation: UInt64)
    /// A terminal event was sent downstream.
    case finished
  }

  private let keepsLatest: Bool
  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine that holds the latest (`true`) or the first (`false`) value of a window.
  init(keepsLatest: Bool) {
    self.keepsLatest = keepsLatest
  }

  /// Upstream sent a value: it goes out at once and opens a window, or it is held until the window closes.
  mutating func valueReceived(_ value: Value) -> WindowAction<Value, Failure> {
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

  /// The timer started with `generation` fired: the window closes, sending the held value and opening the next.
  mutating func timerFired(generation fired: UInt64) -> WindowAction<Value, Failure> {
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
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> WindowAction<Value, Failure> {
    switch state {
    case .idle:
      state = .finished
      return .cancelTimerAndFinish(flushing: nil, failure: terminal.failure)
    case .throttling(let held, _):
      state = .finished
      let failure = terminal.failure
      return .cancelTimerAndFinish(flushing: failure == nil ? held : nil, failure: failure)
    case .finished:
      return .none
    }
  }

  private mutating func openWindow(sending value: Value) -> WindowAction<Value, Failure> {
    generation += 1
    state = .throttling(held: nil, generation: generation)
    return .sendAndStartTimer(value, generation: generation)
  }
}
