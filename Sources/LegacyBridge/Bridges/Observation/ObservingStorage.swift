import AsyncSignals
import Observation

/// Runs an ``ObservingStateMachine`` for one subscription: reads the property under `withObservationTracking`,
/// sends the value, and reads again on the scheduler after each change.
///
/// ```
///  subscription ──▶ ObservingStorage ──weak──▶ object (the observed @Observable)
///      Lifetime ──owns──┘   ▲   │ read(): withObservationTracking { object[keyPath:] }
///                           │   ▼
///  object's registrar ──owns──▶ onChange closure ──owns──▶ ChangeNotice ──weak──▶ storage
///      (fires at willSet, then releases the closure; the object's deinit releases it too)
/// ```
///
/// A change is noticed at `willSet`, before the new value is stored, so the storage never reads in `onChange`:
/// it schedules the read on the scheduler, which runs it after the mutation has finished. The notice object's
/// `deinit` reports a notice as well, which is how the release of the object (which releases the closure without
/// calling it) leads to a read that finds the object gone and completes. Disposing stops the reads at once;
/// the last tracking stays installed in the object until its next change or its release, and then finds the
/// storage gone (it holds it weakly).
///
/// Why a lock and not an actor: a notice arrives synchronously in the mutating thread's `willSet`, and the first
/// value must be sent synchronously at subscription.
final class ObservingStorage<Object: AnyObject & Observable & Sendable, Value: Sendable>: Sendable {
  private weak let object: Object?
  private let keyPath: KeyPath<Object, Value> & Sendable
  private let scheduler: any Scheduler
  private let observer: Observer<Value, Never>
  private let stateMachine = Locked(ObservingStateMachine())

  init(
    object: Object,
    keyPath: KeyPath<Object, Value> & Sendable,
    scheduler: any Scheduler,
    observer: Observer<Value, Never>
  ) {
    self.object = object
    self.keyPath = keyPath
    self.scheduler = scheduler
    self.observer = observer
  }

  /// Reads the property under tracking and sends it; completes when the object has been released.
  func read() {
    guard case .read(let generation) = stateMachine.withLock({ $0.readStarted() }) else { return }
    guard let value = trackedValue(generation: generation) else {
      switch stateMachine.withLock({ $0.objectReleased() }) {
      case .complete: observer.complete()
      case .none: break
      }
      return
    }
    switch stateMachine.withLock({ $0.readFinished(generation: generation) }) {
    case .send:
      observer.send(value)
    case .sendAndScheduleRead:
      observer.send(value)
      scheduleRead()
    case .discard:
      break
    }
  }

  /// Tracking number `generation` reported a change or was released.
  func changeNoticed(generation: Int) {
    switch stateMachine.withLock({ $0.changeNoticed(generation: generation) }) {
    case .scheduleRead: scheduleRead()
    case .none: break
    }
  }

  /// The subscription ended.
  func disposed() {
    stateMachine.withLock { $0.disposed() }
  }

  /// The property's value, read with tracking number `generation` installed, or `nil` when the object is gone.
  private func trackedValue(generation: Int) -> Value? {
    guard let object else { return nil }
    let notice = ChangeNotice(storage: self, generation: generation)
    return withObservationTracking {
      object[keyPath: keyPath]
    } onChange: {
      notice.changed()
    }
  }

  private func scheduleRead() {
    scheduler.schedule { [self] in read() }
  }
}

/// Reports one tracking's change to its storage: when the tracking fires, and when the tracking's closure is
/// released (after it fired, or when the observed object is released without a change).
///
/// The storage ignores the second report of a generation, so both paths may report.
private final class ChangeNotice<Object: AnyObject & Observable & Sendable, Value: Sendable>: Sendable {
  private weak let storage: ObservingStorage<Object, Value>?
  private let generation: Int

  init(storage: ObservingStorage<Object, Value>, generation: Int) {
    self.storage = storage
    self.generation = generation
  }

  func changed() {
    storage?.changeNoticed(generation: generation)
  }

  deinit {
    changed()
  }
}
