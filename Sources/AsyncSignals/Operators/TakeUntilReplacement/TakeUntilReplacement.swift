extension Signal {
  /// Sends the values until `replacement` sends its first event, then continues with `replacement` only.
  ///
  /// `replacement` is subscribed first, then the signal. At the replacement's first event (of any kind) the
  /// signal's subscription ends and from then on the result is the replacement: its values, then its terminal
  /// event. A replacement that sends during its own subscription means the signal is never subscribed.
  /// The signal's completion is not forwarded (the result waits for the replacement); its failure is.
  /// The two inputs are serialised: one event at a time, in arrival order.
  ///
  /// ```
  ///  self:         ─1──2──3──|
  ///  replacement:  ──────a─────b──|
  ///  result:       ─1──2─a─────b──|
  /// ```
  ///
  /// ```swift
  /// cachedResults.take(untilReplacement: liveResults)
  /// ```
  ///
  /// - Parameter replacement: The signal that takes over at its first event.
  /// - Returns: The signal's values, then the replacement's events.
  public func take(untilReplacement replacement: Signal<Value, Failure>) -> Signal<Value, Failure> {
    .combining(self, after: replacement) {
      let machine = OperatorState(TakeUntilReplacementStateMachine())
      return { input in
        let event: Event<Value, Failure>
        let decision: TakeUntilReplacementStateMachine.Action
        switch input {
        case .first(let received):
          event = received
          decision = machine.value.receiverSent(EventKind(received))
        case .second(let received):
          event = received
          decision = machine.value.replacementSent(EventKind(received))
        }
        switch (decision, event) {
        case (.drop, _):
          return .none
        case (.forward, .value(let value)):
          return .send(value)
        case (.endReceiverAndForward, .value(let value)):
          return .endFirstAndSend(value)
        case (.forward, _), (.endReceiverAndForward, _), (.forwardAndFinish, _):
          return .finish(event)
        }
      }
    }
  }
}
