/// The states of a subject: who is subscribed, what a new subscriber replays, and whether the subject ended.
///
/// Sends, subscriptions and removals are *operations*. The subject's ``SerialDelivery`` runs them one at a time,
/// in the order they arrived: an operation that arrives while another runs (from another thread, or
/// re-entrantly from inside a subscriber) is queued and run next, by the thread already running them. So:
/// - a value is recorded in the history and delivered to the subscribers registered at that moment;
/// - a subscription is registered and handed its history in one step, between two sends, so what it replays
///   and what it receives live neither overlap nor leave a gap, and are in the same order;
/// - a subscription made during a delivery is registered after that delivery: it misses the in-flight value
///   (a replaying subject replays it instead).
///
/// The machine is pure: it returns a ``Step`` for ``SubjectEngine`` to carry out, and never calls an observer.
/// It reads a subscriber's atomic ``SubjectSubscriber/isActive`` flag, which calls nothing.
///
/// ```swift
/// var machine = SubjectStateMachine<Int, Never>(history: ReplayBuffer(capacity: 1))
/// _ = machine.run(.subscribe(subscriber))  // .replay([], then: nil, to: subscriber)
/// _ = machine.run(.send(.value(1)))        // .deliver(.value(1), releasing: nil)
/// ```
@usableFromInline
struct SubjectStateMachine<Value: Sendable, Failure: Error> {
  @usableFromInline
  typealias Subscriber = SubjectSubscriber<Value, Failure>

  /// Work for the subject, run one at a time.
  @usableFromInline
  enum Operation: Sendable {
    /// Record and deliver an event.
    case send(Event<Value, Failure>)
    /// Register a subscriber and replay the history to it.
    case subscribe(Subscriber)
    /// Forget a subscriber whose subscription ended.
    case remove(Subscriber)
  }

  /// What to carry out for an operation.
  @usableFromInline
  enum Step {
    /// Nothing (an event after the end).
    case none
    /// Nothing to deliver; `subscriber` was unregistered.
    case removed(Subscriber)
    /// Deliver the value `event` to each registered subscriber that is still active, then release
    /// `evicted` (the value the history dropped to make room).
    case deliver(Event<Value, Failure>, releasing: Value?)
    /// Deliver the terminal `event` to each subscriber of `last` that is still active (the registered ones,
    /// which the machine has forgotten).
    case deliverTerminal(Event<Value, Failure>, to: ContiguousArray<Subscriber>)
    /// Deliver `history`, then `terminal` if any, to `subscriber`, stopping when it becomes inactive (it was
    /// registered if it has a place, ``SubjectSubscriber/isRegistered``).
    case replay(ReplayBuffer<Value>, then: Event<Value, Failure>?, to: Subscriber)
  }

  /// The registered subscribers, in the order they subscribed.
  @usableFromInline
  var subscribers = SubjectSubscribers<Value, Failure>()
  /// The values a new subscriber replays.
  @usableFromInline
  var history: ReplayBuffer<Value>
  /// The terminal event, once it ran; new subscribers replay it after the history, and later events are dropped.
  @usableFromInline
  var terminal: Event<Value, Failure>?

  /// Creates a subject's machine whose new subscribers replay `history`.
  @usableFromInline
  init(history: ReplayBuffer<Value>) {
    self.history = history
  }

  /// The newest value of the history.
  @usableFromInline
  var latestValue: Value? {
    history.last
  }

  /// Runs `operation`; returns what to carry out.
  @inlinable
  @inline(__always)
  mutating func run(_ operation: consuming Operation) -> Step {
    switch consume operation {
    case .send(.value(let value)):
      guard terminal == nil else { return .none }
      let evicted = history.append(value)
      return .deliver(.value(value), releasing: evicted)
    case .send(let event):
      guard terminal == nil else { return .none }
      terminal = event
      return .deliverTerminal(event, to: subscribers.removeAll())
    case .subscribe(let subscriber):
      if terminal == nil, subscriber.isActive {
        subscribers.append(subscriber)
      }
      return .replay(history, then: terminal, to: subscriber)
    case .remove(let subscriber):
      guard subscribers.remove(subscriber) else { return .none }
      return .removed(subscriber)
    }
  }
}
