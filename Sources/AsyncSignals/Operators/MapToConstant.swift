extension Signal {
  /// Replaces each value with `constant`.
  ///
  /// Useful to turn events into a signal of `Void` or of a fixed marker. Failure and completion pass through.
  ///
  /// ```swift
  /// buttonTaps.map(to: true)  // true for every tap
  /// ```
  ///
  /// - Parameter constant: The value sent in place of each value.
  /// - Returns: A signal that sends `constant` once per upstream value.
  @inlinable
  public func map<NewValue: Sendable>(to constant: NewValue) -> Signal<NewValue, Failure> {
    map { _ in constant }
  }
}
