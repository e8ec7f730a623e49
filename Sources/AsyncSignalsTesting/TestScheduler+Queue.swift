import AsyncSignals

// The scheduler's queue and bookkeeping, and where a call comes from.
extension TestScheduler {
  /// The scheduler's mutable state.
  struct State {
    /// The virtual time.
    var now = SchedulerInstant.zero
    /// The queue, sorted by `(due, sequence)`.
    var entries: [Entry] = []
    /// The next identifier and sequence number.
    var nextSequence: UInt64 = 0
    /// The thread running `advance`, `run` or `step`, while one runs.
    var runningThread: UInt?
    /// Who drives the scheduler: the test, as of its last call to a driving method.
    var driver = Context.current
    /// Work noticed outside the scheduler's control, in the order noticed.
    var escapes: [EscapedWork] = []
    /// How many of `escapes` were reported.
    var reportedEscapes = 0
    /// Called with each escape as it is noticed (test hook, see `TestScheduler+Testing.swift`).
    var escapeObserver: EscapeObserver?
    /// Whether an `async` drive runs (``TestScheduler/advance(by:isolation:)``): it lets actors run what waits for
    /// them, and what they bring back to the scheduler meanwhile is the test's own work, not an escape.
    var drivingAsynchronously = false
    /// Whether the drive that runs now holds the main actor (it was called on the main queue): its jobs then run
    /// isolated to the main actor, so that their hops to it need not wait for the test to suspend.
    var runningOnMainActor = false

    mutating func insert(due: SchedulerInstant, id: UInt64? = nil, _ work: Work) -> UInt64 {
      nextSequence += 1
      let entry = Entry(id: id ?? nextSequence, due: due, sequence: nextSequence, work: work)
      // Binary search for the first entry due strictly later, so that equal due times keep their order.
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        if entries[middle].due <= due { low = middle + 1 } else { high = middle }
      }
      entries.insert(entry, at: low)
      return entry.id
    }

    mutating func remove(id: UInt64) -> Entry? {
      guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
      return entries.remove(at: index)
    }

    /// Removes the first job (async continuation) due by now, wherever it is in the queue.
    mutating func popJobDueNow() -> Entry? {
      let now = now
      guard
        let index = entries.firstIndex(where: { entry in
          guard entry.due <= now, case .job = entry.work else { return false }
          return true
        })
      else { return nil }
      return entries.remove(at: index)
    }

    /// Whether a call from `context` is the test's or the scheduler's own: made on the thread that runs an
    /// action or a job now, or, while nothing runs, by the driver.
    func isDriving(_ context: Context) -> Bool {
      if drivingAsynchronously { return true }
      if let runningThread { return context.thread == runningThread }
      return driver.isSame(as: context)
    }

    /// Records escaped work of `kind`, noticed now; returns what to tell the test hook after unlocking.
    mutating func noticeEscape(_ kind: EscapedWork.Kind) -> EscapeNotice? {
      let escape = EscapedWork(kind: kind, time: now.offset)
      escapes.append(escape)
      return escapeObserver.map { EscapeNotice(observer: $0, escape: escape) }
    }

    /// The escapes not reported yet, now counted as reported.
    mutating func takeUnreportedEscapes() -> ArraySlice<EscapedWork> {
      defer { reportedEscapes = escapes.count }
      return escapes[reportedEscapes...]
    }

    /// Removes the first entry due at or before `limit`, moves the clock to it and re-queues a repeating
    /// action.
    mutating func popFirst(dueBy limit: SchedulerInstant?) -> Entry? {
      guard let first = entries.first, limit.map({ first.due <= $0 }) ?? true else { return nil }
      entries.removeFirst()
      if first.due > now { now = first.due }
      if case .action(let action, let interval?) = first.work {
        _ = insert(due: first.due.advanced(by: interval), id: first.id, .action(action, interval: interval))
      }
      return first
    }
  }

  /// Where a call comes from: the current Task, if any, and the thread.
  struct Context: Equatable {
    /// The current Task's identity (its hash, taken from its address), or `nil` outside a Task.
    var task: Int?
    /// The thread, as ``currentThreadID()`` numbers it.
    var thread: UInt

    /// The caller's context.
    static var current: Context {
      Context(task: withUnsafeCurrentTask { $0?.hashValue }, thread: currentThreadID())
    }

    /// Whether the two are the same Task or, outside Tasks, the same thread.
    func isSame(as other: Context) -> Bool {
      if let task { return task == other.task }
      return other.task == nil && thread == other.thread
    }
  }
}
