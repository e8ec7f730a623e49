import AsyncSignals

/// A completion handler that reports a `Result`.
///
/// ```swift
/// func load(_ url: URL, completion: @escaping ResultHandler<Image, LoadError>) { … }
/// ```
public typealias ResultHandler<Value, Failure: Error> = @Sendable (Result<Value, Failure>) -> Void

extension Signal {
  /// Creates a signal from a completion-handler API that reports a `Result`: one call per subscription.
  ///
  /// Each subscription calls `start` with a completion handler and the subscription's ``/AsyncSignals/Lifetime``. The
  /// first call of the handler sends the value and completes, or fails; later calls are ignored, and so is a call after
  /// the subscription was disposed. Register cancellation on the lifetime, so disposing cancels the work. The signal
  /// delivers on the thread that calls the handler.
  ///
  /// It is a static function rather than an initialiser so that it never competes with the core
  /// `Signal { observer, lifetime in … }` trailing closure.
  ///
  /// ```swift
  /// let avatar = Signal<Image, LoadError>.withCompletionHandler { completion, lifetime in
  ///   let request = loader.load(url, completion: completion)
  ///   lifetime.onDispose { request.cancel() }
  /// }
  /// ```
  ///
  /// - Parameter start: Starts the work once per subscription and arranges for the handler to be called.
  /// - Returns: A cold signal of the one result.
  public static func withCompletionHandler(
    _ start: @escaping @Sendable (_ completion: @escaping ResultHandler<Value, Failure>, _ lifetime: Lifetime) -> Void
  ) -> Signal {
    Signal { observer, lifetime in
      start(
        { result in
          switch result {
          case .success(let value):
            observer.send(value)
            observer.complete()
          case .failure(let failure):
            observer.fail(failure)
          }
        },
        lifetime
      )
    }
  }
}

/// A Cocoa-style completion handler that reports an optional value and an optional error.
///
/// ```swift
/// func fetch(_ url: URL, completion: @escaping OptionalResultHandler<Data>) { … }
/// ```
public typealias OptionalResultHandler<Value> = @Sendable (Value?, (any Error)?) -> Void

extension Signal where Failure == any Error {
  /// Creates a signal from a Cocoa-style completion handler `(Value?, Error?) -> Void`: one call per subscription.
  ///
  /// A non-`nil` error fails the signal (even if a value came with it); otherwise the value is sent and the
  /// signal completes. A call with neither fails with ``MissingResultError``. Only the first call counts, and
  /// none after the subscription was disposed. Register cancellation on the lifetime.
  ///
  /// ```swift
  /// let data = Signal<Data, any Error>.withOptionalCompletionHandler { completion, lifetime in
  ///   let task = session.dataTask(with: url) { data, _, error in completion(data, error) }
  ///   lifetime.onDispose { task.cancel() }
  ///   task.resume()
  /// }
  /// ```
  ///
  /// - Parameter start: Starts the work once per subscription and arranges for the handler to be called.
  /// - Returns: A cold signal of the one value.
  public static func withOptionalCompletionHandler(
    _ start: @escaping @Sendable (_ completion: @escaping OptionalResultHandler<Value>, _ lifetime: Lifetime) -> Void
  ) -> Signal {
    withCompletionHandler { completion, lifetime in
      start(
        { value, error in
          if let error {
            completion(.failure(error))
          } else if let value {
            completion(.success(value))
          } else {
            completion(.failure(MissingResultError()))
          }
        },
        lifetime
      )
    }
  }
}
