import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/init(_:)-((Observer<Value,Failure>,Lifetime)->Void)``, with RAC's block
  /// shape: `+[RACSignal createSignal:]`.
  ///
  /// The block runs once per subscription with the ``Subscriber`` to send into, and returns the disposable that
  /// cleans up (or `nil`). It is disposed when the subscription ends, exactly once. As in RAC, the subscriber owns
  /// what it is subscribed with: `other.subscribe(subscriber)` inside the block ends with the subscription,
  /// whether or not the block returns its disposable, and ends when the subscriber sends a terminal event.
  ///
  /// ```swift
  /// let signal = Signal<Int, Never>.createSignal { subscriber in
  ///   subscriber.sendNext(1)
  ///   other.subscribe(subscriber)  // forwards other's events; disposed with this subscription
  ///   return ActionDisposable { print("cleanup") }
  /// }
  /// ```
  ///
  /// - Parameter didSubscribe: Runs at each subscription; returns the cleanup.
  /// - Returns: The signal.
  public static func createSignal(
    _ didSubscribe: @escaping @Sendable (Subscriber<Value, Failure>) -> (any Disposable)?
  ) -> Signal {
    Signal { observer, lifetime in
      didSubscribe(Subscriber(sendingTo: observer, endingWith: lifetime)).map(lifetime.add)
    }
  }

  /// Classic name for ``/AsyncSignals/Signal/just(_:)``: `+[RACSignal return:]`.
  ///
  /// ```swift
  /// Signal<Int, Never>.return(1)
  /// ```
  ///
  /// - Parameter value: The one value to send before completing.
  /// - Returns: The signal.
  public static func `return`(_ value: Value) -> Signal {
    just(value)
  }

  /// Classic name for ``/AsyncSignals/Signal/failure(_:)``: `+[RACSignal error:]`.
  ///
  /// ```swift
  /// Signal<Int, URLError>.error(URLError(.timedOut))
  /// ```
  ///
  /// - Parameter error: The failure to send.
  /// - Returns: The signal.
  public static func error(_ error: Failure) -> Signal {
    failure(error)
  }

  /// Classic name for ``/AsyncSignals/Signal/deferred(_:)`` of a one-value signal: `+[RACSignal try:]`.
  ///
  /// The block runs synchronously during each subscription, on the subscribing thread, so its value (then
  /// completion) or its failure has arrived when `subscribe` returns, as in RAC. It throws the typed failure
  /// instead of returning `nil` and an error. For `async` work, ``/AsyncSignals/Signal/init(operation:)`` runs the
  /// closure in a Task instead.
  ///
  /// ```swift
  /// let settings = Signal<Settings, DecodingError>.try { () throws(DecodingError) in try decode(data) }
  /// settings.subscribeNext { apply($0) }  // applied before subscribeNext returns
  /// ```
  ///
  /// - Parameter block: Returns the one value, or throws the failure; runs once per subscription.
  /// - Returns: The signal.
  public static func `try`(_ block: @escaping @Sendable () throws(Failure) -> Value) -> Signal {
    deferred { () -> Signal in
      do throws(Failure) { return just(try block()) } catch { return failure(error) }
    }
  }

  /// Classic name for ``/AsyncSignals/Signal/deferred(_:)``: `+[RACSignal defer:]`.
  ///
  /// ```swift
  /// Signal<Date, Never>.defer { .return(Date()) }
  /// ```
  ///
  /// - Parameter block: Builds the signal to subscribe to, once per subscription.
  /// - Returns: The signal.
  public static func `defer`(_ block: @escaping @Sendable () -> Signal) -> Signal {
    deferred(block)
  }
}
