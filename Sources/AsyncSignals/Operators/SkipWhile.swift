extension Signal {
  /// Drops values while `shouldSkip` returns `true`, then sends the first value for which it returns `false`
  /// and everything after it.
  ///
  /// `shouldSkip` is no longer asked once a value got through.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 5, 1]).skip(while: { $0 < 3 })  // 5, 1, completed
  /// ```
  ///
  /// - Parameter shouldSkip: Whether to drop the value, asked until it first returns `false`.
  /// - Returns: A signal without its leading values that satisfy `shouldSkip`.
  @inlinable
  public func skip(while shouldSkip: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    skipValues(until: { !shouldSkip($0) })
  }

  /// Drops values until `isFirst` returns `true`, then sends that value and everything after it.
  ///
  /// `isFirst` is no longer asked once a value got through.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 5, 1]).skip(until: { $0 >= 2 })  // 2, 5, 1, completed
  /// ```
  ///
  /// - Parameter isFirst: Whether the value is the first to send, asked until it first returns `true`.
  /// - Returns: A signal of the values from the first that satisfies `isFirst` on.
  @inlinable
  public func skip(until isFirst: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    skipValues(until: isFirst)
  }

  @inlinable

  func skipValues(until isFirst: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    lift { downstream, _ in
      let skipping = OperatorState(true)
      return Observer { event in
        if skipping.value, case .value(let value) = event {
          guard isFirst(value) else { return }
          skipping.value = false
        }
        downstream.send(event: event)
      }
    }
  }
}
