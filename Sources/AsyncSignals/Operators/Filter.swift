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
  /// Drops every value equal to `ignored`; the classic name, which LegacyBridge keeps.
  ///
  /// In the core, ``filter(_:)`` says it: `filter { $0 != ignored }`.
  ///
  /// - Parameter ignored: The value to drop.
  /// - Returns: A signal without the values equal to `ignored`.
  @_disfavoredOverload
  @available(*, deprecated, message: "the classic name lives in LegacyBridge; in the core, filter { $0 != value }")
  @inlinable
  public func ignore(_ ignored: Value) -> Signal<Value, Failure> {
    filter { $0 != ignored }
  }
}
