import AsyncSignals

extension TestScheduler {
  /// Moves virtual time forward by `duration` like ``advance(by:)``, and lets actors run the work that waits for
  /// them at each step, so that code under test which hops to the main actor records its values.
  ///
  /// Await it from an `async` test, such as a `@MainActor` one. Before each queued item runs, and before the clock
  /// moves on, it suspends so that the main actor (and the caller's actor) run the jobs queued on them; what those
  /// jobs bring back to the scheduler, a sleep on its clock or a Task's continuation, joins the queue at the
  /// virtual time it is now, as the test's own work, not as ``escapedWork``. Both forms, called on the main actor,
  /// run the scheduler's jobs isolated to it, so a hop to the main actor goes on at once; only this one lets the
  /// main actor run what was queued on it outside the scheduler (a `Task { @MainActor in }`, a delivery from
  /// another thread), which otherwise waits until the test next suspends.
  ///
  /// ```swift
  /// @Test @MainActor func searchRecordsItsResults() async {
  ///   let recorder = scheduler.record(model.results)  // the search hops to the main actor
  ///   queries.send("swift")
  ///   await scheduler.advance(by: .seconds(1))           // the main actor runs between the steps
  ///   #expect(recorder.values == [["swift 1", "swift 2"]])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How far to move; must not be negative.
  ///   - isolation: The caller's actor; leave the default.
  public func advance(by duration: Duration = .zero, isolation: isolated (any Actor)? = #isolation) async {
    precondition(duration >= .zero, "advance(by:): duration must be >= 0, got \(duration)")
    await drain(until: now.advanced(by: duration), operation: "advance(by:)", isolation: isolation)
  }

  /// Moves virtual time forward to `time` like ``advance(to:)``, and lets actors run the work that waits for them
  /// at each step (see ``advance(by:isolation:)``).
  ///
  /// ```swift
  /// await scheduler.advance(to: .seconds(10))
  /// ```
  ///
  /// - Parameters:
  ///   - time: The new virtual time since the scheduler's zero; must not be earlier than ``time``.
  ///   - isolation: The caller's actor; leave the default.
  public func advance(to time: Duration, isolation: isolated (any Actor)? = #isolation) async {
    let current = self.time
    precondition(time >= current, "advance(to:): \(time) is earlier than now, \(current)")
    await drain(until: SchedulerInstant(offset: time), operation: "advance(to:)", isolation: isolation)
  }

  /// Runs everything in the queue like ``run()``, and lets actors run the work that waits for them at each step
  /// (see ``advance(by:isolation:)``).
  ///
  /// ```swift
  /// await scheduler.run()
  /// ```
  ///
  /// - Parameter isolation: The caller's actor; leave the default.
  public func run(isolation: isolated (any Actor)? = #isolation) async {
    await drain(until: nil, operation: "run()", isolation: isolation)
  }

  /// Runs the queue one item at a time up to `limit`, settling the actors before each item and before the clock
  /// moves to `limit`.
  ///
  /// Throughout, what comes back to the scheduler from an actor or another Task counts as the test's own work: the
  /// main actor may run a job the drive started while the drive still runs (a test on no actor does not hold it),
  /// and the drive waits for it before the clock moves.
  func drain(until limit: SchedulerInstant?, operation: String, isolation: isolated (any Actor)?) async {
    state.withLock { $0.drivingAsynchronously = true }
    defer { state.withLock { $0.drivingAsynchronously = false } }
    while true {
      await settle(isolation: isolation)
      beginRunning(operation)
      let next: Entry? = state.withLock { $0.popFirst(dueBy: limit) }
      if let next { perform(next.work) }
      endRunning()
      guard next == nil else { continue }
      // The queue is empty up to `limit`: one more settle, in case the actors bring something back before then.
      await settle(isolation: isolation)
      let done = state.withLock { state in
        guard state.entries.first.map({ entry in limit.map { entry.due <= $0 } ?? true }) != true else {
          return false
        }
        if let limit, limit > state.now { state.now = limit }
        return true
      }
      if done { return }
    }
  }

  /// Lets the main actor, and the caller's actor, run the jobs queued on them now, and the jobs those queue on
  /// them in turn while they bring work back to the scheduler.
  ///
  /// The main actor runs its jobs in the order they were queued (its executor is the main dispatch queue), so a
  /// turn queued behind them runs after them all. A turn in which nothing was queued on the scheduler ends it.
  func settle(isolation: isolated (any Actor)?) async {
    var queued = state.withLock { $0.nextSequence }
    while true {
      if isolation === MainActor.shared {
        await Task.yield()  // behind the main-actor jobs already queued
      } else {
        await MainActor.run {}  // off the caller's actor (which runs its queue meanwhile), through the main one
      }
      let now = state.withLock { $0.nextSequence }
      if now == queued { break }
      queued = now
    }
  }
}
