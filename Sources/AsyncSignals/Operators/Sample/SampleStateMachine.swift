/// The states of one `sample(on:)` subscription: the latest value, if any, waiting to be sampled.
///
/// Pure: it decides what to send for each input; the operator sends it. Inputs arrive serially
/// (see ``TwoInputDelivery``), so it lives in an ``OperatorState`` without a lock.
struct SampleStateMachine<Value: Sendable, Failure: Error>: Sendable {
  private enum State {
    /// No value yet: a sampler value sends nothing.
    case waitingForValue
    /// `latest` is sent at each sampler value.
    case sampling(latest: Value)
    /// A terminal event went downstream; everything else is ignored.
    case finished
  }

  private var state = State.waitingForValue

  /// Creates the machine of a new subscription.
  init() {}

  /// The sampled signal sent `event`.
  mutating func received(_ event: Event<Value, Failure>) -> TwoInputAction<Value, Failure> {
    switch state {
    case .waitingForValue, .sampling:
      guard case .value(let value) = event else {
        state = .finished
        return .finish(event)
      }
      state = .sampling(latest: value)
      return .none
    case .finished:
      return .none
    }
  }

  /// The sampler sent a value.
  mutating func samplerFired() -> TwoInputAction<Value, Failure> {
    switch state {
    case .sampling(let latest): .send(latest)
    case .waitingForValue, .finished: .none
    }
  }

  /// The sampler completed.
  mutating func samplerCompleted() -> TwoInputAction<Value, Failure> {
    switch state {
    case .waitingForValue, .sampling:
      state = .finished
      return .finish(.completed)
    case .finished:
      return .none
    }
  }
}
