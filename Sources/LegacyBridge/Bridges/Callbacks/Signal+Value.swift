import AsyncSignals

extension Signal {
  /// Subscribes and calls `completionHandler` exactly once with the signal's single value or why there was none.
  ///
  /// The handler receives the value when the signal sends one value and completes; ``SingleValueError/failed(_:)``
  /// when it fails; ``SingleValueError/noValue`` when it completes empty; ``SingleValueError/moreThanOneValue``
  /// at a second value (the subscription is then disposed); and ``SingleValueError/cancelled`` when the returned
  /// disposable is disposed first. It is called on the thread that delivered the deciding event, or on the
  /// disposing thread.
  ///
  /// ```swift
  /// api.user(id).subscribe(completionHandler: { result in
  ///   switch result {
  ///   case .success(let user): show(user)
  ///   case .failure(let error): report(error)
  ///   }
  /// })
  /// ```
  ///
  /// - Parameter completionHandler: Called once with the outcome.
  /// - Returns: A disposable that cancels the subscription; disposing before the end calls the handler with
  ///   ``SingleValueError/cancelled``.
  @discardableResult
  public func subscribe(
    completionHandler: @escaping @Sendable (Result<Value, SingleValueError<Failure>>) -> Void
  ) -> any Disposable {
    let lifetime = Lifetime()
    let storage = SingleValueStorage(lifetime: lifetime, handler: completionHandler)
    lifetime.onDispose { storage.disposed() }
    lifetime.add(subscribe(storage.observer))
    return lifetime
  }

  /// Subscribes and calls a Cocoa-style `(Value?, Error?)` handler exactly once.
  ///
  /// It follows ``subscribe(completionHandler:)``: the value with a `nil` error, or `nil` with the
  /// ``SingleValueError``.
  ///
  /// ```swift
  /// signal.subscribe(optionalCompletionHandler: { user, error in legacyCallback(user, error) })
  /// ```
  ///
  /// - Parameter optionalCompletionHandler: Called once with the value or the error.
  /// - Returns: A disposable that cancels the subscription.
  @discardableResult
  public func subscribe(
    optionalCompletionHandler: @escaping @Sendable (Value?, SingleValueError<Failure>?) -> Void
  ) -> any Disposable {
    subscribe(completionHandler: { result in
      switch result {
      case .success(let value): optionalCompletionHandler(value, nil)
      case .failure(let error): optionalCompletionHandler(nil, error)
      }
    })
  }

  /// The signal's single value, awaited: the bridge from a one-shot signal back to `async` code.
  ///
  /// Unlike ``/AsyncSignals/Signal/first()`` (which takes the first value and stops) it requires exactly one value before
  /// completion, the shape of a callback or `async` function turned into a signal, and it reports a cancelled Task
  /// distinctly. Cancelling the awaiting Task disposes the subscription and throws ``SingleValueError/cancelled``.
  ///
  /// ```swift
  /// let user = try await Signal(operation: { () throws(APIError) in try await api.user(id) }).value
  /// ```
  ///
  /// - Throws: ``SingleValueError``: the signal's failure, no value, more than one value, or cancelled.
  public var value: Value {
    get async throws(SingleValueError<Failure>) {
      let subscription = SubscriptionSlot()
      let result = await withTaskCancellationHandler {
        await withUnsafeContinuation { continuation in
          subscription.set(subscribe(completionHandler: { continuation.resume(returning: $0) }))
        }
      } onCancel: {
        subscription.dispose()
      }
      return try result.get()
    }
  }
}

/// Holds the subscription of an awaited ``Signal/value`` so a cancellation that races its creation disposes it.
private final class SubscriptionSlot: Sendable {
  private enum State {
    /// Not subscribed yet.
    case empty
    /// Subscribed.
    case subscribed(any Disposable)
    /// Cancelled; a subscription set later is disposed at once.
    case cancelled
  }

  private let state = Locked(State.empty)

  func set(_ disposable: any Disposable) {
    let disposeNow: Bool = state.withLock {
      switch $0 {
      case .empty, .subscribed:
        $0 = .subscribed(disposable)
        return false
      case .cancelled:
        return true
      }
    }
    if disposeNow { disposable.dispose() }
  }

  func dispose() {
    let disposable: (any Disposable)? = state.withLock { state in
      defer { state = .cancelled }
      if case .subscribed(let disposable) = state { return disposable }
      return nil
    }
    disposable?.dispose()
  }
}
