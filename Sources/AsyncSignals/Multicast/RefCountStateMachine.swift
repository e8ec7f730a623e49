/// The states of a shared connection to a source: when to open it, who uses it, when to close it.
///
/// `Connection` is what one connection owns: the source subscription's ``Lifetime`` for a
/// ``ConnectableSignal``, and also the subject of that connection for ``Signal/share(replay:)``. The machine
/// decides; its owner opens and closes connections after unlocking. It makes a connection with the closure
/// it is given, which only allocates library objects.
///
/// Ref-count rules (see `Docs/Subjects.md`):
/// - ``connectRequested(_:)`` opens the connection at most once while it lasts, and returns the same one after.
/// - ``subscriberAdded(_:)`` counts a subscriber and opens the connection for the first.
/// - ``subscriberRemoved(reconnects:)`` closes it when the count returns to zero. With `reconnects` the next
///   subscriber opens a new connection (Rx `refCount`, Combine `autoconnect`); without, it is closed for
///   good and later subscribers are not connected again (ReactiveCocoa `autoconnect`).
struct RefCountStateMachine<Connection> {
  private enum State {
    /// No connection is open; the next ``connectRequested(_:)`` or subscriber opens one.
    case idle
    /// `connection` is open and `subscribers` ref-counted subscribers use it.
    case connected(Connection, subscribers: Int)
    /// The count returned to zero without reconnection: `connection` is closed for good.
    case closed(Connection)
  }

  /// What ``connectRequested(_:)`` asks the owner to do.
  enum ConnectAction {
    /// Open `connection`: subscribe the source within it.
    case open(Connection)
    /// Nothing: `connection` is (or was) already open; return it.
    case existing(Connection)
  }

  /// What ``subscriberAdded(_:)`` asks the owner to do.
  enum SubscriberAddedAction {
    /// The subscriber is the first: subscribe it, then open `connection`.
    case open(Connection)
    /// Subscribe the subscriber to the open `connection`.
    case join(Connection)
    /// The connection is closed for good: subscribe without counting and without connecting.
    case closed(Connection)
  }

  /// What ``subscriberRemoved(reconnects:)`` asks the owner to do.
  enum SubscriberRemovedAction {
    /// Nothing: other subscribers remain.
    case none
    /// The last subscriber left: close `connection` (dispose the source subscription).
    case close(Connection)
  }

  private var state = State.idle

  /// Creates a machine with no connection.
  init() {}

  /// Somebody asked to connect; `makeConnection` makes a new connection if one must be opened.
  mutating func connectRequested(_ makeConnection: () -> Connection) -> ConnectAction {
    switch state {
    case .idle:
      let connection = makeConnection()
      state = .connected(connection, subscribers: 0)
      return .open(connection)
    case .connected(let connection, _), .closed(let connection):
      return .existing(connection)
    }
  }

  /// A ref-counted subscriber arrived; `makeConnection` makes a new connection if one must be opened.
  mutating func subscriberAdded(_ makeConnection: () -> Connection) -> SubscriberAddedAction {
    switch state {
    case .idle:
      let connection = makeConnection()
      state = .connected(connection, subscribers: 1)
      return .open(connection)
    case .connected(let connection, let subscribers):
      state = .connected(connection, subscribers: subscribers + 1)
      return .join(connection)
    case .closed(let connection):
      return .closed(connection)
    }
  }

  /// A counted subscriber left; `reconnects` tells whether a later subscriber may open a new connection.
  mutating func subscriberRemoved(reconnects: Bool) -> SubscriberRemovedAction {
    switch state {
    case .connected(let connection, let subscribers) where subscribers > 1:
      state = .connected(connection, subscribers: subscribers - 1)
      return .none
    case .connected(let connection, _):
      state = reconnects ? .idle : .closed(connection)
      return .close(connection)
    case .idle, .closed:
      preconditionFailure("RefCount: internal inconsistency, \(state) received subscriberRemoved")
    }
  }

  /// The number of counted subscribers.
  var subscriberCount: Int {
    switch state {
    case .connected(_, let subscribers): subscribers
    case .idle, .closed: 0
    }
  }
}
