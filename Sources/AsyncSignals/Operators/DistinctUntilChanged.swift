extension Signal {
  /// Drops each value that `isEquivalent` considers equal to the value sent just before it.
  ///
  /// The first value is always sent. The comparison is with the last value *sent*.
  ///
  /// ```swift
  /// Signal(values: [1, 1, 2, 1]).distinctUntilChanged(by: ==)  // 1, 2, 1, completed
  /// ```
  ///
  /// - Parameter isEquivalent: Whether two consecutive values count as a repeat.
  /// - Returns: A signal without consecutive repeats.
  @inlinable
  public func distinctUntilChanged(
    by isEquivalent: @escaping @Sendable (Value, Value) -> Bool
  ) -> Signal<Value, Failure> {
    lift { downstream, _ in
      let last = OperatorState<Value?>(nil)
      return Observer { event in
        if case .value(let value) = event {
          if let previous = last.value, isEquivalent(previous, value) { return }
          last.value = value
        }
        downstream.send(event: event)
      }
    }
  }
}

extension Signal where Value: Equatable {
  /// Drops each value equal to the value sent just before it.
  ///
  /// ```swift
  /// Signal(values: [1, 1, 2, 2, 1]).distinctUntilChanged()  // 1, 2, 1, completed
  /// ```
  ///
  /// - Returns: A signal without consecutive repeats.
  @inlinable
  public func distinctUntilChanged() -> Signal<Value, Failure> {
    distinctUntilChanged(by: ==)
  }
}
