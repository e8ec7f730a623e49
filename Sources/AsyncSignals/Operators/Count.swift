extension Signal {
  /// Counts the values and sends the count when the signal completes.
  ///
  /// ```swift
  /// Signal(values: ["a", "b"]).count()  // 2, completed
  /// ```
  ///
  /// - Returns: A signal of the number of values.
  @inlinable
  public func count() -> Signal<Int, Failure> {
    reduce(0) { count, _ in count + 1 }
  }
}
