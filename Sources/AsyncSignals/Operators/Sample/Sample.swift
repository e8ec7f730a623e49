extension Signal {
  /// Sends the latest value of the signal each time `sampler` sends a value.
  ///
  /// Nothing is sent for a sampler value that arrives before the signal's first value. The same latest value
  /// is sent again if the sampler fires twice without a new value in between (RAC `sample:`). The result
  /// completes when either input completes and fails when the signal fails. The sampler is subscribed first,
  /// then the signal; the two inputs are serialised, one event at a time, in arrival order.
  ///
  /// ```
  ///  self:     ─1──2─────3───
  ///  sampler:  x─────x──x──x─
  ///  result:   ──────2──2──3─
  /// ```
  ///
  /// ![sample(on:): the latest value each time the sampler fires](marble-sample.svg)
  ///
  /// ```swift
  /// mousePositions.sample(on: frames)  // where the mouse was at each frame
  /// ```
  ///
  /// - Parameter sampler: The signal whose values trigger a sample.
  /// - Returns: A signal of the sampled values.
  public func sample<Sampler>(on sampler: Signal<Sampler, Never>) -> Signal<Value, Failure> {
    .combining(self, after: sampler) {
      let machine = OperatorState(SampleStateMachine<Value, Failure>())
      return { input in
        switch input {
        case .first(let event): machine.value.received(event)
        case .second(.value): machine.value.samplerFired()
        case .second(.completed): machine.value.samplerCompleted()
        }
      }
    }
  }
}
