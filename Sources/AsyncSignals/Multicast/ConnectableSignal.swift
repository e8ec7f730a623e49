extension Signal {
  /// Shares one subscription to this signal among all subscribers, from when you call `connect()`.
  ///
  /// Returns a ``ConnectableSignal`` over a ``PassthroughSubject``: subscribers register with the subject,
  /// and ``ConnectableSignal/connect()`` subscribes this signal into it once. A subscriber receives what is
  /// sent after it subscribed; nothing is replayed.
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
    multicast(PassthroughSubject())
  }

  /// Shares one subscription to this signal among all subscribers through `subject`.
  ///
  /// The subject decides what late subscribers receive: a ``ReplaySubject`` replays, a
  /// ``CurrentValueSubject`` starts with its current value.
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
    ConnectableSignal(source: self, subject: subject)
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
/// A subscriber that ends as soon as it subscribes (the subject had already ended) is not counted and opens
/// nothing. Reconnecting subscribes the source again into the same subject; use ``Signal/share(replay:)`` for a
/// fresh subject per connection.
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
///  ConnectableSignal owns: source, subject, Locked<RefCountStateMachine<Lifetime>>
/// ```
public final class ConnectableSignal<Value: Sendable, Failure: Error>: SignalConvertible {
  /// The values of the signal, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the subject's ``signal``.
  public typealias AsyncIterator = Signal<Value, Failure>.AsyncIterator

  private let source: Signal<Value, Failure>
  private let subject: any Subject<Value, Failure>
  private let connection = Locked(RefCountStateMachine<Lifetime>())

  init(source: Signal<Value, Failure>, subject: some Subject<Value, Failure>) {
    self.source = source
    self.subject = subject
  }

  /// The shared signal: subscribing registers with the subject and does not connect.
  public var signal: Signal<Value, Failure> {
    subject.signal
  }

  /// Subscribes the source into the subject, once, and returns what ends that subscription.
  ///
  /// Idempotent: every call returns the same disposable, even after it was disposed or the source ended.
  /// Disposing it stops the source; the subject does not end, so its subscribers stay registered. (After
  /// ``refCount()`` closed a connection, the next call opens a new one.)
  ///
  /// ```swift
  /// let connection = published.connect()
  /// #expect(published.connect() === connection)
  /// ```
  ///
  /// - Returns: The connection's disposable.
  @discardableResult
  public func connect() -> any Disposable {
    switch connection.withLock({ $0.connectRequested { Lifetime() } }) {
    case .open(let lifetime):
      open(lifetime)
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
  /// Each connection subscribes the source again, into the same subject.
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
    Signal.unserialized({ [self] observer, lifetime in
      subject.signal.start(observer, in: lifetime)
      guard !lifetime.isDisposed else { return }  // ended at once: needs no connection
      let action = connection.withLock { $0.subscriberAdded { Lifetime(preferring: lifetime.preferredExecutor) } }
      switch action {
      case .open, .join:
        lifetime.onDispose { [self] in
          if case .close(let lifetime) = connection.withLock({ $0.subscriberRemoved(reconnects: reconnects) }) {
            lifetime.dispose()
          }
        }
      case .closed:
        break
      }
      if case .open(let connectionLifetime) = action {
        open(connectionLifetime)
      }
    })
  }

  private func open(_ lifetime: Lifetime) {
    source.subscribe(subject.observer, in: lifetime)
  }
}
