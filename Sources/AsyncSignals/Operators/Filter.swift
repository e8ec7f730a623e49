extension Signal {
  /// Sends only the values for which `isIncluded` returns `true`.
  ///
  /// ```swift
  /// Signal(values: 1...6).filter { $0.isMultiple(of: 2) }  // 2, 4, 6, completed
  /// ```
  ///
  /// - Parameter isIncluded: Decides, for each value, whether it is sent.
  /// - Returns: A signal of the included values.
  @inlinable
  public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    lift { downstream, _ in
      Observer { event in
        if case .value(let value) = event, !isIncluded(value) { return }
        downstream.send(event: event)
      }
    }
  }
}

extension Signal where Value: Equatable {
  /// Drops every value equal to `ignored`.
  ///
  /// ```swift
  /// Signal(values: [1, 0, 2, 0]).ignore(0)  // 1, 2, completed
  /// ```
  ///
  /// - Parameter ignored: The value to drop.
  /// - Returns: A signal without the values equal to `ignored`.
  @inlinable
  public func ignore(_ ignored: Value) -> Signal<Value, Failure> {
    filter { $0 != ignored }
  }
}
