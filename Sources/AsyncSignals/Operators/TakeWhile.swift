extension Signal {
  /// Sends values while `shouldContinue` returns `true`; completes at the first value for which it returns `false`.
  ///
  /// That value is not sent, and the subscription ends at once (the upstream stops).
  ///
  /// ```swift
  /// Signal(values: [1, 2, 5, 1]).take(while: { $0 < 3 })  // 1, 2, completed
  /// ```
  ///
  /// - Parameter shouldContinue: Whether to keep sending, asked for each value.
  /// - Returns: A signal of the leading values that satisfy `shouldContinue`.
  @inlinable
  public func take(while shouldContinue: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    takeValues { value in shouldContinue(value) ? .send : .stopBefore }
  }

  /// Sends values until `isLast` returns `true`, then completes after sending that value too.
  ///
  /// Unlike ``take(while:)``, the value that ends the signal is sent: it is the last one (as in RxJava's
  /// `takeUntil(predicate)`; RAC's `takeUntilBlock:` leaves it out, which is `take(while: { !isLast($0) })`).
  /// The subscription ends at once after it.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 5, 1]).take(until: { $0 >= 2 })  // 1, 2, completed
  /// ```
  ///
  /// - Parameter isLast: Whether the value is the last to send, asked for each value.
  /// - Returns: A signal of the values up to and including the first that satisfies `isLast`.
  @inlinable
  public func take(until isLast: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    takeValues { value in isLast(value) ? .stopAfter : .send }
  }

  /// Sends values until `decide` says to stop, then completes and ends the subscription.
  @inlinable
  func takeValues(_ decide: @escaping @Sendable (Value) -> TakeDecision) -> Signal<Value, Failure> {
    lift { downstream, lifetime in
      let finished = OperatorState(false)
      return Observer { event in
        guard !finished.value else { return }
        guard case .value(let value) = event else {
          finished.value = true
          return downstream.send(event: event)
        }
        let decision = decide(value)
        switch decision {
        case .send:
          return downstream.send(value)
        case .stopAfter:
          downstream.send(value)
        case .stopBefore:
          break
        }
        finished.value = true
        downstream.complete()
        lifetime.dispose()
      }
    }
  }
}

/// What `take(while:)` and `take(until:)` with a predicate do with a value.
@usableFromInline
enum TakeDecision {
  /// Send it and go on.
  case send
  /// Send it, then complete.
  case stopAfter
  /// Complete without sending it.
  case stopBefore
}
