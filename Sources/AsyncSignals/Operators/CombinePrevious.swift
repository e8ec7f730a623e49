extension Signal {
  /// Sends each value together with the value before it, starting with `initial` as the first "previous".
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).combinePrevious(0)  // (0, 1), (1, 2), (2, 3), completed
  /// ```
  ///
  /// - Parameter initial: The "previous" value paired with the first value.
  /// - Returns: A signal of `(previous, current)` pairs, one per value.
  @inlinable
  public func combinePrevious(_ initial: Value) -> Signal<(previous: Value, current: Value), Failure> {
    combinePrevious(initial: initial)
  }

  /// Sends each value together with the value before it, from the second value on.
  ///
  /// The first value is only remembered; a signal of fewer than two values sends no pair.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).combinePrevious()  // (1, 2), (2, 3), completed
  /// ```
  ///
  /// - Returns: A signal of `(previous, current)` pairs.
  @inlinable
  public func combinePrevious() -> Signal<(previous: Value, current: Value), Failure> {
    combinePrevious(initial: nil)
  }

  @inlinable

  func combinePrevious(initial: Value?) -> Signal<(previous: Value, current: Value), Failure> {
    lift { downstream, _ in
      let previous = OperatorState(initial)
      return Observer { event in
        switch event {
        case .value(let value):
          let before = previous.value
          previous.value = value
          if let before {
            downstream.send((before, value))
          }
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }
}
