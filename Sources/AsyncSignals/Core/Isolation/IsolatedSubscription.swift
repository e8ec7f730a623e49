import Synchronization

/// A subscription whose closures run on the subscriber's actor, never elsewhere.
///
/// Upstream delivers on any thread, serially. An event that arrives on the actor while nothing waits is delivered
/// at once, before the sender's `send` returns; one that arrives elsewhere is queued, and one Task hops to the actor
/// and delivers everything queued by then, in order (several values ride one hop). After ``dispose()``, nothing more
/// is delivered, including events already queued: every delivery checks `stopped` on the actor first.
///
/// ```
///  upstream (any thread) ──▶ receive ──on the actor, no backlog──▶ closures
///                              └──otherwise──▶ mailbox ──hop (Task)──▶ drain on the actor ──▶ closures
///  subscriber ──dispose()──▶ stopped, mailbox emptied, upstream Lifetime disposed
/// ```
///
/// Upstream's terminal event ends the upstream ``Lifetime`` at once; this object goes on to deliver what is queued,
/// the terminal event last, and then drops its closures.
@usableFromInline
final class IsolatedSubscription<Value: Sendable, Failure: Error>: Disposable, @unchecked Sendable {
  // Safety: `handlers` holds closures isolated to `subscriber.actor` (they were formed there and are not
  // `Sendable`). They are called only by `deliverOnActor`, which runs only on that actor: from `receive` when
  // `subscriber.isCurrent()` (the runtime's check) proves the caller is on it, or from `drain`, which runs on it (a
  // hop, or `receive` on the actor). `handlers` is written (released) only under the same condition, after a
  // terminal event. Calls are serial because the actor runs one job at a time and upstream never overlaps its
  // deliveries. The mailbox is behind `machine`'s lock; `stopped` and `backlog` are atomic; the rest is immutable.

  /// The three closures of the subscriber, as one value so that they are released together.
  @usableFromInline
  struct Handlers {
    let value: (Value) -> Void
    let failed: (Failure) -> Void
    let completed: () -> Void

    @usableFromInline
    init(value: @escaping (Value) -> Void, failed: @escaping (Failure) -> Void, completed: @escaping () -> Void) {
      self.value = value
      self.failed = failed
      self.completed = completed
    }
  }

  private let subscriber: ActorContext
  private var handlers: Handlers?
  private let machine = Locked(IsolatedDeliveryStateMachine<Event<Value, Failure>>())

  /// Mirrors the machine's `hasBacklog`, so that an event arriving on the actor takes no lock when nothing waits.
  ///
  /// Written under the lock; read by `receive`, which runs serially with every writer that could change it then.
  private let backlog = Atomic<Bool>(false)

  /// Set by disposal and by a delivered terminal event; no delivery starts once it is seen.
  private let stopped = Atomic<Bool>(false)

  /// The upstream subscription.
  let lifetime = Lifetime()

  init(subscriber: ActorContext, handlers: Handlers) {
    self.subscriber = subscriber
    self.handlers = handlers
  }

  /// Subscribes to `signal` on the caller's thread, which runs on the subscriber's actor.
  func start(_ signal: Signal<Value, Failure>) {
    let lifetime = lifetime
    signal.start(
      Observer { [self] event in
        receive(event)
        if event.isTerminal { lifetime.dispose() }
      },
      in: lifetime
    )
  }

  @usableFromInline
  var isDisposed: Bool {
    stopped.load(ordering: .acquiring)
  }

  /// Stops delivery (nothing more reaches the closures once this returns) and disposes the upstream subscription.
  @usableFromInline
  func dispose() {
    if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
      let dropped = machine.withLock { machine in
        let dropped = machine.stopped()
        backlog.store(false, ordering: .releasing)
        return dropped
      }
      _ = dropped  // released after unlocking
    }
    lifetime.dispose()
  }

  /// Takes an event from upstream (serially, from any thread).
  func receive(_ event: Event<Value, Failure>) {
    let onActor = subscriber.isCurrent()
    if onActor, !backlog.load(ordering: .acquiring) {
      deliverOnActor(event)
      return
    }
    let action = machine.withLock { machine in
      let action = machine.eventReceived(event, onActor: onActor)
      backlog.store(machine.hasBacklog, ordering: .releasing)
      return action
    }
    switch action {
    case .deliverNow(let event):
      deliverOnActor(event)
    case .scheduleHop:
      subscriber.hop { [self] in drain() }
    case .drainNow:
      drain()
    case .none:
      break
    }
  }

  /// Delivers what is queued, and what arrives meanwhile, in order (on the actor only).
  private func drain() {
    var action = machine.withLock { machine in
      let action = machine.drainStarted()
      backlog.store(machine.hasBacklog, ordering: .releasing)
      return action
    }
    while case .deliver(var batch) = action {
      while let event = batch.popFirst() {
        deliverOnActor(event)
      }
      action = machine.withLock { machine in
        let action = machine.batchDelivered()
        backlog.store(machine.hasBacklog, ordering: .releasing)
        return action
      }
    }
  }

  /// Calls the subscriber's closure for `event` unless delivery stopped (on the actor only).
  private func deliverOnActor(_ event: Event<Value, Failure>) {
    guard !stopped.load(ordering: .acquiring), let handlers else { return }
    switch event {
    case .value(let value):
      handlers.value(value)
    case .failed(let failure):
      stopped.store(true, ordering: .releasing)
      handlers.failed(failure)
      self.handlers = nil
    case .completed:
      stopped.store(true, ordering: .releasing)
      handlers.completed()
      self.handlers = nil
    }
  }
}
