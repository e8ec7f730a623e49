import AsyncSignals

extension Signal {
  /// Creates a signal from a completion-handler API that reports a `Result`: one call per subscription.
  ///
  /// Each subscription calls `start` with a completion handler and the subscription's ``Lifetime``. The first
  /// call of the handler sends the value and completes, or fails; later calls are ignored, and so is a call
  /// after the subscription was disposed. Register cancellation on the lifetime, so disposing cancels the work.
  ///
  /// ```swift
  /// let avatar = Signal<Image, LoadError>(completionHandler: { completion, lifetime in
  ///   let request = loader.load(url, completion: completion)
  ///   lifetime.onDispose { request.cancel() }
  /// })
  /// ```
  ///
  /// - Parameter start: Starts the work once per subscription and arranges for `completion` to be called.
  public init(
    completionHandler start:
      @escaping @Sendable (
        _ completion: @escaping @Sendable (Result<Value, Failure>) -> Void, _ lifetime: Lifetime
      ) -> Void
  ) {
    self.init { observer, lifetime in
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

extension Signal where Failure == any Error {
  /// Creates a signal from a Cocoa-style completion handler `(Value?, Error?) -> Void`: one call per subscription.
  ///
  /// A non-`nil` error fails the signal (even if a value came with it); otherwise the value is sent and the
  /// signal completes. A call with neither fails with ``MissingResultError``. Only the first call counts, and
  /// none after the subscription was disposed. Register cancellation on the lifetime.
  ///
  /// ```swift
  /// let data = Signal<Data, any Error>(optionalCompletionHandler: { completion, lifetime in
  ///   let task = session.dataTask(with: url) { data, _, error in completion(data, error) }
  ///   lifetime.onDispose { task.cancel() }
  ///   task.resume()
  /// })
  /// ```
  ///
  /// - Parameter start: Starts the work once per subscription and arranges for `completion` to be called.
  public init(
    optionalCompletionHandler start:
      @escaping @Sendable (
        _ completion: @escaping @Sendable (Value?, (any Error)?) -> Void, _ lifetime: Lifetime
      ) -> Void
  ) {
    self.init(completionHandler: { completion, lifetime in
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
    })
  }
}
