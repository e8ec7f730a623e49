import AsyncSignals

extension TestScheduler {
  /// Moves virtual time forward by `duration`, running everything that falls due on the way.
  ///
  /// Runs each due action at its own due time, then the jobs it caused (async continuations), before moving
  /// on; returns with the clock at `now + duration`.
  ///
  /// ```swift
  /// scheduler.advance(by: .milliseconds(500))
  /// ```
  ///
  /// - Parameter duration: How far to move; must not be negative.
  public func advance(by duration: Duration = .zero) {
    precondition(duration >= .zero, "advance(by:): duration must be >= 0, got \(duration)")
    drain(until: now.advanced(by: duration), operation: "advance(by:)")
  }

  /// Moves virtual time forward to `time`, running everything that falls due on the way.
  ///
  /// Like every time of the testing API (``perform(at:isolation:_:)``, ``Recorded``, ``TestRecorder``), `time`
  /// counts from the scheduler's zero: `advance(to: .seconds(10))` stops ten seconds into the test.
  ///
  /// ```swift
  /// scheduler.advance(to: .seconds(10))
  /// #expect(scheduler.time == .seconds(10))
  /// ```
  ///
  /// - Parameter time: The new virtual time since the scheduler's zero; must not be earlier than ``time``.
  public func advance(to time: Duration) {
    let current = self.time
    precondition(time >= current, "advance(to:): \(time) is earlier than now, \(current)")
    drain(until: SchedulerInstant(offset: time), operation: "advance(to:)")
  }

  /// Runs everything in the queue, moving virtual time to each due time, until the queue is empty.
  ///
  /// - Important: A repeating action that is never cancelled keeps the queue non-empty forever; use
  ///   ``advance(by:)`` with such signals.
  ///
  /// ```swift
  /// scheduler.run()
  /// ```
  public func run() {
    drain(until: nil, operation: "run()")
  }

  /// Runs the next item in the queue, moving virtual time to its due time, then the jobs it caused.
  ///
  /// ```swift
  /// scheduler.schedule(after: .seconds(1)) { print("first") }
  /// scheduler.step()  // prints "first"; now is 1 second
  /// ```
  ///
  /// - Returns: Whether something ran.
  @discardableResult
  public func step() -> Bool {
    beginRunning("step()")
    defer { endRunning() }
    guard let first = state.withLock({ $0.popFirst(dueBy: nil) }) else { return false }
    perform(first.work)
    while let job = state.withLock({ $0.popJobDueNow() }) {
      perform(job.work)
    }
    return true
  }

  /// Work that escaped the scheduler's control so far, in the order it was noticed (see ``EscapedWork``).
  ///
  /// Empty in a deterministic test. Each entry is also reported, once, by the next `advance`, `run` or `step`.
  ///
  /// ```swift
  /// scheduler.advance(by: .seconds(1))
  /// #expect(scheduler.escapedWork == [])
  /// ```
  public var escapedWork: [EscapedWork] {
    state.withLock { $0.escapes }
  }

  func drain(until limit: SchedulerInstant?, operation: String) {
    beginRunning(operation)
    defer { endRunning() }
    while true {
      let next: Entry? = state.withLock { state in
        guard let entry = state.popFirst(dueBy: limit) else {
          if let limit, limit > state.now { state.now = limit }
          return nil
        }
        return entry
      }
      guard let next else { return }
      perform(next.work)
    }
  }

  func beginRunning(_ operation: String) {
    let context = Context.current
    let holdsMainActor = onMainQueue()
    let (wasRunning, unreported) = state.withLock { state -> (Bool, ArraySlice<EscapedWork>) in
      guard state.runningThread == nil else { return (true, []) }
      state.runningThread = context.thread
      state.runningOnMainActor = holdsMainActor
      state.driver = context
      return (false, state.takeUnreportedEscapes())
    }
    precondition(!wasRunning, "\(operation): the TestScheduler is already running (re-entrant or concurrent call)")
    report(unreported)
  }

  func endRunning() {
    let unreported = state.withLock { state in
      state.runningThread = nil
      state.runningOnMainActor = false
      return state.takeUnreportedEscapes()
    }
    report(unreported)
  }

  /// Makes the caller the test that drives the scheduler, unless the scheduler is running (then the caller is
  /// one of its actions).
  func noteDriver() {
    let context = Context.current
    state.withLock { state in
      if state.runningThread == nil { state.driver = context }
    }
  }

  /// Installs the test hook of ``_setEscapeObserver(_:)``.
  func setEscapeObserver(_ observer: EscapeObserver) {
    state.withLock { $0.escapeObserver = observer }
  }

  /// Records `kind` as escaped work unless the caller is the test or the scheduler running an action or a job.
  func checkOrigin(_ kind: EscapedWork.Kind) {
    let context = Context.current
    let notice = state.withLock { state in
      state.isDriving(context) ? nil : state.noticeEscape(kind)
    }
    notice?.deliver()
  }

  func perform(_ work: Work) {
    switch work {
    case .action(let action, _):
      // Whatever the action starts (a subscription from a timer, a Command execution) prefers this scheduler.
      Lifetime.withExecutorPreference(self, action)
    case .job(let job):
      if state.withLock({ $0.runningOnMainActor }) {
        // The drive holds the main actor, so the job may run isolated to it: a hop to the main actor then goes
        // on at once, where it would otherwise wait behind the test.
        job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: asUnownedTaskExecutor())
      } else {
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
    case .wakeUp(let continuation):
      continuation.resume()
    }
  }
}

extension TestScheduler: MainActorTaskStarting {
  /// Starts a main-actor Task on the scheduler, whose drive runs it: the Task's first job, queued here, hops to the
  /// main actor, at once when the drive holds it, or where the drive waits for it (``advance(by:isolation:)``).
  package func makeMainActorTask(
    priority: TaskPriority?,
    operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    Task(executorPreference: self, priority: priority) { await operation() }
  }
}
