import AsyncSignals

/// A ReactiveCocoa subscriber (`id<RACSubscriber>`): an observer that owns the subscriptions it is subscribed with.
///
/// Each subscription made with
/// ``AsyncSignals/SignalConvertible/subscribe(_:)-(Subscriber<Self.Value,Self.Failure>)`` (or the classic
/// ``AsyncSignals/SignalConvertible/subscribeObserver(_:)-(Subscriber<Self.Value,Self.Failure>)``) is handed to the
/// subscriber before the signal starts, as RAC's `-didSubscribeWithDisposable:` is. So:
///
/// - disposing the subscriber ends every one of its subscriptions, also from inside its own closure while a
///   `ReplaySubject` is replaying to it: the replay stops there;
/// - its first terminal event, from any subscription or sent to it directly, ends them all, and nothing more is
///   delivered to it;
/// - a subscription made after that is disposed at once.
///
/// The subscriber that ``AsyncSignals/Signal/createSignal(_:)`` hands its block is one too, owned by the outer
/// subscription: `other.subscribe(subscriber)` inside the block ends with it, whether or not the block returns
/// that disposable. An ``/AsyncSignals/Observer`` is a plain value with none of this: subscribing one (or a
/// subject's ``/AsyncSignals/Subject/observer``) gives the subscription to the caller alone, as the core does.
///
/// ```
///  Subscriber ──owns──▶ subscription 1, subscription 2, … (registered before each starts)
///      │ first terminal event, or dispose() ──▶ disposes them all; later ones at once
///      └─ observer ──▶ closures (serial, nothing after the first terminal event)
/// ```
///
/// ```swift
/// @MainActor final class Log {
///   var lines: [String] = []
///   var subscriber: Subscriber<String, Never>?
///
///   func follow(_ history: ReplaySubject<String, Never>) {
///     let subscriber = Subscriber<String, Never>(next: { [weak self] line in
///       self?.lines.append(line)
///       if line == "END" { self?.subscriber?.dispose() }  // stops the replay here
///     })
///     self.subscriber = subscriber
///     history.subscribe(subscriber)
///   }
/// }
/// ```
public final class Subscriber<Value: Sendable, Failure: Error>: Disposable {
  /// The observer that sends into the subscriber.
  ///
  /// Its events go to the subscriber's closures, or to the subscription ``AsyncSignals/Signal/createSignal(_:)``
  /// made it for. Nothing arrives after the subscriber's first terminal event or after it was disposed.
  ///
  /// ```swift
  /// core.subscribe(subscriber.observer)  // a core subscription: the subscriber does not own it
  /// ```
  public let observer: Observer<Value, Failure>

  /// The subscriptions the subscriber is subscribed with: RAC's compound disposable of a subscriber.
  private let subscriptions: CompositeDisposable

  /// Creates a subscriber from one closure per kind of event; the closures run on the caller's actor
  /// (RAC's `+subscriberWithNext:error:completed:`).
  ///
  /// The closures run as those of ``/AsyncSignals/Observer/init(isolation:value:failed:completed:)-(Actor,_,_,_)``
  /// do: only on the caller's actor, one event at a time, nothing after the first terminal event.
  ///
  /// ```swift
  /// let subscriber = Subscriber<Int, Never>(next: { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// Code on no actor passes `isolation: nil` and `@Sendable` closures:
  /// ``init(isolation:next:error:completed:)-(NoActor,_,_,_)``.
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - next: Called for each value.
  ///   - error: Called once if a subscription fails.
  ///   - completed: Called once if a subscription completes.
  public convenience init(
    isolation: isolated (any Actor) = #isolation,
    next: @escaping (Value) -> Void = { _ in },
    error: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) {
    self.init(handlers: Observer(isolation: isolation, value: next, failed: error, completed: completed))
  }

  /// Creates a subscriber, from code on no actor, from one `@Sendable` closure per kind of event.
  ///
  /// The closures run on the thread that sends, one event at a time, as those of
  /// ``/AsyncSignals/Observer/init(isolation:value:failed:completed:)-(NoActor,_,_,_)`` do.
  ///
  /// ```swift
  /// let subscriber = Subscriber<Int, Never>(isolation: nil, next: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor.
  ///   - next: Called for each value.
  ///   - error: Called once if a subscription fails.
  ///   - completed: Called once if a subscription completes.
  public convenience init(
    isolation: NoActor,
    next: @escaping @Sendable (Value) -> Void = { _ in },
    error: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) {
    self.init(handlers: Observer(isolation: nil, value: next, failed: error, completed: completed))
  }

