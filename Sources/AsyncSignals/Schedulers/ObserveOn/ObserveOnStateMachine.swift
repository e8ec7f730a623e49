/// The queue of events waiting for ``Signal/observe(on:)`` to deliver them on its scheduler.
///
/// At most one drain is scheduled at a time: the first event received while idle schedules it, and later
/// events join its queue. The drain takes events one by one until the queue is empty, which makes delivery
/// serial and ordered on any scheduler. It is pure: it returns what to do and never calls out.
struct ObserveOnStateMachine<Value: Sendable, Failure: Error> {
  private enum State {
    /// No drain is scheduled and nothing is queued.
    case idle
    /// A drain is scheduled or running; `pending` holds the events it has yet to deliver.
    case draining(pending: Queue<Event<Value, Failure>>)
    /// A terminal event was handed to the drain, or the subscription was disposed: nothing more is delivered.
    case finished
    /// Transient placeholder while `pending` is mutated in place.
    case modifying
  }

  /// What the upstream thread does after ``eventReceived(_:)``.
  enum EventReceivedAction {
    /// Schedule a drain, tagged `generation` for the scheduled slot.
    case scheduleDrain(generation: UInt64)
    /// Deliver the event now: the upstream thread is already where the scheduler runs, and nothing waits.
    case deliverNow(Event<Value, Failure>)
    /// Nothing: the running drain will deliver the event, or the event is dropped.
    case none
  }

  /// What the drain does after ``nextEvent()``.
  enum NextEventAction {
    /// Deliver `event` downstream, then ask again.
    case deliver(Event<Value, Failure>)
    /// Stop draining.
    case stop
  }

  private var state = State.idle
  private var generation: UInt64 = 0

  /// Creates an idle machine.
  init() {}

  /// Upstream sent `event`; `onTarget` tells whether the upstream thread already runs where the scheduler does
  /// (the main queue for `deliverOnMainThread`), in which case an event with nothing ahead of it goes out at once.
  mutating func eventReceived(_ event: Event<Value, Failure>, onTarget: Bool = false) -> EventReceivedAction {
    switch state {
    case .idle where onTarget:
      if event.isTerminal { state = .finished }
      return .deliverNow(event)
    case .idle:
      var pending = Queue<Event<Value, Failure>>()
      pending.append(event)
      state = .draining(pending: pending)
      generation += 1
      return .scheduleDrain(generation: generation)
    case .draining(var pending):
      state = .modifying
      pending.append(event)
      state = .draining(pending: pending)
      return .none
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("ObserveOn: internal inconsistency, \(state) received eventReceived")
    }
  }

  /// The drain is ready for the next event.
  mutating func nextEvent() -> NextEventAction {
    switch state {
    case .draining(var pending):
      state = .modifying
      guard let event = pending.popFirst() else {
        state = .idle
        return .stop
      }
      state = event.isTerminal ? .finished : .draining(pending: pending)
      return .deliver(event)
    case .idle, .finished:
      return .stop
    case .modifying:
      preconditionFailure("ObserveOn: internal inconsistency, \(state) received nextEvent")
    }
  }

  /// The subscription was disposed; returns the events that will never be delivered, to release after
  /// unlocking.
  mutating func disposed() -> Queue<Event<Value, Failure>> {
    switch state {
    case .draining(let pending):
      state = .finished
      return pending
    case .idle, .finished:
      state = .finished
      return Queue()
    case .modifying:
      preconditionFailure("ObserveOn: internal inconsistency, \(state) received disposed")
    }
  }
}
