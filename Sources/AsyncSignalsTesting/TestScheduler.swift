import AsyncSignals

/// A virtual-time scheduler, clock and task executor that runs everything, `async` code included, only when a
/// test tells it to.
///
/// Time starts at zero and moves only in ``advance(by:)``, ``advance(to:)``, ``run()`` and ``step()``, which run
/// every action that falls due, in due-time order, ties in the order they were scheduled. Nothing sleeps. Every
/// time the testing API takes or shows is a `Duration` since that zero (``time``).
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
  enum Work {
    /// A scheduled action; with an interval it is re-queued after each run.
    case action(@Sendable () -> Void, interval: Duration?)
    /// A job of a Task that prefers this executor.
    case job(UnownedJob)
    /// A `sleep` that resumes its caller.
    case wakeUp(UnsafeContinuation<Void, any Error>)
  }

  /// One item in the queue.
  struct Entry {
    /// Identifies the item for cancellation; kept when a repeating action is re-queued.
    var id: UInt64
    /// When it is due.
    var due: SchedulerInstant
    /// The order it was queued in; breaks ties between equal due times.
    var sequence: UInt64
    /// What to run.
    var work: Work
  }

  let state = Locked(State())

  /// The virtual time of one frame, one `-` of a marble string.
  ///
  /// Marble sources (``makeColdSignal(_:values:)``, ``makeHotSignal(_:values:)``) and marble expectations
  /// (``TestRecorder/expectMarbles(_:values:failure:fileID:filePath:line:column:)``) read and draw time in frames
  /// of this length.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .milliseconds(100))
  /// let keys = scheduler.makeHotSignal("-a--b|")  // "a" at 100 ms, "b" at 400 ms, completion at 500 ms
  /// ```
  public let frame: Duration

  /// Creates a scheduler whose virtual time is zero and whose queue is empty.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// scheduler.now  // 0 seconds
  /// let inTenths = TestScheduler(frame: .milliseconds(100))  // each `-` of a marble string is 100 ms
  /// ```
  ///
  /// - Parameter frame: The virtual time of one frame of a marble string; 1 ms, as in RxJS, unless given. Must be
  ///   greater than zero.
  public init(frame: Duration = .milliseconds(1)) {
    precondition(frame > .zero, "TestScheduler(frame:): frame must be > 0, got \(frame)")
    self.frame = frame
  }

  deinit {
    // Escapes noticed after the last `advance`, `run` or `step` are reported here rather than never.
    report(state.withLock { $0.takeUnreportedEscapes() })
  }

  // MARK: - Time

  /// The virtual time, as the scheduler and clock protocols want it.
  ///
  /// Its `offset` is ``time``, the form the rest of the testing API speaks.
  ///
  /// ```swift
  /// scheduler.advance(by: .seconds(2))
  /// scheduler.now.offset  // 2 seconds
  /// ```
  public var now: SchedulerInstant {
    state.withLock { $0.now }
  }

  /// The virtual time since the scheduler's zero.
  ///
  /// Every time of the testing API is such a `Duration`: ``advance(to:)``, ``perform(at:isolation:_:)``,
  /// ``schedule(at:_:)``, the times of ``Recorded`` events and of ``TestSubscription``s.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// scheduler.advance(by: .seconds(2))
  /// #expect(scheduler.time == .seconds(2))
  /// ```
  public var time: Duration {
    state.withLock { $0.now.offset }
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
}
