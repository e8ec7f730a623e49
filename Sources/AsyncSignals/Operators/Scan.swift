extension Signal {
  /// Sends the running accumulation of the values, starting from `initial`.
  ///
  /// Each value is combined with the previous result and the new result is sent. `initial` itself is not
  /// sent. Every subscription starts again from `initial`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).scan(0, +)  // 1, 3, 6, completed
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The accumulation before the first value.
  ///   - nextPartialResult: Combines the previous result with a value.
  /// - Returns: A signal of the intermediate results.
  @inlinable
  public func scan<Result: Sendable>(
    _ initial: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
  ) -> Signal<Result, Failure> {
    scan(initial) { partial, value, _ in nextPartialResult(partial, value) }
  }

  /// Sends the running accumulation of the values, with the index of each value (from 0).
  ///
  /// ```swift
  /// Signal(values: [10, 20]).scan(0) { sum, value, index in sum + value * index }  // 0, 20, completed
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The accumulation before the first value.
  ///   - nextPartialResult: Combines the previous result with a value and that value's index.
  /// - Returns: A signal of the intermediate results.
  @inlinable
  public func scan<Result: Sendable>(
    _ initial: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Value, Int) -> Result
  ) -> Signal<Result, Failure> {
    lift { downstream, _ in
      let state = OperatorState((partial: initial, index: 0))
      return Observer { event in
        switch event {
        case .value(let value):
          let next = nextPartialResult(state.value.partial, value, state.value.index)
          state.value = (next, state.value.index + 1)
          downstream.send(next)
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }

  /// Sends the running accumulation of the values, updating the accumulation in place.
  ///
  /// Prefer it over `scan(_:_:)` for collections, which it mutates without copying.
  ///
  /// ```swift
  /// Signal(values: ["a", "b"]).scan(into: [String]()) { $0.append($1) }  // ["a"], ["a", "b"], completed
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The accumulation before the first value.
  ///   - updateAccumulatingResult: Updates the accumulation with a value.
  /// - Returns: A signal of the intermediate results.
  @inlinable
  public func scan<Result: Sendable>(
    into initial: Result,
    _ updateAccumulatingResult: @escaping @Sendable (inout Result, Value) -> Void
  ) -> Signal<Result, Failure> {
    lift { downstream, _ in
      let state = OperatorState(initial)
      return Observer { event in
        switch event {
        case .value(let value):
          updateAccumulatingResult(&state.value, value)
          downstream.send(state.value)
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }
}
