/// The states of one `take(until:)` subscription: whether the receiver's events are still forwarded.
///
/// Pure: it decides what to do with each input; the operator sends and ends the subscription. Inputs arrive
/// serially (see ``TwoInputDelivery``), so it lives in an ``OperatorState`` without a lock.
struct TakeUntilStateMachine<Value: Sendable, Failure: Error>: Sendable {
  private enum State {
    /// The trigger has not fired and the receiver has not ended: the receiver's values are forwarded.
    case forwarding
    /// A terminal event went downstream (the receiver's own, or completion because the trigger fired);
    /// everything else is ignored.
    case finished
  }

  private var state = State.forwarding

  /// Creates the machine of a new subscription.
  init() {}

  /// The receiver sent `event`: a value is forwarded, a terminal event ends the result with it.
  mutating func receiverSent(_ event: Event<Value, Failure>) -> TwoInputAction<Value, Failure> {
    switch state {
    case .forwarding:
      guard case .value(let value) = event else {
        state = .finished
        return .finish(event)
      }
      return .send(value)
    case .finished:
      return .none
    }
  }

  /// The trigger sent a value or completed: the result completes.
  mutating func triggerFired() -> TwoInputAction<Value, Failure> {
    switch state {
    case .forwarding:
      state = .finished
      return .finish(.completed)
    case .finished:
      return .none
    }
  }
}
