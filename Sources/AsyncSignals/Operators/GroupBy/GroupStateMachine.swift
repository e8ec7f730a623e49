/// The states of one group of `groupBy(_:)`: its subscribers, and the events not delivered yet.
///
/// One thread at a time is the deliverer: the one that found the machine idle (routing an event) or that
/// subscribed first (replaying the buffer). Events that arrive meanwhile are queued and the deliverer hands
/// them out in order: first the buffered values to the first subscriber, then the queued events to every
/// subscriber. Pure: it returns whom to deliver to and never calls an observer itself.
struct GroupStateMachine<Value: Sendable, Failure: Error> {
  typealias Subscriber = Observer<Value, Failure>
  typealias Subscribers = [Int: Subscriber]

  private enum State {
    /// Nobody has subscribed yet: `values` and `terminal` are kept for the first subscriber.
    case buffering(values: Queue<Value>, terminal: Event<Value, Failure>?)
    /// Nobody is delivering; the next event is delivered at once to `subscribers`.
    case idle(subscribers: Subscribers)
    /// A deliverer is handing out events: first `replay` (owed to the first subscriber only), then
    /// `pending` (the events that arrived meanwhile, for every subscriber), in order.
    case delivering(subscribers: Subscribers, replay: Replay?, pending: Queue<Event<Value, Failure>>)
    /// A terminal event was accepted; late subscribers receive it at once.
    case finished(terminal: Event<Value, Failure>, subscribers: Subscribers)
    /// Transient placeholder while a queue is mutated in place.
    case modifying
  }

  /// The buffered values owed to the first subscriber.
  private struct Replay {
    var id: Int
    var subscriber: Subscriber
    var values: Queue<Value>
  }

  /// What the caller must do after an input.
  enum DeliverAction {
    /// Deliver `event` to `subscribers`, then report ``deliveryFinished()``.
    case deliver(Subscribers.Values, Event<Value, Failure>)
    /// Deliver `event` to `subscriber` only, then report ``deliveryFinished()``.
    case deliverTo(Subscriber, Event<Value, Failure>)
    /// Nothing.
    case none
  }

  private var state = State.buffering(values: Queue(), terminal: nil)
  private var nextID = 0

  /// Creates a group that nobody has subscribed to.
  init() {}

  /// The group's upstream sent `event`.
  mutating func eventSent(_ event: Event<Value, Failure>) -> DeliverAction {
    switch state {
    case .buffering(var values, let terminal):
      guard terminal == nil else { return .none }
      switch event {
      case .value(let value):
        state = .modifying
        values.append(value)
        state = .buffering(values: values, terminal: nil)
      case .failed, .completed:
        state = .buffering(values: values, terminal: event)
      }
      return .none
    case .idle(let subscribers):
      if event.isTerminal {
        state = .finished(terminal: event, subscribers: subscribers)
      } else {
        state = .delivering(subscribers: subscribers, replay: nil, pending: Queue())
      }
      return .deliver(subscribers.values, event)
    case .delivering(let subscribers, let replay, var pending):
      state = .modifying
      pending.append(event)
      state = .delivering(subscribers: subscribers, replay: replay, pending: pending)
      return .none
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("GroupBy: internal inconsistency, \(state) received eventSent")
    }
  }

  /// A subscriber subscribed; returns its identifier and what to deliver now.
  mutating func subscribed(_ subscriber: Subscriber) -> (id: Int, action: DeliverAction) {
    let id = nextID
    nextID += 1
    switch state {
    case .buffering(let values, let terminal):
      var pending = Queue<Event<Value, Failure>>()
      if let terminal {
        pending.append(terminal)
      }
      state = .delivering(
        subscribers: [id: subscriber],
        replay: Replay(id: id, subscriber: subscriber, values: values),
        pending: pending
      )
      return (id, deliveryFinished())
    case .idle(var subscribers):
      subscribers[id] = subscriber
      state = .idle(subscribers: subscribers)
      return (id, .none)
    case .delivering(var subscribers, let replay, let pending):
      state = .modifying
      subscribers[id] = subscriber
      state = .delivering(subscribers: subscribers, replay: replay, pending: pending)
      return (id, .none)
    case .finished(let terminal, _):
      return (id, .deliverTo(subscriber, terminal))
    case .modifying:
      preconditionFailure("GroupBy: internal inconsistency, \(state) received subscribed")
    }
  }

  /// The subscriber `id` ended its subscription; returns it so that it is released after unlocking.
  mutating func unsubscribed(_ id: Int) -> Subscriber? {
    switch state {
    case .buffering:
      return nil
    case .idle(var subscribers):
      let removed = subscribers.removeValue(forKey: id)
      state = .idle(subscribers: subscribers)
      return removed
    case .delivering(var subscribers, var replay, let pending):
      state = .modifying
      let removed = subscribers.removeValue(forKey: id)
      if replay?.id == id {
        replay = nil
      }
      state = .delivering(subscribers: subscribers, replay: replay, pending: pending)
      return removed
    case .finished(let terminal, var subscribers):
      let removed = subscribers.removeValue(forKey: id)
      state = .finished(terminal: terminal, subscribers: subscribers)
      return removed
    case .modifying:
      preconditionFailure("GroupBy: internal inconsistency, \(state) received unsubscribed")
    }
  }

  /// The deliverer finished delivering an event (or starts delivering the replay).
  mutating func deliveryFinished() -> DeliverAction {
    switch state {
    case .delivering(let subscribers, var replay, var pending):
      state = .modifying
      // One local holds the replay while its queue shrinks: with a second reference (a copy in another local)
      // every `popFirst` copied the whole queue, and replaying n buffered values took n² steps.
      if var owed = replay.take() {
        if let value = owed.values.popFirst() {
          let subscriber = owed.subscriber
          state = .delivering(subscribers: subscribers, replay: owed, pending: pending)
          return .deliverTo(subscriber, .value(value))
        }
      }
      guard let event = pending.popFirst() else {
        state = .idle(subscribers: subscribers)
        return .none
      }
      if event.isTerminal {
        state = .finished(terminal: event, subscribers: subscribers)
      } else {
        state = .delivering(subscribers: subscribers, replay: nil, pending: pending)
      }
      return .deliver(subscribers.values, event)
    case .finished:
      return .none
    case .buffering, .idle, .modifying:
      preconditionFailure("GroupBy: internal inconsistency, \(state) received deliveryFinished")
    }
  }
}

// Test hook; here rather than in a `+Testing` file because it reads the private state.
extension GroupStateMachine {
  /// The address of the storage of the values still owed to the first subscriber, if any.
  ///
  /// Unchanged from one replayed value to the next exactly when handing out a value does not copy the queue.
  var _replayStorageAddress: UnsafeRawPointer? {
    guard case .delivering(_, let replay?, _) = state else { return nil }
    return replay.values.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }
}
