extension Signal {
  /// Sends `true` and completes at the first value that satisfies `predicate`, or `false` at completion.
  ///
  /// On `true` the subscription ends at once (the upstream stops). A failure before that passes through.
  ///
  /// ```swift
  /// Signal(values: [1, 4, 7]).any { $0 > 3 }  // true, completed (7 is never read)
  /// ```
  ///
  /// - Parameter predicate: The test for each value.
  /// - Returns: A signal of one Boolean.
  @inlinable
  public func any(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool, Failure> {
    decide(answeredBy: predicate, answer: true)
  }

  /// Sends `false` and completes at the first value that fails `predicate`, or `true` at completion.
  ///
  /// On `false` the subscription ends at once (the upstream stops). A failure before that passes through.
  ///
  /// ```swift
  /// Signal(values: [1, 4, 7]).all { $0 > 3 }  // false, completed (4 and 7 are never read)
  /// ```
  ///
  /// - Parameter predicate: The test for each value.
  /// - Returns: A signal of one Boolean.
  @inlinable
  public func all(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool, Failure> {
    decide(answeredBy: { !predicate($0) }, answer: false)
  }

  /// Sends `answer` at the first value for which `isDecisive` holds, `!answer` at completion.
  @inlinable
  func decide(
    answeredBy isDecisive: @escaping @Sendable (Value) -> Bool,
    answer: Bool
  ) -> Signal<Bool, Failure> {
    lift { downstream, lifetime in
      let decided = OperatorState(false)
      return Observer { event in
        guard !decided.value else { return }
        switch event {
        case .value(let value):
          guard isDecisive(value) else { return }
          decided.value = true
          downstream.send(answer)
          downstream.complete()
          lifetime.dispose()
        case .failed(let failure):
          downstream.fail(failure)
        case .completed:
          downstream.send(!answer)
          downstream.complete()
        }
      }
    }
  }
}
