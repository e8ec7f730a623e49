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

  /// Subscribes with one closure per kind of event; the closures run on the caller's actor.
  ///
  /// Called on an actor (the main actor, or your own), the closures belong to that actor and run only there: an
  /// event sent while already on it is delivered before `send` returns, one sent from another thread hops to the
  /// actor, in order (several values may ride one hop). After ``Disposable/dispose()`` returns, nothing more
  /// reaches the closures, not even an event already on its way. So a main-actor view model or view can touch its
  /// state directly:
  ///
  /// ```swift
  /// @MainActor final class ProfileView {
  ///   var title = ""
  ///   let bag = DisposeBag()
  ///   func bind(_ names: Signal<String, Never>) {
  ///     names.subscribe(value: { [weak self] in self?.title = $0 }).disposed(by: bag)
  ///   }
  /// }
  /// ```
  ///
  /// Called from code on no actor, the closures run on the thread that delivers the event, one at a time, as
  /// ``Observer``'s do; there, capture only `Sendable` state (or use ``subscribe(_:)`` with an ``Observer``, whose
  /// closures the compiler checks for that). After a terminal event the subscription ends by itself.
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - value: Called for each value.
  ///   - failed: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @inlinable
  @discardableResult
  public func subscribe(
    isolation: isolated (any Actor)? = #isolation,
    value: @escaping (Value) -> Void = { _ in },
    failed: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) -> any Disposable {
    guard let isolation else {
      return subscribe(nonisolated: NonisolatedHandlers(value: value, failed: failed, completed: completed))
    }
    return subscribe(on: isolation, IsolatedSubscription.Handlers(value: value, failed: failed, completed: completed))
  }

  /// Subscribes closures that belong to `actor` (the caller runs on it).
  @inlinable
  func subscribe(on actor: any Actor, _ handlers: IsolatedSubscription<Value, Failure>.Handlers) -> any Disposable {
    let subscription = IsolatedSubscription(subscriber: ActorContext(actor), handlers: handlers)
    subscription.start(self)
    return subscription
  }

  /// Subscribes closures made on no actor: they run on the delivering thread.
  @inlinable
  func subscribe(nonisolated handlers: NonisolatedHandlers<Value, Failure>) -> any Disposable {
    // One closure dispatches and ends the lifetime: the same as `subscribe(Observer(value:…), in:)` with one
    // closure context allocated instead of two.
    let lifetime = Lifetime()
    start(
      Observer { event in
        // A subscriber that disposed from inside a handler gets nothing more, not even the terminal event an
        // operator sends right after the value it was handling (`take(1)`).
        guard !lifetime.isDisposed else { return }
        switch event {
        case .value(let element): handlers.value(element)
        case .failed(let failure):
          handlers.failed(failure)
          lifetime.dispose()
        case .completed:
          handlers.completed()
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
        guard !lifetime.isDisposed else { return }  // disposed from inside a handler: nothing more
        observer.action(event)
        if event.isTerminal {
          lifetime.dispose()
        }
      },
      in: lifetime
    )
  }
}

/// The closures of a subscriber on no actor, carried into the `Sendable` observer that calls them.
@usableFromInline
struct NonisolatedHandlers<Value, Failure: Error>: @unchecked Sendable {
  // Safety: made only by `subscribe(isolation:value:failed:completed:)` when the caller runs on no actor. The
  // closures are then called serially (the upstream's delivery never overlaps) on the delivering thread, exactly
  // as an `Observer`'s `@Sendable` closures are; what the compiler cannot check is that they capture only
  // `Sendable` state, which the method's documentation and Docs/Apps.md ask of code on no actor.
  @usableFromInline let value: (Value) -> Void
  @usableFromInline let failed: (Failure) -> Void
  @usableFromInline let completed: () -> Void

  @inlinable
  init(value: @escaping (Value) -> Void, failed: @escaping (Failure) -> Void, completed: @escaping () -> Void) {
    self.value = value
    self.failed = failed
    self.completed = completed
  }
}