  /// Creates a subscriber that forwards to `handlers` while it has not ended.
  private init(handlers: Observer<Value, Failure>) {
    let subscriptions = CompositeDisposable()
    self.subscriptions = subscriptions
    observer = Observer { event in
      guard !subscriptions.isDisposed else { return }
      if event.isTerminal {
        subscriptions.dispose()  // first, as RAC's subscriber disposes before it calls its block
      }
      handlers.send(event: event)
    }
  }

  /// Creates the subscriber of one ``AsyncSignals/Signal/createSignal(_:)`` subscription: it sends into that
  /// subscription's `observer`, and its subscriptions end with `lifetime`.
  init(sendingTo observer: Observer<Value, Failure>, endingWith lifetime: Lifetime) {
    let subscriptions = CompositeDisposable()
    self.subscriptions = subscriptions
    // The subscription's delivery already drops what arrives after its end: no check per event here.
    self.observer = Observer { event in
      if event.isTerminal {
        subscriptions.dispose()
      }
      observer.send(event: event)
    }
    lifetime.add(subscriptions)
  }

  /// Whether the subscriber has ended: it was disposed or received a terminal event.
  ///
  /// ```swift
  /// if subscriber.isDisposed { print("done") }
  /// ```
  public var isDisposed: Bool {
    subscriptions.isDisposed
  }

  /// Ends every subscription of the subscriber, now and to come; nothing more reaches its closures.
  ///
  /// Called from inside its own closure while a `ReplaySubject` replays to it, it stops the replay there.
  ///
  /// ```swift
  /// subscriber.dispose()
  /// ```
  public func dispose() {
    subscriptions.dispose()
  }

  /// Classic name for handing the subscriber a disposable it owns: `-[RACSubscriber didSubscribeWithDisposable:]`.
  ///
  /// `disposable` is disposed when the subscriber ends, at once if it already has. The subscriptions made with
  /// ``AsyncSignals/SignalConvertible/subscribe(_:)-(Subscriber<Self.Value,Self.Failure>)`` are handed over this
  /// way, and leave the subscriber when they end first.
  ///
  /// ```swift
  /// subscriber.didSubscribe(with: ActionDisposable { print("subscriber ended") })
  /// ```
  ///
  /// - Parameter disposable: What to dispose when the subscriber ends.
  public func didSubscribe(with disposable: any Disposable) {
    subscriptions.add(disposable)
  }

  /// Owns the subscription `lifetime` until it ends, disposing it if the subscriber ends first (at once if it has).
  func own(_ lifetime: Lifetime) {
    guard let key = subscriptions.add(lifetime) else { return }
    lifetime.onDispose { [weak subscriptions] in subscriptions?.remove(key) }
  }

  /// Classic name for ``/AsyncSignals/Observer/send(_:)`` on ``observer``: `-[RACSubscriber sendNext:]`.
  ///
  /// ```swift
  /// subscriber.sendNext(1)
  /// ```
  ///
  /// - Parameter value: The value.
  public func sendNext(_ value: Value) {
    observer.send(value)
  }

  /// Classic name for ``/AsyncSignals/Observer/fail(_:)`` on ``observer``: `-[RACSubscriber sendError:]`.
  ///
  /// ```swift
  /// subscriber.sendError(.timedOut)
  /// ```
  ///
  /// - Parameter error: The failure; it ends the subscriber.
  public func sendError(_ error: Failure) {
    observer.fail(error)
  }

  /// Classic name for ``/AsyncSignals/Observer/complete()`` on ``observer``: `-[RACSubscriber sendCompleted]`.
  ///
  /// ```swift
  /// subscriber.sendCompleted()
  /// ```
  public func sendCompleted() {
    observer.complete()
  }

  /// Sends an event of any kind into the subscriber.
  ///
  /// ```swift
  /// subscriber.send(event: .value(1))
  /// ```
  ///
  /// - Parameter event: The event.
  public func send(event: Event<Value, Failure>) {
    observer.send(event: event)
  }
}
