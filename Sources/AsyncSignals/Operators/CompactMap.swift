extension Signal {
  /// Transforms each value with `transform` and drops the `nil` results.
  ///
  /// ```swift
  /// Signal(values: ["1", "x", "3"]).compactMap { Int($0) }  // 1, 3, completed
  /// ```
  ///
  /// - Parameter transform: The function applied to each value; `nil` drops the value.
  /// - Returns: A signal of the non-`nil` results.
  @inlinable
  public func compactMap<NewValue>(
    _ transform: @escaping @Sendable (Value) -> NewValue?
  ) -> Signal<NewValue, Failure> {
    lift { downstream, _ in
      Observer { event in
        switch event {
        case .value(let value):
          if let transformed = transform(value) {
            downstream.send(transformed)
          }
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }

  /// Drops the `nil` values and unwraps the others.
  ///
  /// ```swift
  /// Signal(values: [1, nil, 3]).skipNil()  // 1, 3, completed
  /// ```
  ///
  /// - Returns: A signal of the unwrapped values.
  @inlinable
  public func skipNil<Wrapped>() -> Signal<Wrapped, Failure> where Value == Wrapped? {
    compactMap { $0 }
  }
}
