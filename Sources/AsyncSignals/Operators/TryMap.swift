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
      let state = TryMapState()
      return Observer { event in
        guard !state.failed else { return }
        switch event {
        case .value(let value):
          do throws(Failure) {
            downstream.send(try transform(value))
          } catch {
            state.failed = true
            downstream.fail(error)
          }
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }
}

/// Whether one `tryMap` subscription has sent its own failure.
@usableFromInline
final class TryMapState: @unchecked Sendable {
  // Safety: read and written only inside the serial event delivery of the one subscription that created it
  // (the contract of ``OperatorState``), so its accesses never overlap and skip the run-time check.
  @usableFromInline
  @exclusivity(unchecked)
  var failed = false

  @inlinable
  init() {}
}
