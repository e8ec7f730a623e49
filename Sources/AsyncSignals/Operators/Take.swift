extension Signal {
  /// Sends the first `count` values, then completes and ends the subscription.
  ///
  /// It completes as the `count`-th value is delivered and then disposes the subscription, so the upstream
  /// stops at once: a synchronous infinite producer such as `Signal(values: 1...)` checks
  /// ``Lifetime/isDisposed`` and returns. `take(0)` completes at subscription without subscribing upstream
  /// (its body never runs). Each subscription counts on its own.
  ///
  /// ```swift
  /// Signal(values: 1...).take(3)  // 1, 2, 3, completed
  /// ```
  ///
  /// - Parameter count: How many values to send; must be at least 0.
  /// - Returns: A signal of at most `count` values.
  @inlinable
  public func take(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "take(_:): count must be >= 0, got \(count)")
    guard count > 0 else {
      return derived({ downstream, _ in downstream.complete() })
    }
    return lift { downstream, lifetime in
      let remaining = OperatorState(count)
      return Observer { event in
        guard remaining.value > 0 else { return }
        switch event {
        case .value(let value):
          remaining.value -= 1
          downstream.send(value)
          if remaining.value == 0 {
            downstream.complete()
            lifetime.dispose()
          }
        case .failed, .completed:
          remaining.value = 0
          downstream.send(event: event)
        }
      }
    }
  }
}
