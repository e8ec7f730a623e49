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
final class ObservingStorage<Value: Sendable>: Sendable {
  private let property: any ObservedProperty<Value>
  private let readScheduler: @Sendable (@escaping @Sendable () -> Void) -> Void
  private let observer: Observer<Value, Never>
  private let stateMachine = Locked(ObservingStateMachine())

  /// - Parameters:
  ///   - property: What to read, and how it tracks changes.
  ///   - scheduleRead: Runs a read later, after the mutation that noticed a change has finished: on the scheduler
  ///     the caller chose, or on the actor the object belongs to.
  ///   - observer: Where the values go.
  init(
    property: any ObservedProperty<Value>,
    scheduleRead: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
    observer: Observer<Value, Never>
  ) {
    self.property = property
    self.readScheduler = scheduleRead
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
    property.trackedRead {
      let notice = ChangeNotice(storage: self, generation: generation)  // made only if the object is still there
      return { notice.changed() }
    }
  }

  private func scheduleRead() {
    readScheduler { [self] in read() }
  }
}

/// A property of an `@Observable` object that a subscription reads, tracking its changes.
protocol ObservedProperty<Value>: Sendable {
  associatedtype Value: Sendable

  /// Reads the property inside `withObservationTracking` with the `onChange` that `makeOnChange` makes; `nil` once
  /// the object is released (then `makeOnChange` is not called).
  func trackedRead(_ makeOnChange: () -> @Sendable () -> Void) -> Value?
}

/// A property of an `@Observable` object, held weakly.
///
/// For a `Sendable` object with a `Sendable` key path (``Signal/observing(_:_:on:)``), reads run wherever the
/// caller's scheduler runs them. For an object that belongs to an actor (``Signal/observing(isolation:_:_:)``, a
/// `@MainActor` model), reads run on that actor only.
struct KeyPathProperty<Object: AnyObject & Observable, Value: Sendable>: ObservedProperty, @unchecked Sendable {
  // Safety: made in two places only. `Signal.observing(_:_:on:)` requires `Object: Sendable` and a `Sendable` key
  // path, so the compiler has checked both. `Signal.observing(isolation:_:_:)` passes an object and key path that
  // belong to the actor the observation was made on, and `trackedRead` is called only there: the first read only
  // when `ActorContext.isCurrent()` proves the caller is on that actor (otherwise after `ActorContext.hop`), every
  // later read through `ActorContext.hop`. The weak reference itself is safe to load from any thread.
  weak var object: Object?
  let keyPath: KeyPath<Object, Value>

  func trackedRead(_ makeOnChange: () -> @Sendable () -> Void) -> Value? {
    guard let object else { return nil }
    let onChange = makeOnChange()
    return withObservationTracking {
      object[keyPath: keyPath]
    } onChange: {
      onChange()
    }
  }
}

/// Reports one tracking's change to its storage: when the tracking fires, and when the tracking's closure is
/// released (after it fired, or when the observed object is released without a change).
///
/// The storage ignores the second report of a generation, so both paths may report.
private final class ChangeNotice<Value: Sendable>: Sendable {
  private weak let storage: ObservingStorage<Value>?
  private let generation: Int

  init(storage: ObservingStorage<Value>, generation: Int) {
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
