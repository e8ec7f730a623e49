/// The states of one `withLatest(from:)` subscription: the other signal's latest value, if any.
///
/// Pure: it decides what to send for each input; the operator sends it. Inputs arrive serially
/// (see ``TwoInputDelivery``), so it lives in an ``OperatorState`` without a lock.
struct WithLatestStateMachine<Value: Sendable, Failure: Error, Other: Sendable>: Sendable {
  private enum State {
    /// The other signal has sent nothing yet: values are dropped.
    case waitingForLatest
    /// Each value is paired with `latest`.
    case pairing(latest: Other)
    /// A terminal event went downstream; everything else is ignored.
    case finished
  }

  private var state = State.waitingForLatest

  /// Creates the machine of a new subscription.
  init() {}

  /// The receiver sent `event`.
  mutating func received(_ event: Event<Value, Failure>) -> TwoInputAction<(Value, Other), Failure> {
    switch (state, event) {
    case (.finished, _), (.waitingForLatest, .value):
      return .none
    case (.pairing(let latest), .value(let value)):
      return .send((value, latest))
    case (_, .failed(let failure)):
      state = .finished
      return .finish(.failed(failure))
    case (_, .completed):
      state = .finished
      return .finish(.completed)
    }
  }

  /// The other signal sent `latest`.
  mutating func otherSent(_ latest: Other) -> TwoInputAction<(Value, Other), Failure> {
    switch state {
    case .waitingForLatest, .pairing:
      state = .pairing(latest: latest)
    case .finished:
      break
    }
    return .none
  }
}
