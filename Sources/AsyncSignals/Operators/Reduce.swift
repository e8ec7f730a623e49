extension Signal {
  /// Combines all the values into one result, sent when the signal completes.
  ///
  /// Sends exactly one value, the final result (`initial` if there was no value), then completes. A failure
  /// passes through at once and no result is sent. Every subscription starts again from `initial`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).reduce(0, +)  // 6, completed
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first value.
  ///   - nextPartialResult: Combines the result so far with a value.
  /// - Returns: A signal of the final result.
  @inlinable
  public func reduce<Result: Sendable>(
    _ initial: Result,
    _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
  ) -> Signal<Result, Failure> {
    reduce(into: initial) { partial, value in partial = nextPartialResult(partial, value) }
  }

  /// Combines all the values into one result updated in place, sent when the signal completes.
  ///
  /// ```swift
  /// Signal(values: ["a", "b", "a"]).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }  // ["a": 2, "b": 1]
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first value.
  ///   - updateAccumulatingResult: Updates the result with a value.
  /// - Returns: A signal of the final result.
  @inlinable
  public func reduce<Result: Sendable>(
    into initial: Result,
    _ updateAccumulatingResult: @escaping @Sendable (inout Result, Value) -> Void
  ) -> Signal<Result, Failure> {
    reduce(makeInitial: { initial }, updateAccumulatingResult)
  }

  /// Combines all the values into one result, created by `makeInitial` at each subscription.
  ///
  /// Use it when the start value is a reference type or expensive, so that subscriptions never share it.
  ///
  /// ```swift
  /// lines.reduce(makeInitial: { TextBuffer() }) { buffer, line in buffer.append(line) }
  /// ```
  ///
  /// - Parameters:
  ///   - makeInitial: Creates the result before the first value, once per subscription.
  ///   - updateAccumulatingResult: Updates the result with a value.
  /// - Returns: A signal of the final result.
  @inlinable
  public func reduce<Result: Sendable>(
    makeInitial: @escaping @Sendable () -> Result,
    _ updateAccumulatingResult: @escaping @Sendable (inout Result, Value) -> Void
  ) -> Signal<Result, Failure> {
    lift { downstream, _ in
      let partial = OperatorState(makeInitial())
      return Observer { event in
        switch event {
        case .value(let value):
          updateAccumulatingResult(&partial.value, value)
        case .failed(let failure):
          downstream.fail(failure)
        case .completed:
          downstream.send(partial.value)
          downstream.complete()
        }
      }
    }
  }
}
