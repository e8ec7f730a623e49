extension Signal {
  /// Transforms each value with a throwing closure whose typed error fails the signal.
  ///
  /// When `transform` throws, the error is sent as the failure, the subscription ends, and nothing more is
  /// sent. The failure type stays typed: `transform` throws `Failure` (use ``mapError(_:)`` first to change it).
  ///
  /// ```swift
  /// let parsed: Signal<Config, ParseError> = texts.tryMap { text throws(ParseError) in try Config(parsing: text) }
  /// ```
  ///
  /// - Parameter transform: Transforms a value, or throws the failure.
  /// - Returns: A signal of the transformed values.
  @inlinable
  public func tryMap<NewValue>(
    _ transform: @escaping @Sendable (Value) throws(Failure) -> NewValue
  ) -> Signal<NewValue, Failure> {
    lift { downstream, _ in
      let failed = OperatorState(false)
      return Observer { event in
        guard !failed.value else { return }
        switch event {
        case .value(let value):
          do throws(Failure) {
            downstream.send(try transform(value))
          } catch {
            failed.value = true
            downstream.fail(error)
          }
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }
}
