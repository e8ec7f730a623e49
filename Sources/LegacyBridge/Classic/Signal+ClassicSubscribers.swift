import AsyncSignals

extension SignalConvertible {
  /// Subscribes `subscriber`, which owns the subscription: ReactiveCocoa's `-subscribe:` with a `RACSubscriber`.
  ///
  /// The subscription is handed to the subscriber before the source starts, so disposing the subscriber ends it,
  /// even from inside its own closure while a `ReplaySubject` replays to it. The subscriber's first terminal event,
  /// from this subscription or another one, ends it too; if the subscriber has already ended, the subscription is
  /// disposed at once. Disposing the returned value ends only this subscription.
  ///
  /// ```swift
  /// let subscriber = Subscriber<Int, Never>(next: { print($0) })
  /// first.subscribe(subscriber)
  /// second.subscribe(subscriber)  // the first terminal event of either ends both
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to deliver to.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
    let lifetime = Lifetime()
    subscriber.own(lifetime)
    signal.subscribe(subscriber.observer, in: lifetime)
    return lifetime
  }

  /// Classic name for ``subscribe(_:)-(Subscriber<Self.Value,Self.Failure>)``: `-[RACSignal subscribe:]` with a
  /// subscriber.
  ///
  /// ```swift
  /// signal.subscribeObserver(Subscriber(next: { print($0) }))
  /// ```
  ///
  /// - Parameter subscriber: The subscriber to deliver to; it owns the subscription.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeObserver(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
    subscribe(subscriber)
  }

  /// Subscribes `subject`, which owns the subscription: ReactiveCocoa's `[signal subscribe:subject]`.
  ///
  /// Each event is sent into the subject. A subject of this library disposes the subscription when it ends: at its
  /// first terminal event, sent to it directly or arriving through any subscription that feeds it, and at once if
  /// it has already ended. So a source stops feeding a subject that has completed. (The core's
  /// `subscribe(subject.observer)` leaves the subscription to the caller: the subject ignores what arrives after
  /// its end.) Disposing the returned value ends only this subscription.
  ///
  /// ```swift
  /// let results = ReplaySubject<Result, Never>()
  /// searches.subscribe(results)
  /// updates.subscribe(results)  // both stop when results completes
  /// ```
  ///
  /// - Parameter subject: The subject to send the events into.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribe(_ subject: some Subject<Value, Failure>) -> any Disposable {
    let lifetime = Lifetime()
    (subject as? any SubscriptionOwner)?.own(lifetime)
    signal.subscribe(subject.observer, in: lifetime)
    return lifetime
  }

  /// Classic name for ``subscribe(_:)-(Subject<Self.Element,Self.Failure>)``: `-[RACSignal subscribe:]` with a subject.
  ///
  /// ```swift
  /// signal.subscribeObserver(subject)
  /// ```
  ///
  /// - Parameter subject: The subject to send the events into; it owns the subscription.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribeObserver(_ subject: some Subject<Value, Failure>) -> any Disposable {
    subscribe(subject)
  }
}
