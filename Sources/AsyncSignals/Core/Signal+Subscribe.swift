extension Signal {
  /// Subscribes `observer`: runs the signal's body for a new subscription and returns what ends it.
  ///
  /// Events reach `observer` serially. After a terminal event the subscription ends by itself (its cleanup
  /// runs); disposing the returned value ends it early, after which nothing more is delivered.
  ///
  /// ```swift
  /// let subscription = signal.subscribe(Observer { event in print(event) })
  /// subscription.dispose()
  /// ```
  ///
  /// - Parameter observer: The observer to deliver to.
  /// - Returns: The subscription's disposable.
  @inlinable
  @discardableResult
  public func subscribe(_ observer: Observer<Value, Failure>) -> any Disposable {
    let lifetime = Lifetime()
    subscribe(observer, in: lifetime)
    return lifetime
  }

  /// Subscribes with one closure per kind of event.
  ///
  /// ```swift
  /// signal.subscribe(
  ///   value: { print("got", $0) },
  ///   failed: { print("failed", $0) },
  ///   completed: { print("done") }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - value: Called for each value.
  ///   - failed: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @inlinable
  @discardableResult
  public func subscribe(
    value: @escaping @Sendable (Value) -> Void = { _ in },
    failed: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) -> any Disposable {
    // One closure dispatches and ends the lifetime: the same as `subscribe(Observer(value:…), in:)` with one
    // closure context allocated instead of two.
    let lifetime = Lifetime()
    start(
      Observer { event in
        switch event {
        case .value(let element): value(element)
        case .failed(let failure):
          failed(failure)
          lifetime.dispose()
        case .completed:
          completed()
          lifetime.dispose()
        }
      },
      in: lifetime
    )
    return lifetime
  }

  /// Subscribes `observer` within an existing lifetime, ending that lifetime after a terminal event.
  ///
  /// This is what a final subscriber does (``subscribe(_:)``, the `for await` adapter): operators that
  /// complete early, such as `take`, rely on it to tear the subscription down.
  @inlinable
  package func subscribe(_ observer: Observer<Value, Failure>, in lifetime: Lifetime) {
    start(
      Observer { event in
        observer.action(event)
        if event.isTerminal {
          lifetime.dispose()
        }
      },
      in: lifetime
    )
  }
}
