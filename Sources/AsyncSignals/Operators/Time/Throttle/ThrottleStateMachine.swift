/// The states of one ``Signal/throttle(for:scheduler:latest:)`` subscription.
///
/// A window opens when a value goes out and lasts one interval. With `keepsLatest` the latest value received
/// during the window is held and goes out when the window closes, opening the next window; without, values
/// received during the window are dropped. Pure: it returns what to do and never reads a clock, starts a timer or
/// sends an event.
struct ThrottleStateMachine<Value: Sendable, Failure: Error>: WindowStateMachine {
  private enum State {
    /// No window is open: the next value goes out at once.
    case idle
    /// The window of timer `generation` is open; `held` is the value to send when it closes (`keepsLatest` only).
    case throttling(held: Value?, generation: UInt64)
    /// Upstream completed while `held` waited for the window of timer `generation` to close: `held` goes out
    /// when it closes, then completion.
    case completing(held: Value, generation: UInt64)
    /// A terminal event was sent downstream.
    case finished
  }

  private let keepsLatest: Bool
  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine that holds the latest value of a window (`true`) or drops every value received
  /// during a window (`false`).
  init(keepsLatest: Bool) {
    self.keepsLatest = keepsLatest
  }

  /// Upstream sent a value: it goes out at once and opens a window, or it is held or dropped until the window
  /// closes.
  mutating func valueReceived(_ value: Value) -> WindowAction<Value, Failure> {
    switch state {
    case .idle:
      return openWindow(sending: value)
    case .throttling(_, let generation):
      guard keepsLatest else { return .none }
      state = .throttling(held: value, generation: generation)
      return .none
    case .completing, .finished:
      return .none
    }
  }

  /// The timer started with `generation` fired: the window closes, sending the held value (which opens the next
  /// window), or the completion that waited for it.
  mutating func timerFired(generation fired: UInt64) -> WindowAction<Value, Failure> {
    switch state {
    case .throttling(let held, let generation) where generation == fired:
      guard let held else {
        state = .idle
        return .none
      }
      return openWindow(sending: held)
    case .completing(let held, let generation) where generation == fired:
      state = .finished
      return .cancelTimerAndFinish(flushing: held, failure: nil)
    case .idle, .throttling, .completing, .finished:
      return .none
    }
  }

  /// Upstream completed or failed.
  ///
  /// A failure goes out at once and drops the held value; completion waits for the window to close if a value
  /// is held (Rx), and goes out at once otherwise.
  mutating func terminalReceived(_ terminal: Event<Value, Failure>) -> WindowAction<Value, Failure> {
    switch state {
    case .throttling(let held?, let generation) where terminal.failure == nil:
      state = .completing(held: held, generation: generation)
      return .none
    case .idle, .throttling:
      state = .finished
      return .cancelTimerAndFinish(flushing: nil, failure: terminal.failure)
    case .completing, .finished:
      return .none
    }
  }

  private mutating func openWindow(sending value: Value) -> WindowAction<Value, Failure> {
    generation += 1
    state = .throttling(held: nil, generation: generation)
    return .sendAndStartTimer(value, generation: generation)
  }
}
