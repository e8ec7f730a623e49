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
///
/// It holds the subscriber's actor only while delivery may still need a hop there: disposal and a delivered terminal
/// event let go of the closures and of the actor, so a kept disposable keeps neither alive (issue 35).
@usableFromInline
final class IsolatedSubscription<Value: Sendable, Failure: Error>: Disposable, @unchecked Sendable {
  // Safety: `handlers` and `delivering` belong to the subscriber's actor: the closures were formed there and are not
  // `Sendable`. Both are read and written only on that actor: by `deliverOnActor`, called from `receive` when
  // `subscriber.isCurrent()` proves the caller is on it (the main queue's key, or the library's own mark of a
  // thread it runs on the actor) or from `drain`, which runs there; and by `releaseHandlersOnActor`, called by
  // `dispose()` when `isCurrent()` proves it is on the actor, or after a hop there. Debug builds check each of those
  // entries: `drain` and `deliverOnActor` assert `subscriber.isCurrent()`, `releaseHandlersOnActor` calls
  // `assertIsolated`. Calls are serial because the actor runs one job at a time and upstream never
  // overlaps its deliveries. The mailbox is behind `machine`'s lock; `stopped` and `backlog` are atomic; the rest
  // is immutable.

  /// The three closures of the subscriber, as one value so that they are released together.
  @usableFromInline
  struct Handlers {
    @usableFromInline
    let value: (Value) -> Void
    @usableFromInline
    let failed: (Failure) -> Void
    @usableFromInline
    let completed: () -> Void

    @usableFromInline
    init(value: @escaping (Value) -> Void, failed: @escaping (Failure) -> Void, completed: @escaping () -> Void) {
      self.value = value
      self.failed = failed
      self.completed = completed
    }
  }

  /// Where the subscriber's actor runs; no reference to it (``Mailbox/actor`` holds that).
  ///
  /// Once the actor is let go of, its address may name another actor; by then `stopped` is set, and every
  /// delivery checks `stopped` before anything else.
  @usableFromInline
  let subscriber: ActorPlace
  /// The subscriber's closures, called in place; unchecked exclusivity.
  ///
  /// Only the actor touches it, one job at a time (see the safety note above). With the run-time check
  /// (`swift_beginAccess` on every value), the `main actor/AsyncSignals main-actor subscriber` row took 1.77× as
  /// long (medians of three runs each, 86.5 vs 48.9 ns per value, 2026-11-26).
  @usableFromInline
  @exclusivity(unchecked)
  var handlers: Handlers?

  /// Whether a closure is running (on the actor): a disposal from inside it lets go of the closures only after
  /// it returns, since the call uses them in place.
  ///
  /// Unchecked exclusivity for the reason `handlers` gives, on the same per-value path (written twice per value);
  /// its own share of that path's 1.77× was not measured apart from `handlers`'.
  @usableFromInline
  @exclusivity(unchecked)
  var delivering = false
  /// The events waiting for a hop, and the actor a hop goes to.
  @usableFromInline
  struct Mailbox {
    @usableFromInline
    var machine = IsolatedDeliveryStateMachine<Event<Value, Failure>>()
    /// The subscriber's actor, kept alive until delivery has stopped and the closures are dropped.
    @usableFromInline
    var actor: (any Actor)?

    @usableFromInline
    init(actor: any Actor) {
      self.actor = actor
    }
  }

  @usableFromInline
  let mailbox: Locked<Mailbox>

  /// Mirrors the machine's `hasBacklog`, so that an event arriving on the actor takes no lock when nothing waits.
  ///
  /// Written under the lock; read by `receive`, which runs serially with every writer that could change it then.
  @usableFromInline
  let backlog = Atomic<Bool>(false)

  /// Set by disposal and by a delivered terminal event; no delivery starts once it is seen.
  @usableFromInline
  let stopped = Atomic<Bool>(false)

  /// The upstream subscription.
  @usableFromInline
  let lifetime = Lifetime()

  // Inlinable, as the per-event path below (`start`'s observer, `receive`, `deliverOnActor`): the caller's module
  // specialises them for its types. Compiled generic, every event looked up `Event<Value, Failure>`'s metadata
  // (about 40% of the samples): the `main actor/AsyncSignals main-actor subscriber` benchmark row took 358 ns per
  // value, and 42 ns specialised.
  @inlinable
  init(subscriber: ActorContext, handlers: Handlers) {
    self.subscriber = subscriber.place
    self.handlers = handlers
    mailbox = Locked(Mailbox(actor: subscriber.actor))
  }

  /// Subscribes to `signal` on the caller's thread, which runs on the subscriber's actor.
  ///
  /// While the signal's body runs, the thread is marked as being on the actor, so that what the body sends at once
  /// (a current value, a replay) is delivered before this returns, on any actor.
  @inlinable
  func start(_ signal: Signal<Value, Failure>, on actor: isolated any Actor) {
    let lifetime = lifetime
    let observer = Observer<Value, Failure> { [self] event in
      receive(event)
      if event.isTerminal { lifetime.dispose() }
    }
    if subscriber.isMain {
      signal.start(observer, in: lifetime)
    } else {
      ActorContext.marking(actor) { signal.start(observer, in: lifetime) }
    }
  }

