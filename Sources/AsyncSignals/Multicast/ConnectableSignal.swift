extension Signal {
  /// Shares one subscription to this signal among all subscribers, from when you call `connect()`.
  ///
  /// Returns a ``ConnectableSignal`` over a ``PassthroughSubject``: subscribers register with the subject,
  /// and ``ConnectableSignal/connect()`` subscribes this signal into it once. A subscriber receives what is
  /// sent after it subscribed; nothing is replayed. When a ``ConnectableSignal/refCount()`` subscriber starts
  /// over after this signal ended, the new connection gets a new subject (as Rx's `publish()`).
  ///
  /// ```swift
  /// let request = fetchUser.publish()
  /// request.subscribe(value: { showName($0) })
  /// request.subscribe(value: { showAvatar($0) })
  /// request.connect()  // one request, two subscribers
  /// ```
  ///
  /// - Returns: The connectable signal.
  public func publish() -> ConnectableSignal<Value, Failure> {
    ConnectableSignal(source: self, makeSubject: { PassthroughSubject() })
  }

  /// Shares one subscription to this signal among all subscribers through `subject`.
  ///
  /// The subject decides what late subscribers receive: a ``ReplaySubject`` replays, a
  /// ``CurrentValueSubject`` starts with its current value. The subject serves every connection: once it has
  /// ended, later subscribers receive its end (and what it replays), and ``ConnectableSignal/refCount()`` does
  /// not subscribe the source again.
  ///
  /// ```swift
  /// let shared = prices.multicast(ReplaySubject(capacity: 1))
  /// shared.connect()
  /// shared.subscribe(value: { print($0) })  // the latest price, then live prices
  /// ```
  ///
  /// - Parameter subject: The subject that the connection sends into and subscribers register with.
  /// - Returns: The connectable signal.
  public func multicast(_ subject: some Subject<Value, Failure>) -> ConnectableSignal<Value, Failure> {
    ConnectableSignal(source: self, subject: subject, makeSubject: nil)
  }
}

/// A hot signal that shares one subscription to its source, opened by ``connect()`` or by ref-counting.
///
/// Subscribers register with the subject given to ``Signal/multicast(_:)`` (a ``PassthroughSubject`` for
/// ``Signal/publish()``); they never subscribe to the source themselves. The *connection* is the one
/// subscription of the source into the subject. Three ways open it:
///
/// | Method            | Opens the connection   | When the last subscriber leaves      | Model                                |
/// |-------------------|------------------------|--------------------------------------|--------------------------------------|
/// | ``connect()``     | at the call, once      | nothing                              | `connect` everywhere                 |
/// | ``autoConnect()`` | at the first subscriber| disposes it, never reconnects        | RAC `autoconnect`                    |
/// | ``refCount()``    | at the first subscriber| disposes it; the next one reconnects | Rx `refCount`, Combine `autoconnect` |
///
/// A subscriber that ends as soon as it subscribes (the subject had already ended) opens nothing. Reconnecting
/// after the last subscriber left subscribes the source again into the same subject. Once the source has ended
/// (the connection's terminal event is recorded before it reaches the subscribers), the next ``refCount()``
/// subscriber, even one that subscribes from its own terminal handler, starts a new connection: with a new
/// subject for ``Signal/publish()``, and not at all for ``Signal/multicast(_:)``, whose one subject has ended. Use
/// ``Signal/share(replay:scope:)`` for a fresh subject per connection in every case.
///
/// ```swift
/// let ticks = timer.publish()
/// let first = ticks.subscribe(value: { print("a", $0) })
/// let connection = ticks.connect()
/// connection.dispose()  // stops the timer; subscribers stay registered with the subject
/// ```
///
/// ```
///  source ──(one subscription: the connection Lifetime)──▶ subject ──▶ subscriber 1, subscriber 2, …
///  ConnectableSignal owns: source, Locked<(current subject, RefCountStateMachine<Lifetime>)>
/// ```
public final class ConnectableSignal<Value: Sendable, Failure: Error>: SignalConvertible {
  /// The values of the signal, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the subject's ``signal``.
  public typealias AsyncIterator = Signal<Value, Failure>.AsyncIterator

  /// What the lock protects: the subject subscribers register with now, and the connection.
  private struct Shared {
    /// The subject of the current (or next) connection.
    var subject: any Subject<Value, Failure>
    /// The connection's state.
    var connection = RefCountStateMachine<Lifetime>()
  }

  private let source: Signal<Value, Failure>
  /// Makes the subject of a connection that starts over after the source ended; `nil` when one subject serves
  /// every connection.
  private let makeSubject: (@Sendable () -> any Subject<Value, Failure>)?
  private let shared: Locked<Shared>

  init(
    source: Signal<Value, Failure>,
    subject: some Subject<Value, Failure>,
    makeSubject: (@Sendable () -> any Subject<Value, Failure>)?
  ) {
    self.source = source
    self.makeSubject = makeSubject
    shared = Locked(Shared(subject: subject))
  }

