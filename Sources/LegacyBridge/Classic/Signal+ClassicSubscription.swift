import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/subscribe(_:)``: `-[RACSignal subscribe:]`.
  ///
  /// ```swift
  /// signal.subscribeObserver(Observer { print($0) })
  /// ```
  ///
  /// - Parameter subscriber: The observer to deliver to.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeObserver(_ subscriber: Observer<Value, Failure>) -> any Disposable {
    subscribe(subscriber)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeNext:`.
  ///
  /// ```swift
  /// signal.subscribeNext { print($0) }
  /// ```
  ///
  /// - Parameter next: Called for each value.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(_ next: @escaping @Sendable (Value) -> Void) -> any Disposable {
    subscribe(value: next)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeNext:completed:`.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - next: Called for each value.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    _ next: @escaping @Sendable (Value) -> Void,
    completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    subscribe(value: next, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeNext:error:`.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, error: { print("failed", $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - next: Called for each value.
  ///   - error: Called once at failure.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    _ next: @escaping @Sendable (Value) -> Void,
    error: @escaping @Sendable (Failure) -> Void
  ) -> any Disposable {
    subscribe(value: next, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeNext:error:completed:`.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, error: { print("failed", $0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - next: Called for each value.
  ///   - error: Called once at failure.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    _ next: @escaping @Sendable (Value) -> Void,
    error: @escaping @Sendable (Failure) -> Void,
    completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    subscribe(value: next, failed: error, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeError:`.
  ///
  /// ```swift
  /// signal.subscribeError { print("failed", $0) }
  /// ```
  ///
  /// - Parameter error: Called once at failure.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(_ error: @escaping @Sendable (Failure) -> Void) -> any Disposable {
    subscribe(failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeCompleted:`.
  ///
  /// ```swift
  /// signal.subscribeCompleted { print("done") }
  /// ```
  ///
  /// - Parameter completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeCompleted(_ completed: @escaping @Sendable () -> Void) -> any Disposable {
    subscribe(completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(value:failed:completed:)``: `-subscribeError:completed:`.
  ///
  /// ```swift
  /// signal.subscribeError({ print("failed", $0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - error: Called once at failure.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    _ error: @escaping @Sendable (Failure) -> Void,
    completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    subscribe(failed: error, completed: completed)
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Subscribes to any asynchronous sequence with classic callbacks, through ``/AsyncSignals/Signal``.
  ///
  /// The sequence is iterated in a Task that the returned disposable cancels.
  ///
  /// ```swift
  /// let stream = AsyncStream<Int> { $0.yield(1); $0.finish() }
  /// stream.subscribeNext({ print($0) }, error: { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - next: Called for each element.
  ///   - error: Called once if the sequence throws.
  ///   - completed: Called once when the sequence ends.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    _ next: @escaping @Sendable (Element) -> Void,
    error: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) -> any Disposable {
    signal.subscribe(value: next, failed: error, completed: completed)
  }
}
