/// How long the subject of ``Signal/share(replay:scope:)`` lives, and so what it replays.
///
/// ```swift
/// let perConnection = request.share(replay: 1, scope: .whileConnected)
/// let cachedForGood = request.share(replay: 1, scope: .forever)
/// ```
public enum ShareScope: Sendable, Hashable {
  /// Each connection has its own subject: when the last subscriber leaves or the source ends, the subject and
  /// its replay are forgotten, and the next subscriber starts over with a new subscription (Rx
  /// `.whileConnected`).
  case whileConnected
  /// One subject serves every connection and outlives the subscribers: its replay survives the last subscriber
  /// leaving (the next one gets it, then the values of a new subscription), and once the source ended every later
  /// subscriber receives the replay and the terminal event without subscribing the source again (Rx `.forever`).
  case forever
}

extension Signal {
  /// Shares one subscription to this signal while it has subscribers, replaying the newest `count` values to
  /// late ones; `scope` decides what happens after the last subscriber left or the signal ended.
  ///
  /// The first subscriber opens a connection: a subscription of this signal into a subject (a ``ReplaySubject``
  /// of capacity `count`, or a ``PassthroughSubject`` when `count` is 0). Later subscribers join it and first
  /// receive the newest `count` values. When the last subscriber leaves, the subscription is disposed.
  ///
  /// - ``ShareScope/whileConnected`` (the default, Rx `share(replay:scope: .whileConnected)`): every connection
  ///   has its own subject. When the last subscriber leaves, or the signal ends, the subject is forgotten and the
  ///   next subscriber starts over: a new subject and a new subscription of this signal. This holds for a
  ///   subscriber that subscribes again from inside its own `failed` or `completed` handler too: the end is
  ///   recorded before it is delivered.
  /// - ``ShareScope/forever`` (Rx `.forever`): one subject for good. A subscriber after everybody left receives
  ///   its replay, then the values of a new subscription; after the signal ended, it receives the replay and the
  ///   terminal event, and this signal is not subscribed again.
  ///
  /// ```swift
  /// let user = fetchUser.share(replay: 1)
  /// user.subscribe(value: { showName($0) })
  /// user.subscribe(value: { showAvatar($0) })  // same request; gets the user even if it already arrived
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many values late subscribers receive first; at least 0.
  ///   - scope: Whether the subject lives per connection or for good.
  /// - Returns: The shared signal.
  public func share(replay count: Int = 0, scope: ShareScope = .whileConnected) -> Signal {
    precondition(count >= 0, "share(replay:scope:): count must be >= 0, got \(count)")
    switch scope {
    case .whileConnected:
      let storage = ShareStorage(source: self, replay: count)
      return derived({ observer, lifetime in storage.subscribe(observer, in: lifetime) })
    case .forever:
      let subject: any Subject<Value, Failure> =
        count == 0 ? PassthroughSubject() : ReplaySubject(capacity: count)
      return multicast(subject).refCount()
    }
  }
}

/// The connection state of one `share(replay:scope: .whileConnected)`: a subject and a source subscription per
/// connection.
///
/// ```
///  share signal ──▶ ShareStorage ── Locked<RefCountStateMachine<Connection>>
///                        │ per connection: subject ◀── source subscription (Lifetime)
///  subscriber Lifetimes ──onDispose──▶ subscriberRemoved: the last one disposes the source subscription
///  source's terminal event ──▶ connectionEnded (the machine forgets the connection), then the subject
/// ```
final class ShareStorage<Value: Sendable, Failure: Error>: Sendable {
  /// One connection: the subject subscribers register with, and the source subscription feeding it.
  struct Connection: Sendable {
    /// The subject of this connection.
    let subject: any Subject<Value, Failure>
    /// The source subscription's lifetime.
    let lifetime: Lifetime
  }

  private let source: Signal<Value, Failure>
  private let replay: Int
  private let machine = Locked(RefCountStateMachine<Connection>())

  init(source: Signal<Value, Failure>, replay: Int) {
    self.source = source
    self.replay = replay
  }

