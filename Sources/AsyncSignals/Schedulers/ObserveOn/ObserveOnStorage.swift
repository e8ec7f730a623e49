/// One subscription of ``Signal/observe(on:)``: queues upstream events and drains them on the scheduler.
///
/// ```
///  upstream ──eventReceived──▶ Locked<ObserveOnStateMachine> ──scheduleDrain──▶ scheduler
///                                       ▲                                         │
///                                       └────────── nextEvent() (one at a time) ◀─┘──▶ downstream
///  Lifetime ──dispose()──▶ drops the queue, cancels the scheduled drain (ScheduledSlot)
/// ```
final class ObserveOnStorage<Value: Sendable, Failure: Error>: Disposable {
  private let machine = Locked(ObserveOnStateMachine<Value, Failure>())
  private let drain = ScheduledSlot()
  private let downstream: Observer<Value, Failure>
  private let scheduler: any Scheduler

  /// Whether the calling thread already runs where the scheduler does; `nil`: never assumed.
  private let isOnTarget: (@Sendable () -> Bool)?

  /// Creates the storage delivering to `downstream` on `scheduler`.
  init(downstream: Observer<Value, Failure>, scheduler: any Scheduler, isOnTarget: (@Sendable () -> Bool)? = nil) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.isOnTarget = isOnTarget
  }

  /// Whether the subscription was disposed.
  var isDisposed: Bool {
    drain.isDisposed
  }

  /// Queues `event`, scheduling a drain if none is pending.
  func eventReceived(_ event: Event<Value, Failure>) {
    let onTarget = isOnTarget?() ?? false
    switch machine.withLock({ $0.eventReceived(event, onTarget: onTarget) }) {
    case .deliverNow(let event):
      downstream.send(event: event)
    case .scheduleDrain(let generation):
      drain.store(scheduler.schedule { [self] in deliverPending() }, generation: generation)
    case .none:
      break
    }
  }

  /// Drops what is queued and cancels the pending drain.
  func dispose() {
    let dropped = machine.withLock { $0.disposed() }
    drain.dispose()
    withExtendedLifetime(dropped) {}
  }

  private func deliverPending() {
    while case .deliver(let event) = machine.withLock({ $0.nextEvent() }) {
      downstream.send(event: event)
    }
  }
}
