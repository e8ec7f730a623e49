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
