import AsyncSignals

extension SignalConvertible {
  /// Classic name for ``/AsyncSignals/SignalConvertible/subscribe(_:)``: `-[RACSignal subscribe:]`.
  ///
  /// ```swift
  /// signal.subscribeObserver(Observer { print($0) })
  /// ```
  ///
  /// - Parameter subscriber: The observer to deliver to.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeObserver(_ subscriber: Observer<Value, Failure>) -> any Disposable {
    signal.subscribe(subscriber)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeNext:`, on the caller's actor.
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
    isolation: isolated (any Actor) = #isolation,
    _ next: @escaping (Value) -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, value: next)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeNext:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeNext(isolation: nil) { print($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - next: Called for each value.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: NoActor,
    _ next: @escaping @Sendable (Value) -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, value: next)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeNext:completed:`, on the caller's actor.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor) = #isolation,
    _ next: @escaping (Value) -> Void,
    completed: @escaping () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, value: next, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeNext:completed:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeNext(isolation: nil, { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - next: Called for each value.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: NoActor,
    _ next: @escaping @Sendable (Value) -> Void,
    completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, value: next, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeNext:error:`, on the caller's actor.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, error: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - error: Called once if the signal fails.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor) = #isolation,
    _ next: @escaping (Value) -> Void,
    error: @escaping (Failure) -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, value: next, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeNext:error:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeNext(isolation: nil, { print($0) }, error: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - next: Called for each value.
  ///   - error: Called once if the signal fails.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: NoActor,
    _ next: @escaping @Sendable (Value) -> Void,
    error: @escaping @Sendable (Failure) -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, value: next, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeNext:error:completed:`, on the caller's actor.
  ///
  /// ```swift
  /// signal.subscribeNext({ print($0) }, error: { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - error: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: isolated (any Actor) = #isolation,
    _ next: @escaping (Value) -> Void,
    error: @escaping (Failure) -> Void,
    completed: @escaping () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, value: next, failed: error, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeNext:error:completed:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeNext(isolation: nil, { print($0) }, error: { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - next: Called for each value.
  ///   - error: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: NoActor,
    _ next: @escaping @Sendable (Value) -> Void,
    error: @escaping @Sendable (Failure) -> Void,
    completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, value: next, failed: error, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeError:`, on the caller's actor.
  ///
  /// ```swift
  /// signal.subscribeError { print($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - error: Called once if the signal fails.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    isolation: isolated (any Actor) = #isolation,
    _ error: @escaping (Failure) -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeError:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeError(isolation: nil) { print($0) }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - error: Called once if the signal fails.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    isolation: NoActor,
    _ error: @escaping @Sendable (Failure) -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, failed: error)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeCompleted:`, on the caller's actor.
  ///
  /// ```swift
  /// signal.subscribeCompleted { print("done") }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeCompleted(
    isolation: isolated (any Actor) = #isolation,
    _ completed: @escaping () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeCompleted:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeCompleted(isolation: nil) { print("done") }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeCompleted(
    isolation: NoActor,
    _ completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``: `-subscribeError:completed:`, on the caller's actor.
  ///
  /// ```swift
  /// signal.subscribeError({ print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - error: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    isolation: isolated (any Actor) = #isolation,
    _ error: @escaping (Failure) -> Void,
    completed: @escaping () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, failed: error, completed: completed)
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``: `-subscribeError:completed:`, from code on no actor.
  ///
  /// ```swift
  /// signal.subscribeError(isolation: nil, { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the delivering thread.
  ///   - error: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeError(
    isolation: NoActor,
    _ error: @escaping @Sendable (Failure) -> Void,
    completed: @escaping @Sendable () -> Void
  ) -> any Disposable {
    signal.subscribe(isolation: nil, failed: error, completed: completed)
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Subscribes to any asynchronous sequence with classic callbacks on the caller's actor, through
  /// ``/AsyncSignals/Signal``.
  ///
  /// The sequence is iterated in a Task that the returned disposable cancels. A hot source (a subject) is not
  /// iterated: its own classic names subscribe at once, so nothing it sends meanwhile is lost.
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
    isolation: isolated (any Actor) = #isolation,
    _ next: @escaping (Element) -> Void,
    error: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) -> any Disposable {
    Signal(self).subscribe(isolation: isolation, value: next, failed: error, completed: completed)
  }

  /// Subscribes to any asynchronous sequence with classic callbacks, from code on no actor.
  ///
  /// ```swift
  /// let stream = AsyncStream<Int> { $0.yield(1); $0.finish() }
  /// stream.subscribeNext(isolation: nil, { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor and run on the iterating Task.
  ///   - next: Called for each element.
  ///   - error: Called once if the sequence throws.
  ///   - completed: Called once when the sequence ends.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeNext(
    isolation: NoActor,
    _ next: @escaping @Sendable (Element) -> Void,
    error: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) -> any Disposable {
    Signal(self).subscribe(isolation: nil, value: next, failed: error, completed: completed)
  }
}
