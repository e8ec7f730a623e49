/// One group of `groupBy(_:)`: buffers until its first subscriber, then multicasts to its subscribers.
///
/// It owns the locked ``GroupStateMachine`` and carries out its actions after unlocking. Events come from
/// the grouping subscription (serially) and, once, from the first subscriber's replay; the machine makes
/// whichever thread finds it idle the deliverer, and queues what arrives meanwhile, so each subscriber
/// receives events one at a time and in order, replayed ones first.
///
/// ```
///  groupBy observer ──send──▶ GroupStorage ──▶ each subscriber's SerialDelivery ──▶ subscriber
///  GroupedSignal.signal ─────▶  (subscribe / unsubscribe)
/// ```
/// Why not an actor: values are routed synchronously from the upstream's thread.
final class GroupStorage<Value: Sendable, Failure: Error>: Sendable {
  typealias Machine = GroupStateMachine<Value, Failure>

  private let machine = Locked(Machine())

  /// Creates an empty group.
  init() {}

  /// The group as a signal; each subscriber gets its own serialising delivery.
  var signal: Signal<Value, Failure> {
    Signal { [self] observer, lifetime in
      let (id, action) = machine.withLock { $0.subscribed(observer) }
      lifetime.onDispose { [weak self] in
        let removed = self?.machine.withLock { $0.unsubscribed(id) }
        withExtendedLifetime(removed) {}
      }
      run(action)
    }
  }

  /// Routes an event of the group's key to the group.
  func send(_ event: Event<Value, Failure>) {
    run(machine.withLock { $0.eventSent(event) })
  }

  private func run(_ action: Machine.DeliverAction) {
    var next = action
    while true {
      switch next {
      case .deliver(let subscribers, let event):
        for subscriber in subscribers {
          subscriber.send(event: event)
        }
      case .deliverTo(let subscriber, let event):
        subscriber.send(event: event)
      case .none:
        return
      }
      next = machine.withLock { $0.deliveryFinished() }
    }
  }
}
