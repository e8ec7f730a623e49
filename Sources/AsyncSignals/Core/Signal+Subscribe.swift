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
  /// Call it on an actor (the main actor, or your own): the closures belong to that actor and run only there. An
  /// event sent while already on it is delivered before `send` returns; one sent from another thread hops to the
  /// actor, in order (several values may ride one hop). After ``Disposable/dispose()`` returns, nothing more
  /// reaches the closures, not even an event already on its way, and the subscription lets go of them. So a
  /// main-actor view model or view can touch its state directly:
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
  /// Code on no actor cannot call this form (the compiler reports that `nil` is not an actor): it passes
  /// `isolation: nil` and `@Sendable` closures, ``subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)``.
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
    isolation: isolated (any Actor) = #isolation,
    value: @escaping (Value) -> Void = { _ in },
    failed: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) -> any Disposable {
    subscribe(on: isolation, IsolatedSubscription.Handlers(value: value, failed: failed, completed: completed))
  }

  /// Subscribes, from code on no actor, with one `@Sendable` closure per kind of event; they run on the thread
  /// that delivers the event, one event at a time.
  ///
  /// The compiler checks what the closures capture, so a race with the caller's own state does not compile.
  /// After a terminal event the subscription ends by itself.
  ///
  /// ```swift
  /// let total = Mutex(0)
  /// numbers.subscribe(isolation: nil, value: { n in total.withLock { $0 += n } })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor.
  ///   - value: Called for each value.
  ///   - failed: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  /// - Returns: The subscription's disposable.
  @inlinable
  @discardableResult
  public func subscribe(
    isolation: NoActor,
    value: @escaping @Sendable (Value) -> Void = { _ in },
    failed: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) -> any Disposable {
    // One closure dispatches and ends the lifetime: the same as `subscribe(Observer(…), in:)` with one closure
    // context allocated instead of two.
    let lifetime = Lifetime()
    let handlers = SendableHandlers(value: value, failed: failed, completed: completed)
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

  /// Subscribes closures that belong to `actor`, on which the caller runs.
  @inlinable
  func subscribe(
    on actor: isolated any Actor,
    _ handlers: IsolatedSubscription<Value, Failure>.Handlers
  )
    -> any Disposable
  {
    let subscription = IsolatedSubscription(subscriber: ActorContext(actor), handlers: handlers)
    subscription.start(self, on: actor)
    return subscription
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

/// The closures of a subscription made on no actor, captured as one value by the observer's closure.
///
/// One capture rather than three: with the closures captured apart, the observer closure's context forwarder
/// was not merged into its body, and each event cost 11 more instructions per subscriber (callgrind, 991 against
/// 881 per send to ten subscribers; `fan-out/AsyncSignals callbacks` 145 against 91 ns per send, Performance.md).
@usableFromInline
struct SendableHandlers<Value, Failure: Error>: Sendable {
  @usableFromInline let value: @Sendable (Value) -> Void
  @usableFromInline let failed: @Sendable (Failure) -> Void
  @usableFromInline let completed: @Sendable () -> Void

  @inlinable
  init(
    value: @escaping @Sendable (Value) -> Void,
    failed: @escaping @Sendable (Failure) -> Void,
    completed: @escaping @Sendable () -> Void
  ) {
    self.value = value
    self.failed = failed
    self.completed = completed
  }
}
