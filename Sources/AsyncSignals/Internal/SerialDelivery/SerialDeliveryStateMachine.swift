/// The states of one subscription's delivery from a signal's body to its observer chain.
///
/// Exactly one sender at a time is the *deliverer*: the one that found the state idle. Events sent while a
/// delivery is in progress (from other threads, or re-entrantly from inside the observer) are queued and
/// delivered by the deliverer, in order, after the current one. A terminal event stops acceptance.
/// Disposal drops everything still queued. The machine is pure: it returns what to deliver and never calls
/// the observer itself.
struct SerialDeliveryStateMachine<Value: Sendable, Failure: Error> {
  typealias Downstream = Observer<Value, Failure>

  private enum State {
    /// Nobody is delivering; the next sender delivers its event at once.
    case idle(downstream: Downstream)
    /// A deliverer is calling `downstream`. `pending` holds events sent meanwhile, in order;
    /// `acceptsMore` turns false once a terminal event has been accepted.
    case delivering(downstream: Downstream, pending: Queue<Event<Value, Failure>>, acceptsMore: Bool)
    /// A terminal event was delivered or the subscription was disposed: nothing more is delivered.
    case finished
    /// Transient placeholder while `pending` is mutated in place (avoids a copy of the queue).
    case modifying
  }

  /// What a sender must do after ``eventSent(_:)``.
  enum SendAction {
    /// Become the deliverer: call `downstream` with `event`, then report ``deliveryFinished(wasTerminal:)``.
    case deliver(Downstream, Event<Value, Failure>)
    /// Nothing: the event was queued for the current deliverer, or dropped after the end.
    case none
  }

  /// What the deliverer must do after ``deliveryFinished(wasTerminal:)``.
  enum DeliveryFinishedAction {
    /// Deliver the next queued event.
    case deliver(Downstream, Event<Value, Failure>)
    /// Stop delivering: the queue is empty, or the subscription was disposed meanwhile.
    case stop
    /// A terminal event went out: release `downstream` (after unlocking) and end the subscription's lifetime.
    case endSubscription(releasing: Downstream)
  }

  /// What the disposer must release after unlocking: the observer chain and any events never delivered.
  struct Released {
    /// The observer chain, if it was still held.
    var downstream: Downstream?
    /// Events that were queued and are now dropped.
    var dropped: Queue<Event<Value, Failure>>
  }

  private var state: State

  /// Creates the machine for a subscription delivering to `downstream`.
  init(downstream: Downstream) {
    state = .idle(downstream: downstream)
  }

  /// A sender sent `event`.
  mutating func eventSent(_ event: Event<Value, Failure>) -> SendAction {
    switch state {
    case .idle(let downstream):
      state = .delivering(downstream: downstream, pending: Queue(), acceptsMore: !event.isTerminal)
      return .deliver(downstream, event)
    case .delivering(let downstream, var pending, let acceptsMore):
      guard acceptsMore else { return .none }
      state = .modifying
      pending.append(event)
      state = .delivering(downstream: downstream, pending: pending, acceptsMore: !event.isTerminal)
      return .none
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("SerialDelivery: internal inconsistency, \(state) received eventSent")
    }
  }

  /// The deliverer returned from the observer; `wasTerminal` tells whether it delivered a terminal event.
  mutating func deliveryFinished(wasTerminal: Bool) -> DeliveryFinishedAction {
    switch state {
    case .delivering(let downstream, var pending, let acceptsMore):
      if wasTerminal {
        state = .finished
        return .endSubscription(releasing: downstream)
      }
      state = .modifying
      guard let next = pending.popFirst() else {
        state = .idle(downstream: downstream)
        return .stop
      }
      state = .delivering(downstream: downstream, pending: pending, acceptsMore: acceptsMore)
      return .deliver(downstream, next)
    case .finished:
      return .stop
    case .idle, .modifying:
      preconditionFailure("SerialDelivery: internal inconsistency, \(state) received deliveryFinished")
    }
  }

  /// The subscription was disposed.
  mutating func disposed() -> Released {
    switch state {
    case .idle(let downstream):
      state = .finished
      return Released(downstream: downstream, dropped: Queue())
    case .delivering(let downstream, let pending, _):
      // The deliverer is inside the observer; its next `deliveryFinished` finds `.finished` and stops.
      state = .finished
      return Released(downstream: downstream, dropped: pending)
    case .finished:
      return Released(downstream: nil, dropped: Queue())
    case .modifying:
      preconditionFailure("SerialDelivery: internal inconsistency, \(state) received disposed")
    }
  }

  /// Whether the machine still delivers events.
  var isActive: Bool {
    switch state {
    case .idle, .delivering: true
    case .finished: false
    case .modifying: preconditionFailure("SerialDelivery: internal inconsistency, \(state) read isActive")
    }
  }
}