  convenience init(source: Signal<Value, Failure>, makeSubject: @escaping @Sendable () -> any Subject<Value, Failure>) {
    self.init(source: source, subject: makeSubject(), makeSubject: makeSubject)
  }

  /// The shared signal: subscribing registers with the current subject and does not connect.
  public var signal: Signal<Value, Failure> {
    // One subject for good (`multicast(_:)`): its own signal, which does not keep this connectable alive.
    guard makeSubject != nil else { return shared.withLock { $0.subject }.signal }
    return source.derived({ [self] observer, lifetime in
      shared.withLock { $0.subject }.signal.start(observer, in: lifetime)
    })
  }

  /// Subscribes the source into the subject, once, and returns what ends that subscription.
  ///
  /// Idempotent: every call returns the same disposable, even after it was disposed or the source ended
  /// (ReactiveCocoa's `connect`; Rx's `connect()` connects again once the source ended). Disposing it stops the
  /// source; the subject does not end, so its subscribers stay registered. (After ``refCount()`` closed or
  /// restarted a connection, the next call returns, or opens, the newest one.)
  ///
  /// ```swift
  /// let connection = published.connect()
  /// #expect(published.connect() === connection)
  /// ```
  ///
  /// - Returns: The connection's disposable.
  @discardableResult
  public func connect() -> any Disposable {
    let (action, subject) = shared.withLock { ($0.connection.connectRequested { Lifetime() }, $0.subject) }
    switch action {
    case .open(let lifetime, let generation):
      open(lifetime, generation: generation, into: subject)
      return lifetime
    case .existing(let lifetime):
      return lifetime
    }
  }

  /// A signal that connects on its first subscriber and disposes the connection when the count of subscribers
  /// returns to zero, for good: it never reconnects (ReactiveCocoa's `autoconnect`).
  ///
  /// Later subscribers still register with the subject and receive what it replays, but the source is not
  /// subscribed again. Use ``refCount()`` to reconnect.
  ///
  /// ```swift
  /// let location = gps.publish().autoConnect()
  /// let a = location.subscribe(value: { print($0) })  // starts the GPS
  /// a.dispose()                                       // stops it, for good
  /// ```
  ///
  /// - Returns: The ref-counted signal.
  public func autoConnect() -> Signal<Value, Failure> {
    refCounted(reconnects: false)
  }

  /// A signal that connects on its first subscriber, disposes the connection when the count of subscribers
  /// returns to zero, and connects again on the next subscriber (Rx `refCount`, Combine `autoconnect`).
  ///
  /// Each connection subscribes the source again, into the same subject. After the source ended, the next
  /// subscriber starts a new connection, with a new subject for ``Signal/publish()``; a subscriber that subscribes
  /// again from its own `failed` or `completed` handler is such a next subscriber.
  ///
  /// ```swift
  /// let location = gps.publish().refCount()
  /// location.subscribe(value: { print($0) }).dispose()  // starts and stops the GPS
  /// location.subscribe(value: { print($0) })            // starts it again
  /// ```
  ///
  /// - Returns: The ref-counted signal.
  public func refCount() -> Signal<Value, Failure> {
    refCounted(reconnects: true)
  }

  private func refCounted(reconnects: Bool) -> Signal<Value, Failure> {
    let restartsAfterEnd = reconnects && makeSubject != nil
    return source.derived({ [self] observer, lifetime in
      let (action, subject, replaced) = shared.withLock { shared in
        let action = shared.connection.subscriberAdded(restartsAfterEnd: restartsAfterEnd) {
          Lifetime(preferring: lifetime.preferredExecutor)
        }
        var replaced: (any Subject<Value, Failure>)?
        if case .open(_, _, afterEnd: true) = action, let makeSubject {
          replaced = shared.subject
          shared.subject = makeSubject()
        }
        return (action, shared.subject, replaced)
      }
      withExtendedLifetime(replaced) {}  // the ended subject is released after unlocking
      switch action {
      case .open(_, let generation, _), .join(_, let generation):
        lifetime.onDispose { [self] in
          let removed = shared.withLock {
            $0.connection.subscriberRemoved(generation: generation, reconnects: reconnects)
          }
          if case .close(let connection) = removed { connection.dispose() }
        }
      case .closed:
        break
      }
      subject.signal.start(observer, in: lifetime)
      if case .open(let connection, let generation, _) = action {
        open(connection, generation: generation, into: subject)
      }
    })
  }

  /// Subscribes the source into `subject` within the connection `lifetime`, recording the source's terminal
  /// event in the machine before the subject delivers it.
  private func open(_ lifetime: Lifetime, generation: UInt64, into subject: any Subject<Value, Failure>) {
    // A subscriber that ended at once (its subject had ended) already closed the connection it opened.
    guard !lifetime.isDisposed else { return }
    let subjectObserver = subject.observer
    source.subscribe(
      Observer { [weak self] event in
        if event.isTerminal {
          _ = self?.shared.withLock { $0.connection.connectionEnded(generation: generation, remembers: true) }
        }
        subjectObserver.send(event: event)
      },
      in: lifetime
    )
  }
}
