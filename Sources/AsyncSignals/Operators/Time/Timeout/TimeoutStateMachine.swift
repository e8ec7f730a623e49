/// The states of one `timeout` subscription: whether upstream still runs, and which deadline timer is current.
///
/// One deadline timer runs at a time. With `restartsOnValue` (``Signal/timeout(idle:scheduler:)``) each value
/// starts a new one, and a timer of an older generation that fires late is ignored; without
/// (``Signal/timeout(after:scheduler:)``) the timer started at subscription is the only one. Whichever comes first,
/// upstream's terminal event or the current deadline, ends the machine. Pure: it returns what to do and never
/// reads a clock, starts a timer or sends an event.
struct TimeoutStateMachine: Sendable {
  private enum State {
    /// Upstream runs; the deadline is the timer started with `generation`.
    case running(generation: UInt64)
    /// Upstream's terminal event went downstream, or the deadline passed: every further input is ignored.
    case finished
  }

  /// What to do with a value of upstream.
  enum ValueReceivedAction: Equatable {
    /// Send the value downstream.
    case send
    /// Start the deadline timer `generation` (superseding the current one), then send the value downstream.
    case restartTimerAndSend(generation: UInt64)
    /// Drop the value: the signal has ended.
    case drop
  }

  /// What to do when a deadline timer fires.
  enum TimerFiredAction: Equatable {
    /// End upstream, then fail or switch to the fallback.
    case timeOut
    /// Nothing: a superseded timer, or the signal has ended.
    case none
  }

  /// What to do with upstream's terminal event.
  enum TerminalReceivedAction: Equatable {
    /// Cancel the deadline timer and forward the terminal event.
    case cancelTimerAndForward
    /// Nothing: the signal has ended.
    case none
  }

  private let restartsOnValue: Bool
  private var state = State.running(generation: 1)

  /// Creates the machine of a subscription whose first deadline timer has generation 1.
  init(restartsOnValue: Bool) {
    self.restartsOnValue = restartsOnValue
  }

  /// The generation of the deadline timer to start at subscription.
  static var firstGeneration: UInt64 { 1 }

  /// Upstream sent a value.
  mutating func valueReceived() -> ValueReceivedAction {
    switch state {
    case .running(let generation):
      guard restartsOnValue else { return .send }
      state = .running(generation: generation + 1)
      return .restartTimerAndSend(generation: generation + 1)
    case .finished:
      return .drop
    }
  }

  /// Upstream completed or failed.
  mutating func terminalReceived() -> TerminalReceivedAction {
    switch state {
    case .running:
      state = .finished
      return .cancelTimerAndForward
    case .finished:
      return .none
    }
  }

  /// The deadline timer started with `generation` fired.
  mutating func timerFired(generation fired: UInt64) -> TimerFiredAction {
    switch state {
    case .running(let generation) where generation == fired:
      state = .finished
      return .timeOut
    case .running, .finished:
      return .none
    }
  }
}
