extension Signal {
  /// Sends the values until `trigger` sends a value or completes, then completes.
  ///
  /// The trigger is subscribed first, then the signal, both within the subscription. When the trigger fires,
  /// the result completes and the subscription ends, which stops both. A trigger that fires while it is being
  /// subscribed means the signal is never subscribed. The signal's own terminal event passes through and ends
  /// the trigger's subscription too. The two inputs are serialised: one event at a time, in arrival order.
  ///
  /// ```
  ///  self:     ─1──2──3──4──
  ///  trigger:  ───────x─────
  ///  result:   ─1──2──|
  /// ```
  ///
  /// ![take(until:): the values until the trigger fires](marble-take-until.svg)
  ///
  /// ```swift
  /// positions.take(until: viewDisappeared)
  /// ```
  ///
  /// - Parameter trigger: The signal whose first value or completion ends the result.
  /// - Returns: A signal of the values sent before the trigger fired.
  public func take<Trigger>(until trigger: Signal<Trigger, Never>) -> Signal<Value, Failure> {
    .combining(self, after: trigger) {
      let machine = OperatorState(TakeUntilStateMachine<Value, Failure>())
      return { input in
        switch input {
        case .first(let event): machine.value.receiverSent(event)
        case .second: machine.value.triggerFired()
        }
      }
    }
  }
}
