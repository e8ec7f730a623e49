/// The states of a subject: who delivers, what waits, who subscribes, and what a new subscriber replays.
///
/// Sends and subscriptions are *operations* that run one at a time, in the order they arrived. Exactly one
/// caller at a time is the *deliverer*: the one that found the machine idle. Operations arriving while it
/// works (from other threads, or re-entrantly from inside a subscriber) are queued and the deliverer runs them
/// next, so:
/// - a value is recorded in the history and delivered to the subscribers registered at that moment;
/// - a subscription is registered and handed its history in one step, between two sends, so what it replays
///   and what it receives live neither overlap nor leave a gap, and are in the same order;
/// - a subscription made during a delivery is registered after that delivery: it misses the in-flight value
///   (a replaying subject replays it instead).
///
/// The machine is pure: it returns ``Step``s for the deliverer to carry out after unlocking, and never calls an
/// observer. It reads a subscriber's atomic ``SubjectSubscriber/isActive`` flag, which calls nothing.
@usableFromInline
struct SubjectStateMachine<Value: Sendable, Failure: Error> {
  @usableFromInline
  typealias Subscriber = SubjectSubscriber<Value, Failure>

  /// Work that waits for the deliverer.
  @usableFromInline
  enum Operation {
    /// Record and deliver an event.
    case send(Event<Value, Failure>)
    /// Register a subscriber and replay the history to it.
    case subscribe(Subscriber)
  }

  /// What the deliverer carries out next, after unlocking.
  @usableFromInline
  enum Step {
    /// Deliver `event` to each subscriber of the snapshot that is still active, then release `evicted`
    /// (the value the history dropped to make room).
    case deliver(Event<Value, Failure>, to: ContiguousArray<Subscriber>, releasing: Value?)
    /// Deliver `history`, then `terminal` if any, to `subscriber`, stopping when it becomes inactive.
    case replay(ReplayBuffer<Value>, then: Event<Value, Failure>?, to: Subscriber)
  }

  @usableFromInline
  enum State {
    /// Nobody is delivering: the next operation runs at once, on the caller's thread.
    case idle
    /// A deliverer is carrying out a step; `pending` holds the operations that arrived meanwhile, in order.
    case delivering(pending: Queue<Operation>)
    /// Transient placeholder while `pending` is mutated in place.
    case modifying
  }

  @usableFromInline
  var state = State.idle
  /// The registered subscribers, replaced (copy-on-write) on subscribe and unsubscribe, snapshotted per send.
  @usableFromInline
  var subscribers: ContiguousArray<Subscriber> = []
  /// The values a new subscriber replays.
  @usableFromInline
  var history: ReplayBuffer<Value>
  /// The terminal event, once the deliverer ran it; new subscribers replay it after the history.
  @usableFromInline
  var terminal: Event<Value, Failure>?
  /// False once a terminal event was sent (even if still queued): later events are dropped.
  @usableFromInline
  var acceptsEvents = true

  /// Creates a subject's machine whose new subscribers replay `history`.
  @usableFromInline
  init(history: ReplayBuffer<Value>) {
    self.history = history
  }

  /// A caller sent `event`; returns the step to carry out if it becomes the deliverer.
  @inlinable
  mutating func eventSent(_ event: Event<Value, Failure>) -> Step? {
    guard acceptsEvents else { return nil }
    if event.isTerminal { acceptsEvents = false }
    return enqueue(.send(event))
  }

  /// A caller subscribes `subscriber`; returns the step to carry out if it becomes the deliverer.
  mutating func subscribeRequested(_ subscriber: Subscriber) -> Step? {
    enqueue(.subscribe(subscriber))
  }

  /// The deliverer finished a step; returns the next one, or `nil` when it may leave (the machine is idle).
  @inlinable
  mutating func stepFinished() -> Step? {
    switch state {
    case .delivering(var pending):
      state = .modifying
      guard let next = pending.popFirst() else {
        state = .idle
        return nil
      }
      state = .delivering(pending: pending)
      return run(next)
    case .idle, .modifying:
      preconditionFailure("Subject: internal inconsistency, \(state) received stepFinished")
    }
  }

  /// A subscription ended: forgets `subscriber` and returns it, to be released after unlocking.
  mutating func subscriberRemoved(_ subscriber: Subscriber) -> Subscriber? {
    guard let index = subscribers.firstIndex(where: { $0 === subscriber }) else { return nil }
    return subscribers.remove(at: index)
  }

  /// The registered subscribers, for an asynchronous send to wait on their buffers.
  @usableFromInline
  var currentSubscribers: ContiguousArray<Subscriber> {
    subscribers
  }

  /// The newest value of the history.
  var latestValue: Value? {
    history.last
  }

  @inlinable
  mutating func enqueue(_ operation: Operation) -> Step? {
    switch state {
    case .idle:
      state = .delivering(pending: Queue())
      return run(operation)
    case .delivering(var pending):
      state = .modifying
      pending.append(operation)
      state = .delivering(pending: pending)
      return nil
    case .modifying:
      preconditionFailure("Subject: internal inconsistency, \(state) received an operation")
    }
  }

  @inlinable
  mutating func run(_ operation: Operation) -> Step {
    switch operation {
    case .send(.value(let value)):
      let evicted = history.append(value)
      return .deliver(.value(value), to: subscribers, releasing: evicted)
    case .send(let event):
      terminal = event
      let last = subscribers
      subscribers = []
      return .deliver(event, to: last, releasing: nil)
    case .subscribe(let subscriber):
      if terminal == nil, subscriber.isActive {
        subscribers.append(subscriber)
      }
      return .replay(history, then: terminal, to: subscriber)
    }
  }
}
