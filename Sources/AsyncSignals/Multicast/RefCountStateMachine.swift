/// The states of a shared connection to a source: when to open it, who uses it, when to close it.
///
/// `Connection` is what one connection owns: the source subscription's ``Lifetime`` for a
/// ``ConnectableSignal``, and also the subject of that connection for ``Signal/share(replay:scope:)``. The machine
/// decides; its owner opens and closes connections after unlocking. It makes a connection with the closure
/// it is given, which only allocates library objects.
///
/// Each connection gets a generation number. Subscribers are counted per connection: the owner passes the
/// generation of the connection a subscriber joined when that subscriber leaves, so a subscriber of a connection
/// that already ended (or was replaced) never touches the count of the next one.
///
/// Ref-count rules (see `Docs/Subjects.md`):
/// - ``connectRequested(_:)`` opens the connection at most once while it lasts, and returns the same one after,
///   even once it ended (ReactiveCocoa's `connect`).
/// - ``subscriberAdded(restartsAfterEnd:_:)`` counts a subscriber and opens the connection for the first; after
///   the source ended, a subscriber that restarts opens a new connection, and one that does not is not counted.
/// - ``subscriberRemoved(generation:reconnects:)`` closes the connection when its count returns to zero. With
///   `reconnects` the next subscriber opens a new connection (Rx `refCount`, Combine `autoconnect`); without, it
///   is closed for good and later subscribers are not connected again (ReactiveCocoa `autoconnect`).
/// - ``connectionEnded(generation:remembers:)`` records that the source of a connection sent its terminal event,
///   before that event reaches the subscribers, so one that subscribes again from its terminal handler finds the
///   connection over.
struct RefCountStateMachine<Connection> {
  private enum State {
    /// No connection is open; the next ``connectRequested(_:)`` or subscriber opens one.
    case idle
    /// `connection`, number `generation`, is open and `subscribers` ref-counted subscribers use it.
    case connected(Connection, generation: UInt64, subscribers: Int)
    /// The source of `connection` sent its terminal event. ``connectRequested(_:)`` keeps returning it; a
    /// subscriber that restarts after an end opens a new connection.
    case ended(Connection)
    /// The count returned to zero without reconnection: `connection` is closed for good.
    case closed(Connection)
  }

  /// What ``connectRequested(_:)`` asks the owner to do.
  enum ConnectAction {
    /// Open `connection`, number `generation`: subscribe the source within it.
    case open(Connection, generation: UInt64)
    /// Nothing: `connection` is (or was) already open; return it.
    case existing(Connection)
  }

  /// What ``subscriberAdded(restartsAfterEnd:_:)`` asks the owner to do.
  enum SubscriberAddedAction {
    /// The subscriber is the first of `connection`, number `generation`: subscribe it, then open the connection.
    /// `afterEnd` tells that the previous connection ended, so its subject has ended too.
    case open(Connection, generation: UInt64, afterEnd: Bool)
    /// Subscribe the subscriber to the open `connection`, number `generation`.
    case join(Connection, generation: UInt64)
    /// The connection is over for this subscriber: subscribe without counting and without connecting.
    case closed(Connection)
  }

  /// What ``subscriberRemoved(generation:reconnects:)`` asks the owner to do.
  enum SubscriberRemovedAction {
    /// Nothing: other subscribers remain, or the subscriber's connection is already over.
    case none
    /// The last subscriber left: close `connection` (dispose the source subscription).
    case close(Connection)
  }

  private var state = State.idle
  /// The number of the newest connection; 0 before the first.
  private var generation: UInt64 = 0

  /// Creates a machine with no connection.
  init() {}

  /// Somebody asked to connect; `makeConnection` makes a new connection if one must be opened.
  mutating func connectRequested(_ makeConnection: () -> Connection) -> ConnectAction {
    switch state {
    case .idle:
      let connection = makeConnection()
      generation += 1
      state = .connected(connection, generation: generation, subscribers: 0)
      return .open(connection, generation: generation)
    case .connected(let connection, _, _), .ended(let connection), .closed(let connection):
      return .existing(connection)
    }
  }

  /// A ref-counted subscriber arrived; `makeConnection` makes a new connection if one must be opened.
  ///
  /// `restartsAfterEnd` tells what a subscriber does once the source ended: open a new connection (Rx
  /// `refCount`, `share`), or register with the ended subject without counting (ReactiveCocoa `autoconnect`, or
  /// a subject that cannot be made again).
  mutating func subscriberAdded(
    restartsAfterEnd: Bool,
    _ makeConnection: () -> Connection
  ) -> SubscriberAddedAction {
    switch state {
    case .idle:
      return open(makeConnection(), afterEnd: false)
    case .connected(let connection, let generation, let subscribers):
      state = .connected(connection, generation: generation, subscribers: subscribers + 1)
      return .join(connection, generation: generation)
    case .ended(let connection):
      guard restartsAfterEnd else { return .closed(connection) }
      return open(makeConnection(), afterEnd: true)
    case .closed(let connection):
      return .closed(connection)
    }
  }

  /// A subscriber counted for connection `generation` left; `reconnects` tells whether a later subscriber may
  /// open a new connection.
  mutating func subscriberRemoved(generation removed: UInt64, reconnects: Bool) -> SubscriberRemovedAction {
    precondition(
      removed >= 1 && removed <= generation,
      "RefCount: internal inconsistency, \(state) received subscriberRemoved of connection \(removed)"
    )
    switch state {
    case .connected(let connection, let current, let subscribers) where current == removed:
      guard subscribers <= 1 else {
        state = .connected(connection, generation: current, subscribers: subscribers - 1)
        return .none
      }
      state = reconnects ? .idle : .closed(connection)
      return .close(connection)
    case .idle, .connected, .ended, .closed:
      return .none
    }
  }

  /// The source of connection `generation` sent its terminal event; returns whether that connection was current.
  ///
  /// With `remembers`, ``connectRequested(_:)`` keeps returning the ended connection; without (`share`, which has
  /// no `connect`), the machine forgets it and goes idle.
  @discardableResult
  mutating func connectionEnded(generation ended: UInt64, remembers: Bool) -> Bool {
    switch state {
    case .connected(let connection, let current, _) where current == ended:
      state = remembers ? .ended(connection) : .idle
      return true
    case .idle, .connected, .ended, .closed:
      return false
    }
  }

  /// The number of counted subscribers.
  var subscriberCount: Int {
    switch state {
    case .connected(_, _, let subscribers): subscribers
    case .idle, .ended, .closed: 0
    }
  }

  private mutating func open(_ connection: Connection, afterEnd: Bool) -> SubscriberAddedAction {
    generation += 1
    state = .connected(connection, generation: generation, subscribers: 1)
    return .open(connection, generation: generation, afterEnd: afterEnd)
  }
}
