extension Signal {
  /// Pairs each value with the latest value of `other`.
  ///
  /// Values sent before `other` has sent anything are dropped. `other`'s completion changes nothing (its last
  /// value keeps being used); the result completes or fails with the signal. `other` is subscribed first, so
  /// a value it sends at subscription is available to the signal's first value. The two inputs are
  /// serialised, one event at a time, in arrival order.
  ///
  /// ```
  ///  self:    ─1─────2──3──|
  ///  other:   ───a─────b────
  ///  result:  ───────(2,a)─(3,b)─|
  /// ```
  ///
  /// ```swift
  /// submitTaps.withLatest(from: formContents).map(\.1)  // the form as it was at each tap
  /// ```
  ///
  /// - Parameter other: The signal whose latest value is paired with each value.
  /// - Returns: A signal of `(value, latest)` pairs.
  public func withLatest<Other>(from other: Signal<Other, Never>) -> Signal<(Value, Other), Failure> {
    .combining(self, after: other) {
      let machine = OperatorState(WithLatestStateMachine<Value, Failure, Other>())
      return { input in
        switch input {
        case .first(let event): machine.value.received(event)
        case .second(.value(let latest)): machine.value.otherSent(latest)
        case .second(.completed): .none
        }
      }
    }
  }
}
