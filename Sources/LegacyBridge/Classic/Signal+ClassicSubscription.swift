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

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``: `-subscribeNext:`.
  ///
  /// ```swift
  /// signal.subscribeNext { print($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor)? = #isolation,
    _ next: @escaping (Value) -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, value: next)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``:
  /// `-subscribeNext:completed:`.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor)? = #isolation,
    _ next: @escaping (Value) -> Void,
    completed: @escaping () -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, value: next, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``: `-subscribeNext:error:`.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, error: { print("failed", $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - error: Called once at failure.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor)? = #isolation,
    _ next: @escaping (Value) -> Void,
    error: @escaping (Failure) -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, value: next, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``:
  /// `-subscribeNext:error:completed:`.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, error: { print("failed", $0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - error: Called once at failure.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor)? = #isolation,
    _ next: @escaping (Value) -> Void,
    error: @escaping (Failure) -> Void,
    completed: @escaping () -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, value: next, failed: error, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``: `-subscribeError:`.
  ///
  /// ```swift
  /// signal.subscribeError { print("failed", $0) }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - error: Called once at failure.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    isolation: isolated (any Actor)? = #isolation,
    _ error: @escaping (Failure) -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``: `-subscribeCompleted:`.
  ///
  /// ```swift
  /// signal.subscribeCompleted { print("done") }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeCompleted(
    isolation: isolated (any Actor)? = #isolation,
    _ completed: @escaping () -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)``:
  /// `-subscribeError:completed:`.
  ///
  /// ```swift
  /// signal.subscribeError({ print("failed", $0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - error: Called once at failure.
  ///   - completed: Called once at completion.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    isolation: isolated (any Actor)? = #isolation,
    _ error: @escaping (Failure) -> Void,
    completed: @escaping () -> Void
  ) -> any Disposable {
    subscribe(isolation: isolation, failed: error, completed: completed)
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
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each element.
  ///   - error: Called once if the sequence throws.
  ///   - completed: Called once when the sequence ends.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor)? = #isolation,
    _ next: @escaping (Element) -> Void,
    error: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, value: next, failed: error, completed: completed)
  }
}
