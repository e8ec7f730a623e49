extension Signal {
  /// Spreads each tuple value into the arguments of `transform`.
  ///
  /// It reads better than a closure that destructures `$0` when a signal carries tuples, such as the output of
  /// `combinePrevious()` or of combining operators.
  ///
  /// ```swift
  /// let sums = Signal(values: [(1, 2), (3, 4)]).mapElements { a, b in a + b }  // 3, 7, completed
  /// ```
  ///
  /// - Parameter transform: Called with the elements of each tuple.
  /// - Returns: A signal of the results.
  @inlinable
  public func mapElements<each Element, NewValue>(
    _ transform: @escaping @Sendable (repeat each Element) -> NewValue
  ) -> Signal<NewValue, Failure> where Value == (repeat each Element) {
    map { tuple in transform(repeat each tuple) }
  }
}
