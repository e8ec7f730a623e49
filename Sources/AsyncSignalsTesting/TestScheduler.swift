import AsyncSignals

/// A virtual-time scheduler, clock and task executor that runs everything, `async` code included, only when a
/// test tells it to.
///
/// Time starts at zero and moves only in ``advance(by:)``, ``advance(to:)``, ``run()`` and ``step()``, which run
/// every action that falls due, in due-time order, ties in the order they were scheduled. Nothing sleeps.
///
/// It is three things at once, so that callback and `async` code are equally deterministic:
/// - a ``/AsyncSignals/TimedScheduler`` for time operators (`debounce`, `delay`, …);
/// - a `Clock` (`try await scheduler.sleep(for: .seconds(1))` suspends until the test advances past it);
/// - a `TaskExecutor`: signals subscribed through the scheduler (``record(_:)``, ``start(subscribedAt:disposedAt:_:)``,
///   ``/AsyncSignals/Signal/subscribe(on:)``) run their `async` bodies in Tasks that prefer it, so each job of those
///   Tasks, every continuation after a `sleep`, lands in the scheduler's queue at the current virtual time and runs
///   synchronously inside `advance` before the clock moves on. So do the Tasks of every subscription started
///   within such a subscription later (inner signals, `retry` rounds), and of any subscription started by one of
///   the scheduler's own actions.
///
/// ```
///  schedule(after:) ─┐
///  sleep(until:) ────┼──▶ queue, ordered by (due time, scheduling order) ──advance(to:)──▶ run in order
///  enqueue(job) ─────┘        (jobs are due "now")                          clock := each due time
/// ```
///
/// ```swift
/// let scheduler = TestScheduler()
/// let pipeline = Signal<Int, Never> { observer in
///   for step in 1...3 {
///     try? await scheduler.sleep(for: .seconds(1))
///     await observer.send(step)
///   }
/// }
/// let recorder = scheduler.record(pipeline)
/// scheduler.advance(by: .seconds(3))
/// #expect(recorder.events == [
///   .value(1, at: .seconds(1)), .value(2, at: .seconds(2)),
///   .value(3, at: .seconds(3)), .completed(at: .seconds(3)),
/// ])
/// ```
///
/// - Important: Drive it from one thread at a time and never from inside one of its own actions. `async` work
///   is deterministic only while it runs on this executor: a Task started without the scheduler's preference,
///   or a hop to another actor, resumes elsewhere, at a time the scheduler does not control. When such work
///   comes back to the scheduler, it is listed in ``escapedWork`` and reported by the next `advance`, `run` or
///   `step` (see ``EscapedWork``).
public final class TestScheduler: TimedScheduler, Clock, TaskExecutor {
  /// The work waiting in the queue.
  private enum Work {
    /// A scheduled action; with an interval it is re-queued after each run.
    case action(@Sendable () -> Void, interval: Duration?)
    /// A job of a Task that prefers this executor.
    case job(UnownedJob)
    /// A `sleep` that resumes its caller.
    case wakeUp(UnsafeContinuation<Void, any Error>)
  }

  /// One item in the queue.
  private struct Entry {
    /// Identifies the item for cancellation; kept when a repeating action is re-queued.
    var id: UInt64
    /// When it is due.
    var due: SchedulerInstant
    /// The order it was queued in; breaks ties between equal due times.
    var sequence: UInt64
    /// What to run.
    var work: Work
  }

  /// The scheduler's mutable state.
  private struct State {
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

  private let state = Locked(State())

  /// Creates a scheduler whose virtual time is zero and whose queue is empty.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// scheduler.now  // 0 seconds
  /// ```
  public init() {}

  deinit {
    // Escapes noticed after the last `advance`, `run` or `step` are reported here rather than never.
    report(state.withLock { $0.takeUnreportedEscapes() })
  }

  // MARK: - Time

  /// The virtual time.
  public var now: SchedulerInstant {
    state.withLock { $0.now }
  }

  /// The smallest step of virtual time: any duration can be reached exactly.
  public var minimumResolution: Duration {
    .zero
  }

  /// The number of actions, sleeps and jobs waiting in the queue.
  ///
  /// Tests use it to check that disposal cancelled a pending timer.
  ///
  /// ```swift
  /// subscription.dispose()
  /// #expect(scheduler.pendingCount == 0)
  /// ```
  public var pendingCount: Int {
    state.withLock { $0.entries.count }
  }

  // MARK: - Driving

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

