/// The state of one observation of an `@Observable` property: reading it under tracking, waiting for the next
/// change, or waiting for the scheduler to read it again.
///
/// `withObservationTracking` calls its `onChange` once, at the property's `willSet`, before the new value is
/// stored, and then forgets the tracking. So a change is only *noticed* here; the storage reads the new value
/// later, on its scheduler, and installs a new tracking in the same read. Each tracking has a generation number,
/// so a late notice from an older tracking (the release of its closure, for example) is ignored, and changes
/// noticed while a read is pending coalesce into that read.
///
/// ```
///  readDue ──readStarted──▶ reading ──readFinished (send)──▶ tracking ──changeNoticed──▶ readDue …
///                              │ changeNoticed                                  (scheduled read)
///                              ▼
///                  readingWithChangePending ──readFinished (send, schedule a read)──▶ readDue
///  reading ──objectReleased (complete)──▶ finished ◀──disposed── any state
/// ```
///
/// Pure: the storage reads the property, sends and schedules outside its lock.
package struct ObservingStateMachine: Sendable {
  /// What to do when a read is about to start.
  package enum ReadStartedAction: Equatable {
    /// Read the property, installing tracking number `generation`.
    case read(generation: Int)
    /// The observation has ended; do nothing.
    case stop
  }

  /// What to do with the value a read returned.
  package enum ReadFinishedAction: Equatable {
    /// Send the value.
    case send
    /// Send the value, then schedule another read: the property changed while it was read.
    case sendAndScheduleRead
    /// Drop the value: the observation ended during the read.
    case discard
  }

  /// What to do when a tracking reports a change.
  package enum ChangeNoticedAction: Equatable {
    /// Schedule a read of the new value.
    case scheduleRead
    /// Nothing: the notice is stale, or a read is already due or running.
    case none
  }

  /// What to do when a read finds the object released.
  package enum ObjectReleasedAction: Equatable {
    /// Complete the signal.
    case complete
    /// Nothing: the observation has already ended.
    case none
  }

  private enum State {
    /// A read is due (at subscription, or scheduled after a change); `generation` numbers the last tracking.
    case readDue(generation: Int)
    /// Reading the property with tracking number `generation` installed; no change noticed yet.
    case reading(generation: Int)
    /// Reading with tracking number `generation`, which has already reported a change: read again after sending.
    case readingWithChangePending(generation: Int)
    /// The value was sent; tracking number `generation` waits for the next change.
    case tracking(generation: Int)
    /// Completed or disposed; every input is ignored.
    case finished
  }

  private var state = State.readDue(generation: 0)

  package init() {}

  /// A read starts (at subscription, or when a scheduled read runs).
  package mutating func readStarted() -> ReadStartedAction {
    switch state {
    case .readDue(let generation):
      state = .reading(generation: generation + 1)
      return .read(generation: generation + 1)
    case .finished:
      return .stop
    case .reading, .readingWithChangePending, .tracking:
      preconditionFailure("observing: internal inconsistency, \(state) received readStarted")
    }
  }

  /// The read with tracking number `generation` returned a value.
  package mutating func readFinished(generation: Int) -> ReadFinishedAction {
    switch state {
    case .reading(generation):
      state = .tracking(generation: generation)
      return .send
    case .readingWithChangePending(generation):
      state = .readDue(generation: generation)
      return .sendAndScheduleRead
    case .finished:
      return .discard
    case .readDue, .reading, .readingWithChangePending, .tracking:
      preconditionFailure("observing: internal inconsistency, \(state) received readFinished(\(generation))")
    }
  }

  /// Tracking number `generation` reported a change, or its closure was released (the object went away).
  package mutating func changeNoticed(generation: Int) -> ChangeNoticedAction {
    switch state {
    case .tracking(generation):
      state = .readDue(generation: generation)
      return .scheduleRead
    case .reading(generation):
      state = .readingWithChangePending(generation: generation)
      return .none
    case .readDue, .reading, .readingWithChangePending, .tracking, .finished:
      return .none
    }
  }

  /// The read found the object released.
  package mutating func objectReleased() -> ObjectReleasedAction {
    switch state {
    case .reading:
      state = .finished
      return .complete
    case .finished:
      return .none
    case .readDue, .readingWithChangePending, .tracking:
      preconditionFailure("observing: internal inconsistency, \(state) received objectReleased")
    }
  }

  /// The subscription ended.
  package mutating func disposed() {
    state = .finished
  }
}
