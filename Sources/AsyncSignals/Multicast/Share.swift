extension Signal {
  /// Shares one subscription to this signal while it has subscribers, replaying the newest `count` values to
  /// late ones, and starts a fresh one when the next subscriber comes after all left.
  ///
  /// The first subscriber opens a connection: a new subject (a ``ReplaySubject`` of capacity `count`, or a
  /// ``PassthroughSubject`` when `count` is 0) and one subscription of this signal into it. Later subscribers
  /// join it and first receive the newest `count` values. When the last subscriber leaves, or the signal
  /// ends and so ends every subscriber, the subscription is disposed and the subject forgotten; the next
  /// subscriber starts over with a new subject and a new subscription. This is Rx
  /// `share(replay:scope: .whileConnected)`.
  ///
  /// ```swift
  /// let user = fetchUser.share(replay: 1)
  /// user.subscribe(value: { showName($0) })
  /// user.subscribe(value: { showAvatar($0) })  // same request; gets the user even if it already arrived
  /// ```
  ///
  /// - Parameter count: How many values late subscribers receive first; at least 0.
  /// - Returns: The shared signal.
  public func share(replay count: Int = 0) -> Signal {
    precondition(count >= 0, "share(replay:): count must be >= 0, got \(count)")
    let storage = ShareStorage(source: self, replay: count)
    return Signal.unserialized({ observer, lifetime in storage.subscribe(observer, in: lifetime) })
  }
}

/// The connection state of one ``Signal/share(replay:)``: a subject and a source subscription per connection.
///
/// ```
///  share(replay:) signal ──▶ ShareStorage ── Locked<RefCountStateMachine<Connection>>
///                                 │ per connection: subject ◀── source subscription (Lifetime)
///  subscriber Lifetimes ──onDispose──▶ subscriberRemoved: the last one disposes the source subscription
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
    let action = machine.withLock { $0.subscriberAdded { makeConnection(preferring: lifetime.preferredExecutor) } }
    let connection: Connection
    switch action {
    case .open(let opened), .join(let opened):
      connection = opened
    case .closed:
      preconditionFailure("share(replay:): internal inconsistency, a reconnecting share was closed")
    }
    lifetime.onDispose { [self] in
      if case .close(let closed) = machine.withLock({ $0.subscriberRemoved(reconnects: true) }) {
        closed.lifetime.dispose()
      }
    }
    connection.subject.signal.start(observer, in: lifetime)
    if case .open(let opened) = action {
      source.subscribe(opened.subject.observer, in: opened.lifetime)
    }
  }

  /// A new connection whose source subscription runs its Tasks where the opening subscriber's do.
  private func makeConnection(preferring executor: (any TaskExecutor)?) -> Connection {
    let subject: any Subject<Value, Failure> =
      replay == 0 ? PassthroughSubject() : ReplaySubject(capacity: replay)
    return Connection(subject: subject, lifetime: Lifetime(preferring: executor))
  }
}
