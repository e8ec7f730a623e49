/// Delivers what one subscription's body sends to its observer chain: serially, in order, in grammar.
///
/// It is the only place a signal made with `Signal.init(_:)` with a synchronous body takes a lock per
/// event; operators downstream of it rely on its serial delivery and keep their state without a lock.
/// Policy for re-entrancy and concurrency: a send that arrives while another is being delivered (from another
/// thread, or from inside the observer) is queued and returns at once; the thread already delivering delivers
/// it next. Nobody blocks and no lock is held while the observer runs.
///
/// ```
///  body ──send──▶ SerialDelivery ──(one at a time)──▶ operator observers ──▶ subscriber
///                  │ owned by the Lifetime, which disposes it
///                  └ after a terminal event: disposes the Lifetime
/// ```
final class SerialDelivery<Value: Sendable, Failure: Error>: Disposable {
  private let machine: Locked<SerialDeliveryStateMachine<Value, Failure>>
  private let lifetime: Lifetime

  /// Creates the delivery for one subscription.
  init(downstream: Observer<Value, Failure>, lifetime: Lifetime) {
    machine = Locked(SerialDeliveryStateMachine(downstream: downstream))
    self.lifetime = lifetime
  }

  /// The observer the body sends into.
  var observer: Observer<Value, Failure> {
    Observer { [self] event in send(event) }
  }

  /// Whether the subscription still delivers (no terminal event and no disposal yet).
  var isDisposed: Bool {
    machine.withLock { !$0.isActive }
  }

  /// Delivers `event`, or queues it behind the delivery in progress.
  func send(_ event: Event<Value, Failure>) {
    guard case .deliver(let downstream, let first) = machine.withLock({ $0.eventSent(event) }) else { return }
    var current = first
    var observer = downstream
    while true {
      observer.action(current)
      switch machine.withLock({ $0.deliveryFinished(wasTerminal: current.isTerminal) }) {
      case .deliver(let nextObserver, let next):
        observer = nextObserver
        current = next
      case .stop:
        return
      case .endSubscription(let released):
        withExtendedLifetime(released) { lifetime.dispose() }
        return
      }
    }
  }

  /// Stops delivery and releases the observer chain; queued events are dropped.
  func dispose() {
    let released = machine.withLock { $0.disposed() }
    withExtendedLifetime(released) {}
  }
}
