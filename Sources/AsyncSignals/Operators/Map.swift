extension Signal {
  /// Transforms each value with `transform`.
  ///
  /// Failure and completion pass through unchanged and at once. The transform runs synchronously on the
  /// thread that delivers the value, once per value and subscription.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).map { $0 * 10 }  // 10, 20, 30, completed
  /// ```
  ///
  /// - Parameter transform: The function applied to each value.
  /// - Returns: A signal of the transformed values.
  @inlinable
  public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Signal<NewValue, Failure> {
    lift { downstream, _ in
      Observer { event in
        switch event {
        case .value(let value): downstream.send(transform(value))
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }

  /// Reads the property at `keyPath` of each value.
  ///
  /// ```swift
  /// users.map(\.name)  // the name of each user
  /// ```
  ///
  /// - Parameter keyPath: The key path read from each value.
  /// - Returns: A signal of the properties.
  @inlinable
  public func map<NewValue>(_ keyPath: KeyPath<Value, NewValue> & Sendable) -> Signal<NewValue, Failure> {
    map { $0[keyPath: keyPath] }
  }
}