  /// Moves virtual time forward to `instant`, running everything that falls due on the way.
  ///
  /// ```swift
  /// scheduler.advance(to: SchedulerInstant(offset: .seconds(10)))
  /// ```
  ///
  /// - Parameter instant: The new time; must not be earlier than ``now``.
  public func advance(to instant: SchedulerInstant) {
    let current = now
    precondition(instant >= current, "advance(to:): \(instant) is earlier than now, \(current)")
    drain(until: instant, operation: "advance(to:)")
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

  private func drain(until limit: SchedulerInstant?, operation: String) {
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

  private func beginRunning(_ operation: String) {
    let context = Context.current
    let (wasRunning, unreported) = state.withLock { state -> (Bool, ArraySlice<EscapedWork>) in
      guard state.runningThread == nil else { return (true, []) }
      state.runningThread = context.thread
      state.driver = context
      return (false, state.takeUnreportedEscapes())
    }
    precondition(!wasRunning, "\(operation): the TestScheduler is already running (re-entrant or concurrent call)")
    report(unreported)
  }

  private func endRunning() {
    let unreported = state.withLock { state in
      state.runningThread = nil
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

  private func perform(_ work: Work) {
    switch work {
    case .action(let action, _):
      // Whatever the action starts (a subscription from a timer, a Command execution) prefers this scheduler.
      Lifetime.withExecutorPreference(self, action)
    case .job(let job):
      job.runSynchronously(on: asUnownedTaskExecutor())
    case .wakeUp(let continuation):
      continuation.resume()
    }
  }

  // MARK: - Scheduler

  /// The scheduler itself: Tasks started on its behalf queue their jobs here.
  public var executorPreference: (any TaskExecutor)? {
    self
  }

  /// Queues `action` at the current virtual time; it runs at the next `advance`, `run` or `step`.
  ///
  /// - Parameter action: The work.
  /// - Returns: A disposable that removes the action from the queue.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    schedule(after: .zero, action)
  }

  /// Queues `action` at `now + delay`.
  ///
  /// - Parameters:
  ///   - delay: How long to wait in virtual time; negative counts as zero.
  ///   - action: The work.
  /// - Returns: A disposable that removes the action from the queue.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    enqueue(after: delay, .action(action, interval: nil))
  }

  /// Queues `action` at `now + delay`, re-queued `interval` after each run until disposed.
  ///
  /// - Parameters:
  ///   - delay: How long to wait before the first run.
  ///   - interval: The time between two runs; must be greater than zero.
  ///   - action: The work.
  /// - Returns: A disposable that removes the action from the queue.
  @discardableResult
  public func schedule(
    after delay: Duration,
    interval: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    precondition(interval > .zero, "schedule(after:interval:_:): interval must be > 0, got \(interval)")
    return enqueue(after: delay, .action(action, interval: interval))
  }

  /// Queues `action` at the virtual time `instant`, or now if that has passed.
  ///
  /// ```swift
  /// scheduler.schedule(at: SchedulerInstant(offset: .seconds(5))) { print("at 5 s") }
  /// ```
  ///
  /// - Parameters:
  ///   - instant: When to run it.
  ///   - action: The work.
  /// - Returns: A disposable that removes the action from the queue.
  @discardableResult
  public func schedule(at instant: SchedulerInstant, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    checkOrigin(.actionScheduled)
    let id = state.withLock { state in
      state.insert(due: max(instant, state.now), .action(action, interval: nil))
    }
    return cancellation(of: id)
  }

  private func enqueue(after delay: Duration, _ work: Work) -> any Disposable {
    checkOrigin(.actionScheduled)
    let id = state.withLock { state in
      state.insert(due: state.now.advanced(by: max(delay, .zero)), work)
    }
    return cancellation(of: id)
  }

  private func cancellation(of id: UInt64) -> any Disposable {
    ActionDisposable { [weak self] in
      let removed = self?.state.withLock { $0.remove(id: id) }
      withExtendedLifetime(removed) {}  // the action is released after unlocking
    }
  }

  // MARK: - TaskExecutor

  /// Queues a job of a Task that prefers this executor, due at the current virtual time.
  ///
  /// - Parameter job: The job; it runs inside the next `advance`, `run` or `step`.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let context = Context.current
    let notice = state.withLock { state in
      _ = state.insert(due: state.now, .job(job))
      // A new Task, or one resumed by the test or by an action or job of this scheduler, is queued from there;
      // anything else is coming back from outside the scheduler's control.
      return state.isDriving(context) ? nil : state.noticeEscape(.jobEnqueued)
    }
    notice?.deliver()
  }

  // MARK: - Clock

  /// Suspends the calling Task until virtual time reaches `deadline`.
  ///
  /// Returns at once when `deadline` has passed. The caller resumes inside the `advance` that reaches
  /// `deadline`; if it runs on this executor, it runs before `advance` returns.
  ///
  /// - Parameters:
  ///   - deadline: The virtual time to wake up at.
  ///   - tolerance: Ignored: virtual time is exact.
  /// - Throws: `CancellationError` when the Task is cancelled while sleeping.
  public func sleep(until deadline: SchedulerInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = Locked<UInt64?>(nil)
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let thread = currentThreadID()
        let (queued, notice) = state.withLock { state -> (Bool, EscapeNotice?) in
          guard deadline > state.now else { return (false, nil) }
          let queuedID = state.insert(due: deadline, .wakeUp(continuation))
          id.withLock { $0 = queuedID }
          // Only a job this scheduler is running now resumes on it; any other sleeper resumes elsewhere.
          return (true, state.runningThread == thread ? nil : state.noticeEscape(.sleep))
        }
        notice?.deliver()
        guard queued else {
          continuation.resume()
          return
        }
        // A cancellation that ran before the wake-up was queued found nothing to remove: handle it here.
        if Task.isCancelled {
          wakeUpCancelled(id)
        }
      }
    } onCancel: {
      wakeUpCancelled(id)
    }
  }

  private func wakeUpCancelled(_ id: borrowing Locked<UInt64?>) {
    guard let queuedID = id.withLock({ $0 }) else { return }
    let removed = state.withLock { $0.remove(id: queuedID) }
    if case .wakeUp(let continuation)? = removed?.work {
      continuation.resume(throwing: CancellationError())
    }
  }
}
