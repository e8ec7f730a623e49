/// What a two-input operator does after one input event.
enum TwoInputAction<Value: Sendable, Failure: Error> {
  /// Nothing.
  case none
  /// Send `value` downstream.
  case send(Value)
  /// End the first input's subscription, then send `value` downstream.
  case endFirstAndSend(Value)
  /// Send `terminal` downstream and end the subscription (both inputs).
  case finish(Event<Value, Failure>)
}

extension Signal {
  /// A signal built from two inputs whose events are serialised into one handler (see ``TwoInputDelivery``).
  ///
  /// At each subscription `makeHandler` creates the handler (and with it the subscription's state); then
  /// `second` is subscribed, then `first`, each in its own child lifetime. If the handler finished while
  /// `second` was being subscribed, `first` is never subscribed.
  static func combining<First, FirstFailure, Second, SecondFailure>(
    _ first: Signal<First, FirstFailure>,
    after second: Signal<Second, SecondFailure>,
    makeHandler:
      @escaping @Sendable () ->
      @Sendable (TwoInputEvent<First, FirstFailure, Second, SecondFailure>) ->
      TwoInputAction<Value, Failure>
  ) -> Signal {
    // `first` is the signal the operator was called on: its buffering policy survives.
    Signal(
      startHandler: { downstream, lifetime in
        let handler = makeHandler()
        let firstLifetime = lifetime.makeChild()
        let inputs = TwoInputDelivery<First, FirstFailure, Second, SecondFailure>(lifetime: lifetime) { input in
          switch handler(input) {
          case .none:
            break
          case .send(let value):
            downstream.send(value)
          case .endFirstAndSend(let value):
            firstLifetime.dispose()
            downstream.send(value)
          case .finish(let terminal):
            downstream.send(event: terminal)
            lifetime.dispose()
          }
        }
        // Each input in a child lifetime: an input's own terminal event ends only its own subscription.
        second.start(inputs.second, in: lifetime.makeChild())
        guard !lifetime.isDisposed, !firstLifetime.isDisposed else { return }
        first.start(inputs.first, in: firstLifetime)
      },
      asyncBufferingPolicy: first.asyncBufferingPolicy
    )
  }
}
