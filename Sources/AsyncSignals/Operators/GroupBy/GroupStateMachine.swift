/// The states of one group of `groupBy(_:)`: buffering until its first subscriber, then multicasting.
///
/// Driven by the group's mailbox (``GroupStorage``), which hands it one input at a time, so it keeps no
/// delivering state of its own: what arrives during a delivery waits in the mailbox. Pure: it returns whom to
/// deliver to and never calls an observer itself.
struct GroupStateMachine<Value: Sendable, Failure: Error> {
  typealias Subscriber = Observer<Value, Failure>
  /// The subscribers, in the order they subscribed (the order of delivery), under their identifiers.
  typealias Subscribers = OrderedRegistry<Subscriber>

  private enum State {
    /// Nobody has subscribed yet: `values` and `terminal` are kept for the first subscriber.
    case buffering(values: Queue<Value>, terminal: Event<Value, Failure>?)
    /// Subscribed to: each event goes to `subscribers` as it arrives.
    case multicasting(subscribers: Subscribers)
    /// A terminal event went out; late subscribers receive it at once.
    case finished(terminal: Event<Value, Failure>)
    /// Transient placeholder while a payload is mutated in place (the state holds no second reference to it).
    case modifying
  }

  /// What the caller must do after an input.
  enum Action {
    /// Deliver `event` to `subscribers`, in order, skipping the empty places (`nil`).
    case deliver(ContiguousArray<Subscriber?>, Event<Value, Failure>)
    /// Deliver the buffered `values`, then `terminal` if there is one, to the first subscriber.
    case replay(Queue<Value>, terminal: Event<Value, Failure>?, to: Subscriber)
    /// Deliver `terminal` to a subscriber that came after it.
    case deliverTerminal(Event<Value, Failure>, to: Subscriber)
    /// Nothing.
    case none
  }

  private var state = State.buffering(values: Queue(), terminal: nil)

  /// Creates a group that nobody has subscribed to.
  init() {}

  /// The group's upstream sent `event`.
  mutating func eventSent(_ event: Event<Value, Failure>) -> Action {
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
    case .multicasting(let subscribers):
      if event.isTerminal {
        state = .finished(terminal: event)
      }
      return .deliver(subscribers.entries, event)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("GroupBy: internal inconsistency, \(state) received eventSent")
    }
  }

  /// The subscriber `id` subscribed.
  mutating func subscribed(_ subscriber: Subscriber, id: Int) -> Action {
    switch state {
    case .buffering(let values, let terminal):
      // The buffer goes to the first subscriber whole: handed out, not copied or shortened value by value.
      if let terminal {
        state = .finished(terminal: terminal)
      } else {
        var subscribers = Subscribers()
        subscribers.append(subscriber, key: id)
        state = .multicasting(subscribers: subscribers)
      }
      return .replay(values, terminal: terminal, to: subscriber)
    case .multicasting(var subscribers):
      state = .modifying
      subscribers.append(subscriber, key: id)
      state = .multicasting(subscribers: subscribers)
      return .none
    case .finished(let terminal):
      return .deliverTerminal(terminal, to: subscriber)
    case .modifying:
      preconditionFailure("GroupBy: internal inconsistency, \(state) received subscribed")
    }
  }

  /// The subscriber `id` ended its subscription; returns it, to be released by the caller.
  mutating func unsubscribed(_ id: Int) -> Subscriber? {
    guard case .multicasting(var subscribers) = state else { return nil }
    state = .modifying
    let removed = subscribers.remove(key: id)
    state = .multicasting(subscribers: subscribers)
    return removed
  }
}

// Test hook; here rather than in a `+Testing` file because it reads the private state.
extension GroupStateMachine {
  /// The address of the storage of the buffered values, while the group buffers.
  ///
  /// The same before and after a value is buffered exactly when buffering does not copy the queue.
  var _bufferStorageAddress: UnsafeRawPointer? {
    guard case .buffering(let values, _) = state else { return nil }
    return values.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }
}
