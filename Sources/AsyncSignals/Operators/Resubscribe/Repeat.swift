extension Signal {
  /// Subscribes to the signal `count` times in all, each time after the previous subscription completed.
  ///
  /// Values of every round pass through; a failure ends the result at once. The previous round ends (its
  /// cleanup runs) before the next starts. 100,000 synchronous rounds run in constant stack depth. `repeat(0)`
  /// completes at once without subscribing, `repeat(1)` is the signal itself.
  ///
  /// ```
  ///  self:       ─1─2─|
  ///  repeat(2):  ─1─2──1─2─|
  /// ```
  ///
  /// ```swift
  /// Signal.just("tick").repeat(3)  // tick, tick, tick
  /// ```
  ///
  /// - Parameter count: How many times to subscribe, at least 0.
  /// - Returns: A signal of every round's values.
  @inlinable
  public func `repeat`(_ count: Int) -> Signal {
    precondition(count >= 0, "repeat(_:): count must be >= 0, got \(count)")
    guard count > 0 else { return .empty }
    return resubscribing(resubscriptions: count - 1, onFailure: false)
  }

  /// Subscribes to the signal again each time it completes, until it fails or is disposed.
  ///
  /// See ``repeat(_:)``.
  ///
  /// ```swift
  /// pollOnce.repeat().take(10)
  /// ```
  ///
  /// - Returns: A signal of every round's values that never completes.
  @inlinable
  public func `repeat`() -> Signal {
    resubscribing(resubscriptions: nil, onFailure: false)
  }
}