  /// Registers a subscriber with the current connection, opening one if it is the first.
  func subscribe(_ observer: Observer<Value, Failure>, in lifetime: Lifetime) {
    let action = machine.withLock {
      $0.subscriberAdded(restartsAfterEnd: true) { makeConnection(preferring: lifetime.preferredExecutor) }
    }
    let connection: Connection
    let generation: UInt64
    switch action {
    case .open(let opened, let number, _), .join(let opened, let number):
      connection = opened
      generation = number
    case .closed:
      preconditionFailure("share(replay:scope:): internal inconsistency, a reconnecting share was closed")
    }
    lifetime.onDispose { [self] in
      let removed = machine.withLock { $0.subscriberRemoved(generation: generation, reconnects: true) }
      if case .close(let closed) = removed { closed.lifetime.dispose() }
    }
    connection.subject.signal.start(observer, in: lifetime)
    if case .open = action {
      open(connection, generation: generation)
    }
  }

  /// Subscribes the source into the connection's subject, recording the source's terminal event in the machine
  /// before the subject delivers it.
  private func open(_ connection: Connection, generation: UInt64) {
    guard !connection.lifetime.isDisposed else { return }
    let subjectObserver = connection.subject.observer
    source.subscribe(
      Observer { [weak self] event in
        if event.isTerminal {
          _ = self?.machine.withLock { $0.connectionEnded(generation: generation, remembers: false) }
        }
        subjectObserver.send(event: event)
      },
      in: connection.lifetime
    )
  }

  /// A new connection whose source subscription runs its Tasks where the opening subscriber's do.
  private func makeConnection(preferring executor: (any TaskExecutor)?) -> Connection {
    let subject: any Subject<Value, Failure> =
      replay == 0 ? PassthroughSubject() : ReplaySubject(capacity: replay)
    return Connection(subject: subject, lifetime: Lifetime(preferring: executor))
  }
}

extension Signal {
  /// Shares one subscription to this signal while it has subscribers, and for `gracePeriod` after the last one
  /// left, replaying the newest `count` values to late ones (Kotlin's `SharingStarted.WhileSubscribed`, RxJS's
  /// `share({ resetOnRefCountZero: () => timer(…) })`).
  ///
  /// A subscriber that comes back within the grace period (a screen rotating, a view appearing again, a client
  /// reconnecting) joins the running subscription and gets the replay, instead of starting the work again. When
  /// the grace period ends with nobody subscribed, the subscription is disposed; its replay is kept for
  /// `replayExpiresAfter` more (`nil`: for good), and a subscriber within that time gets it, then the values of a
  /// new subscription. Both periods run on `scheduler`'s clock, so a `TestScheduler` drives them in virtual time.
  ///
  /// When the signal ends, `resetOnFailure` and `resetOnCompletion` decide what a later subscriber gets: with
  /// `true` (the defaults, as RxJS's `share`), it starts over with a new subscription; with `false`, it gets the
  /// replay and the terminal event, and this signal is not subscribed again.
  ///
  /// ```swift
  /// let prices = ticker.share(replay: 1, stopAfter: .seconds(5), scheduler: MainScheduler.shared)
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many values late subscribers receive first; at least 0.
  ///   - gracePeriod: How long the subscription outlives its last subscriber; at least zero.
  ///   - replayExpiresAfter: How long the replay outlives the subscription; `nil` keeps it, `.zero` drops it with
  ///     the subscription.
  ///   - scheduler: The clock of both periods.
  ///   - resetOnFailure: Whether a subscriber after a failure starts over.
  ///   - resetOnCompletion: Whether a subscriber after the completion starts over.
  /// - Returns: The shared signal.
  public func share(
    replay count: Int = 0,
    stopAfter gracePeriod: Duration,
    replayExpiresAfter: Duration? = nil,
    scheduler: some TimedScheduler,
    resetOnFailure: Bool = true,
    resetOnCompletion: Bool = true
  ) -> Signal {
    let api = "share(replay:stopAfter:replayExpiresAfter:scheduler:resetOnFailure:resetOnCompletion:)"
    precondition(count >= 0, "\(api): count must be >= 0, got \(count)")
    precondition(gracePeriod >= .zero, "\(api): gracePeriod must be >= 0, got \(gracePeriod)")
    if let replayExpiresAfter {
      precondition(replayExpiresAfter >= .zero, "\(api): replayExpiresAfter must be >= 0, got \(replayExpiresAfter)")
    }
    let storage = GracefulShareStorage(
      source: self,
      replay: count,
      timing: GracefulShareStorage.Timing(
        gracePeriod: gracePeriod,
        replayExpiresAfter: replayExpiresAfter,
        scheduler: scheduler,
        resetOnFailure: resetOnFailure,
        resetOnCompletion: resetOnCompletion
      )
    )
    return derived({ observer, lifetime in storage.subscribe(observer, in: lifetime) })
  }
}