  @usableFromInline
  var isDisposed: Bool {
    stopped.load(ordering: .acquiring)
  }

  /// Stops delivery (nothing more reaches the closures once this returns), disposes the upstream subscription and
  /// lets go of the closures: at once on the actor, after a hop there from elsewhere.
  @usableFromInline
  func dispose() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return lifetime.dispose() }
    let (dropped, actor) = mailbox.withLock { mailbox in
      let dropped = mailbox.machine.stopped()
      backlog.store(false, ordering: .releasing)
      return (dropped, mailbox.actor)
    }
    _ = dropped  // released after unlocking
    lifetime.dispose()
    if subscriber.isCurrent() {
      releaseHandlersOnActor()
    } else if let actor {
      ActorContext.hop(to: actor, isMain: subscriber.isMain) { [self] in releaseHandlersOnActor() }
    }
  }

  /// Drops the closures, unless one of them is running: then `deliverOnActor` drops them when it returns.
  private func releaseHandlersOnActor() {
    guard !delivering else { return }
    releaseOnActor()
  }

  /// Drops the closures and the actor, once delivery has stopped (on the actor only).
  @usableFromInline
  func releaseOnActor() {
    #if DEBUG
    mailbox.withLock { $0.actor }?.assertIsolated("IsolatedSubscription: closures released off their actor")
    #endif
    handlers = nil
    let actor = mailbox.withLock { mailbox in
      defer { mailbox.actor = nil }
      return mailbox.actor
    }
    _ = actor  // released after unlocking
  }

  /// Takes an event from upstream (serially, from any thread).
  ///
  /// Always inlined, with ``deliverOnActor(_:)``, into `start`'s observer: called through it, the
  /// `main actor/AsyncSignals main-actor subscriber` row took 24.7 ns per value against 21.9 (medians of seven
  /// interleaved runs, 2026-11-27, with the thread mark inlined too).
  @inlinable
  @inline(__always)
  func receive(_ event: Event<Value, Failure>) {
    let onActor = subscriber.isCurrent()
    if onActor, !backlog.load(ordering: .acquiring) {
      deliverOnActor(event)
      return
    }
    receiveThroughMailbox(event, onActor: onActor)
  }

  /// Queues `event` behind the events already waiting, or for a hop when the caller is not on the actor.
  @usableFromInline
  func receiveThroughMailbox(_ event: Event<Value, Failure>, onActor: Bool) {
    let (action, actor) = mailbox.withLock { mailbox in
      let action = mailbox.machine.eventReceived(event, onActor: onActor)
      backlog.store(mailbox.machine.hasBacklog, ordering: .releasing)
      return (action, mailbox.actor)
    }
    switch action {
    case .deliverNow(let event):
      deliverOnActor(event)
    case .scheduleHop:
      // No actor: delivery has stopped (it is let go of only then), so there is nothing to deliver.
      guard let actor else { return }
      ActorContext.hop(to: actor, isMain: subscriber.isMain) { [self] in drain() }
    case .drainNow:
      drain()
    case .none:
      break
    }
  }

  /// Delivers what is queued, and what arrives meanwhile, in order (on the actor only).
  private func drain() {
    assert(subscriber.isCurrent(), "IsolatedSubscription: drained off the subscriber's actor")
    var action = mailbox.withLock { mailbox in
      let action = mailbox.machine.drainStarted()
      backlog.store(mailbox.machine.hasBacklog, ordering: .releasing)
      return action
    }
    while case .deliver(var batch) = action {
      while let event = batch.popFirst() {
        deliverOnActor(event)
      }
      action = mailbox.withLock { mailbox in
        let action = mailbox.machine.batchDelivered()
        backlog.store(mailbox.machine.hasBacklog, ordering: .releasing)
        return action
      }
    }
  }

  /// Calls the subscriber's closure for `event` unless delivery stopped (on the actor only).
  @inlinable
  @inline(__always)
  func deliverOnActor(_ event: Event<Value, Failure>) {
    assert(subscriber.isCurrent(), "IsolatedSubscription: delivered off the subscriber's actor")
    guard !stopped.load(ordering: .acquiring), handlers != nil else { return }
    guard case .value(let value) = event else { return deliverTerminalOnActor(event) }
    delivering = true
    Self.call(&handlers, with: value)
    delivering = false
    if stopped.load(ordering: .acquiring) { releaseOnActor() }  // disposed from inside the closure
  }

  /// Calls the value closure in place, without copying the three closures out of the object (a retain and a
  /// release each, per value).
  @inlinable
  static func call(_ handlers: inout Handlers?, with value: Value) {
    handlers?.value(value)
  }

  /// Calls the terminal closure and drops the closures (on the actor only, once).
  @usableFromInline
  func deliverTerminalOnActor(_ event: Event<Value, Failure>) {
    guard let handlers else { return }
    switch event {
    case .value:
      preconditionFailure("IsolatedSubscription: internal inconsistency, a value reached the terminal path")
    case .failed(let failure):
      stopped.store(true, ordering: .releasing)
      handlers.failed(failure)
      releaseOnActor()
    case .completed:
      stopped.store(true, ordering: .releasing)
      handlers.completed()
      releaseOnActor()
    }
  }
}
