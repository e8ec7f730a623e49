/// The mailbox of a subscription whose closures run on an actor: which events wait for a hop, and who delivers.
///
/// Pure: it decides, ``IsolatedSubscription`` carries the decision out. Inputs come from two places only:
/// `eventReceived` from the upstream observer (serial: the upstream's delivery never overlaps), and
/// `drainStarted`/`batchDelivered` from drains that run on the actor (serial too: an actor runs one job at a time).
@usableFromInline
struct IsolatedDeliveryStateMachine<Element> {
  private enum State {
    /// Nothing queued, nobody draining: an event that arrives on the actor is delivered at once.
    case idle
    /// Events that arrived off the actor, waiting for the hop that was scheduled with the first of them.
    case queued(Queue<Element>)
    /// A drain runs on the actor; the queue holds what arrived meanwhile, delivered after the batch in hand.
    case draining(Queue<Element>)
    /// Placeholder while a queue in the payload is mutated, so that it is never copied (STYLE §2).
    case modifying
    /// Disposed, or a terminal event was delivered: everything is dropped.
    case stopped
  }

  /// What to do with an event that arrived.
  enum EventReceivedAction {
    /// Deliver it now: the caller is on the actor and nothing waits ahead of it.
    case deliverNow(Element)
    /// It was queued as the first of a batch: schedule one hop to the actor.
    case scheduleHop
    /// It was queued behind others, and the caller is on the actor: drain now rather than wait for the hop.
    case drainNow
    /// It was queued behind others; the drain or hop in progress delivers it.
    case none
  }

  /// What a drain on the actor does next.
  enum DrainAction {
    /// Deliver these events, in order, then report ``batchDelivered()``.
    case deliver(Queue<Element>)
    /// Nothing (left) to deliver.
    case finish
  }

  private var state = State.idle

  /// Whether events wait or a drain runs: an event that arrives on the actor must then queue behind them.
  var hasBacklog: Bool {
    switch state {
    case .idle, .stopped: false
    case .queued, .draining: true
    case .modifying: preconditionFailure("IsolatedDelivery: internal inconsistency, read while modifying")
    }
  }

  /// An event arrived from upstream; `onActor` tells whether the caller runs on the subscriber's actor.
  mutating func eventReceived(_ element: Element, onActor: Bool) -> EventReceivedAction {
    switch state {
    case .idle:
      guard !onActor else { return .deliverNow(element) }
      var queue = Queue<Element>()
      queue.append(element)
      state = .queued(queue)
      return .scheduleHop
    case .queued(var queue):
      state = .modifying
      queue.append(element)
      state = .queued(queue)
      return onActor ? .drainNow : .none
    case .draining(var queue):
      state = .modifying
      queue.append(element)
      state = .draining(queue)
      return .none
    case .stopped:
      return .none
    case .modifying:
      preconditionFailure("IsolatedDelivery: internal inconsistency, \(state) received an event")
    }
  }

  /// A drain started on the actor (a hop, or a caller on the actor that found events queued).
  mutating func drainStarted() -> DrainAction {
    switch state {
    case .queued(let queue):
      state = .draining(Queue())
      return .deliver(queue)
    case .idle, .stopped:
      return .finish  // a hop whose events were drained synchronously already, or a stopped subscription
    case .draining, .modifying:
      preconditionFailure("IsolatedDelivery: internal inconsistency, \(state) started a second drain")
    }
  }

  /// The drain delivered its batch: hand it what arrived meanwhile, or end the drain.
  mutating func batchDelivered() -> DrainAction {
    switch state {
    case .draining(let queue):
      if queue.isEmpty {
        state = .idle
        return .finish
      }
      state = .draining(Queue())
      return .deliver(queue)
    case .stopped:
      return .finish
    case .idle, .queued, .modifying:
      preconditionFailure("IsolatedDelivery: internal inconsistency, \(state) finished a batch")
    }
  }

  /// The subscription stopped: returns what was still queued, to be released after unlocking.
  mutating func stopped() -> Queue<Element>? {
    switch state {
    case .queued(let queue), .draining(let queue):
      state = .stopped
      return queue
    case .idle, .stopped:
      state = .stopped
      return nil
    case .modifying:
      preconditionFailure("IsolatedDelivery: internal inconsistency, \(state) stopped")
    }
  }
}
