extension Signal {
  /// Drops the first `count` values and sends the rest.
  ///
  /// A failure or completion during the skipped part passes through at once. Each subscription counts on its own.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3, 4]).skip(2)  // 3, 4, completed
  /// ```
  ///
  /// - Parameter count: How many values to drop; must be at least 0.
  /// - Returns: A signal without its first `count` values.
  @inlinable
  public func skip(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "skip(_:): count must be >= 0, got \(count)")
    guard count > 0 else { return self }
    return lift { downstream, _ in
      let remaining = OperatorState(count)
      return Observer { event in
        if case .value = event, remaining.value > 0 {
          remaining.value -= 1
          return
        }
        downstream.send(event: event)
      }
    }
  }
}
