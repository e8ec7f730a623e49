/// The states of one `retry`/`repeat` subscription: how many resubscriptions are left, and whether a
/// subscription call is running.
///
/// The storage subscribes in a loop (a trampoline) rather than from inside the terminal event: a source that
/// ends synchronously during subscription only asks for another round, which the loop runs once the call
/// returned. So 100,000 synchronous rounds run in constant stack depth. A terminal event that arrives on
/// another thread after the call returned starts the loop itself. Pure: the storage subscribes and sends.
@usableFromInline
struct ResubscribeStateMachine: Sendable {
  @usableFromInline
  enum State: Sendable {
    /// No subscription call is running; the current round runs asynchronously (or has not started).
    case idle
    /// The loop is inside a subscription call.
    case subscribing
    /// The loop is inside a subscription call and the round already ended: subscribe again when it returns.
    case subscribingAgain
  }

  /// What the storage does with a terminal event that resubscribes (a failure for `retry`, completion for
  /// `repeat`).
  @usableFromInline
  enum TerminalAction: Equatable {
    /// Forward the event downstream: no resubscription is left.
    case forward
    /// Run the subscription loop now (no call is running).
    case startLoop
    /// Nothing: the running loop subscribes again when its call returns.
    case none
  }

  @usableFromInline
  var state = State.subscribing
  /// Resubscriptions left; `nil` for no limit.
  @usableFromInline
  var remaining: Int?

  /// Creates the machine of a new subscription, about to make its first subscription call.
  @usableFromInline
  init(resubscriptions: Int?) {
    remaining = resubscriptions
  }

  /// A round ended with the kind of terminal event that resubscribes.
  @inlinable
  mutating func roundEnded() -> TerminalAction {
    if let left = remaining {
      guard left > 0 else { return .forward }
      remaining = left - 1
    }
    switch state {
    case .idle:
      state = .subscribing
      return .startLoop
    case .subscribing:
      state = .subscribingAgain
      return .none
    case .subscribingAgain:
      preconditionFailure("Resubscribe: internal inconsistency, \(state) received a second end of round")
    }
  }

  /// A subscription call returned; returns whether to subscribe again at once.
  @inlinable
  mutating func subscriptionReturned() -> Bool {
    switch state {
    case .subscribing:
      state = .idle
      return false
    case .subscribingAgain:
      state = .subscribing
      return true
    case .idle:
      preconditionFailure("Resubscribe: internal inconsistency, \(state) received a returning subscription")
    }
  }
}
