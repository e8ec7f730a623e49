import Synchronization

/// One group of `groupBy(_:)`: buffers until its first subscriber, then multicasts to its subscribers.
///
/// Events (from the grouping subscription), subscriptions and unsubscriptions are inputs of one
/// ``InputDelivery``, the mailbox every multi-input operator uses: it hands them to the ``GroupStateMachine``
/// one at a time and in order, and queues what arrives during a delivery, so the machine needs no lock and
/// each subscriber receives events one at a time, replayed ones first.
///
/// ```
///  groupBy observer ─────(event)──────┐
///  GroupedSignal.signal ─(subscribe)──┼──▶ InputDelivery ──▶ GroupStateMachine ──▶ subscribers
///  a subscriber's end ──(unsubscribe)─┘
/// ```
/// Why not an actor: values are routed synchronously from the upstream's thread.
final class GroupStorage<Value: Sendable, Failure: Error>: Sendable {
  typealias Machine = GroupStateMachine<Value, Failure>

  /// What the group's mailbox hands to the machine.
  enum Input: Sendable {
    case event(Event<Value, Failure>)
    case subscribed(Machine.Subscriber, id: Int)
    case unsubscribed(id: Int)
  }

  private let mailbox: InputDelivery<Input>
  private let nextID = Atomic<Int>(0)

  /// Creates an empty group.
  init() {
    // Touched only by the mailbox's handler, one input at a time.
    let machine = OperatorState(Machine())
    mailbox = InputDelivery { input in
      switch input {
      case .event(let event):
        Self.perform(machine.value.eventSent(event))
      case .subscribed(let subscriber, let id):
        Self.perform(machine.value.subscribed(subscriber, id: id))
      case .unsubscribed(let id):
        _ = machine.value.unsubscribed(id)
      }
    }
  }

  /// The group as a signal; each subscriber gets its own serialising delivery.
  var signal: Signal<Value, Failure> {
    Signal { [self] observer, lifetime in
      let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
      mailbox.send(.subscribed(observer, id: id))
      // Weak: the subscriber's lifetime must not keep the group (and through it, the subscriber) alive.
      lifetime.onDispose { [weak self] in self?.mailbox.send(.unsubscribed(id: id)) }
    }
  }

  /// Routes an event of the group's key to the group.
  func send(_ event: Event<Value, Failure>) {
    mailbox.send(.event(event))
  }

  private static func perform(_ action: consuming Machine.Action) {
    switch consume action {
    case .deliver(let subscribers, let event):
      for case let subscriber? in subscribers {
        subscriber.send(event: event)
      }
    case .replay(var values, let terminal, let subscriber):
      while let value = values.popFirst() {
        subscriber.send(value)
      }
      if let terminal {
        subscriber.send(event: terminal)
      }
    case .deliverTerminal(let terminal, let subscriber):
      subscriber.send(event: terminal)
    case .none:
      break
    }
  }
}
