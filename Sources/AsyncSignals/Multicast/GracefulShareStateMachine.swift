/// The states of `share(replay:stopAfter:replayExpiresAfter:scheduler:resetOnFailure:resetOnCompletion:)`: a
/// shared connection that outlives its last subscriber by a grace period, and a replay that outlives the
/// connection until it expires.
///
/// Pure: it decides, ``GracefulShareStorage`` opens and closes connections and starts and cancels timers after
/// unlocking. `Subject` is the subject a connection feeds (kept for its replay), `Connection` the source
/// subscription's lifetime, `Timer` a scheduled action. Each connection has a generation, and each timer a
/// number, so that a subscriber of an older connection, or a timer that fired while being cancelled, changes
/// nothing.
///
/// ```
///  idle(cache?) ──subscriber──▶ connected(n) ──last leaves──▶ lingering ──stop timer──▶ idle(cache: subject)
///                                   ▲    ◀──subscriber (same connection, timer cancelled)──┘        │ expiry
///                                   └──── subscriber: the cached subject, a new source subscription ◀┘ ▶ idle
///  connected / lingering ──source ends──▶ idle (reset) or ended(subject) (replay and end for good)
/// ```
struct GracefulShareStateMachine<Subject, Connection, Timer> {
  private enum State {
    /// No connection; `cache` is the previous connection's subject while its replay has not expired.
    case idle(cache: Subject?, expiry: (Timer, number: UInt64)?)
    /// `subscribers` use the connection `generation`; 0 while the stop timer is being started.
    case connected(Subject, Connection, generation: UInt64, subscribers: Int)
    /// Nobody uses connection `generation`; it closes when the stop timer fires.
    case lingering(Subject, Connection, generation: UInt64, stop: (Timer, number: UInt64))
    /// The source ended and the share does not reset: every later subscriber gets the subject's replay and end.
    case ended(Subject)
  }

  /// What ``subscriberAdded(makeSubject:makeConnection:)`` asks the owner to do.
  enum SubscriberAddedAction {
    /// Subscribe to `subject`, then subscribe the source into it within `connection` (`generation`); cancel
    /// `cancelled`, the cache's expiry timer, if any.
    case open(Subject, Connection, generation: UInt64, cancelled: Timer?)
    /// Subscribe to `subject` of connection `generation`; cancel `cancelled`, the stop timer, if any.
    case join(Subject, generation: UInt64, cancelled: Timer?)
    /// The source ended for good: subscribe to `subject` (its replay and end) without being counted.
    case ended(Subject)
  }

  /// What a timer or a leaving subscriber asks the owner to do.
  enum TimerAction {
    /// Nothing.
    case none
    /// Start the stop timer `number`, for connection `generation`.
    case startStopTimer(number: UInt64)
    /// Close `connection`, then start the expiry timer `number` of the cached replay, if any.
    case close(Connection, expiryTimer: UInt64?)
  }

  private var state = State.idle(cache: nil, expiry: nil)
  private var generation: UInt64 = 0
  private var timerNumber: UInt64 = 0
  /// Whether a replay is kept after the connection closed, and for how long is the owner's: `nil` never expires.
  private let replayExpires: Bool?

  /// Creates a machine; `replayExpires` is `nil` when the replay never expires, `false` when it expires with the
  /// connection, `true` when it expires after a delay.
  init(replayExpires: Bool?) {
    self.replayExpires = replayExpires
  }

  /// A subscriber arrived.
  mutating func subscriberAdded(
    makeSubject: () -> Subject,
    makeConnection: () -> Connection
  ) -> SubscriberAddedAction {
    switch state {
    case .idle(let cache, let expiry):
      let subject = cache ?? makeSubject()
      let connection = makeConnection()
      generation += 1
      state = .connected(subject, connection, generation: generation, subscribers: 1)
      return .open(subject, connection, generation: generation, cancelled: expiry?.0)
    case .connected(let subject, let connection, let current, let subscribers):
      state = .connected(subject, connection, generation: current, subscribers: subscribers + 1)
      return .join(subject, generation: current, cancelled: nil)
    case .lingering(let subject, let connection, let current, let stop):
      state = .connected(subject, connection, generation: current, subscribers: 1)
      return .join(subject, generation: current, cancelled: stop.0)
    case .ended(let subject):
      return .ended(subject)
    }
  }

  /// A subscriber of connection `removed` left; the last one starts the grace period.
  mutating func subscriberRemoved(generation removed: UInt64) -> TimerAction {
    guard case .connected(let subject, let connection, let current, let subscribers) = state, current == removed
    else { return .none }
    state = .connected(subject, connection, generation: current, subscribers: subscribers - 1)
    guard subscribers == 1 else { return .none }
    // Counted 0 until the owner reports the timer started (``stopTimerStarted(_:number:)``).
    timerNumber += 1
    return .startStopTimer(number: timerNumber)
  }

  /// The stop timer `number` was started as `timer`: remember it so that a returning subscriber can cancel it.
  ///
  /// Returns `false` when the state moved on meanwhile (a subscriber came back): cancel `timer`.
  mutating func stopTimerStarted(_ timer: Timer, number: UInt64) -> Bool {
    guard case .connected(let subject, let connection, let current, 0) = state, number == timerNumber else {
      return false
    }
    state = .lingering(subject, connection, generation: current, stop: (timer, number))
    return true
  }

  /// The stop timer `number` fired: close the connection, keep its subject for the replay.
  mutating func stopTimerFired(number: UInt64) -> TimerAction {
    guard case .lingering(let subject, let connection, _, let stop) = state, stop.number == number else {
      return .none
    }
    switch replayExpires {
    case nil:
      state = .idle(cache: subject, expiry: nil)
      return .close(connection, expiryTimer: nil)
    case false?:
      state = .idle(cache: nil, expiry: nil)
      return .close(connection, expiryTimer: nil)
    case true?:
      timerNumber += 1
      state = .idle(cache: subject, expiry: nil)
      return .close(connection, expiryTimer: timerNumber)
    }
  }

  /// The expiry timer `number` was started as `timer`; returns `false` (cancel it) when the state moved on.
  mutating func expiryTimerStarted(_ timer: Timer, number: UInt64) -> Bool {
    guard case .idle(let cache?, nil) = state, number == timerNumber else { return false }
    state = .idle(cache: cache, expiry: (timer, number))
    return true
  }

  /// The expiry timer `number` fired: forget the replay.
  mutating func expiryTimerFired(number: UInt64) {
    guard case .idle(_, let expiry?) = state, expiry.number == number else { return }
    state = .idle(cache: nil, expiry: nil)
  }

  /// The source of connection `ended` sent its terminal event, before it reaches the subscribers.
  ///
  /// `resets` tells whether the next subscriber starts over. Returns the stop timer to cancel, if any.
  mutating func sourceEnded(generation ended: UInt64, resets: Bool) -> Timer? {
    switch state {
    case .connected(let subject, _, let current, _) where current == ended:
      state = resets ? .idle(cache: nil, expiry: nil) : .ended(subject)
      return nil
    case .lingering(let subject, _, let current, let stop) where current == ended:
      state = resets ? .idle(cache: nil, expiry: nil) : .ended(subject)
      return stop.0
    case .idle, .connected, .lingering, .ended:
      return nil
    }
  }
}
