extension Signal {
  /// Transforms the failure, keeping values and completion as they are.
  ///
  /// This is the one place a failure type changes: every other operator keeps `Failure` typed.
  ///
  /// ```swift
  /// api.fetchUser().mapError { AppError.network($0) }  // Signal<User, AppError>
  /// ```
  ///
  /// - Parameter transform: Makes the new failure from the signal's failure.
  /// - Returns: A signal with the same values that fails with the transformed failure.
  @inlinable
  public func mapError<NewFailure>(
    _ transform: @escaping @Sendable (Failure) -> NewFailure
  ) -> Signal<Value, NewFailure> {
    lift { downstream, _ in
      Observer { event in
        switch event {
        case .value(let value): downstream.send(value)
        case .failed(let failure): downstream.fail(transform(failure))
        case .completed: downstream.complete()
        }
      }
    }
  }
}

extension Signal where Failure == Never {
  /// This signal, typed as one that can fail with `NewFailure` (it never does).
  ///
  /// Use it to combine a signal that cannot fail with one that can.
  ///
  /// ```swift
  /// Signal.merge(ticks.promoteError(NetworkError.self), downloads)
  /// ```
  ///
  /// - Parameter newFailure: The failure type of the result.
  /// - Returns: The same signal with the failure type `NewFailure`.
  @inlinable
  public func promoteError<NewFailure>(_ newFailure: NewFailure.Type = NewFailure.self) -> Signal<Value, NewFailure> {
    lift { downstream, _ in
      Observer { event in
        switch event {
        case .value(let value): downstream.send(value)
        case .completed: downstream.complete()
        }
      }
    }
  }
}
