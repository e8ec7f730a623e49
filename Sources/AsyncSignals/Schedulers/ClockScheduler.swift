/// A scheduler that waits on any Swift `Clock` and runs each action in a Task, optionally on a chosen
/// `TaskExecutor`.
///
/// It is how time operators run "on a clock": `ClockScheduler(clock: ContinuousClock())`,
/// `ClockScheduler(clock: SuspendingClock())`, or a custom clock. With an executor, every action (and every
/// Task a signal's body starts under ``Signal/subscribe(on:)``) runs on that executor, so `async` work runs where
/// the scheduler says. Each action is one Task: actions due at the same time may run concurrently and in any
/// order on a concurrent executor, which operators tolerate because they serialise their own delivery
/// (``Signal/observe(on:)`` drains one event at a time). Disposing cancels the Task. ``now`` counts from the
/// moment the scheduler was created.
///
/// ```
///  schedule(…) ──▶ Task(executorPreference: executor) { clock.sleep(until:)?; action() }   ◀── dispose() cancels
/// ```
///
/// ```swift
/// let scheduler = ClockScheduler(clock: ContinuousClock())
/// query.debounce(for: .milliseconds(300), scheduler: scheduler)
/// ```
public struct ClockScheduler<C: Clock>: TimedScheduler where C.Duration == Duration {
  /// The clock the scheduler waits on.
  public let clock: C
  /// The executor that runs the actions, or `nil` for the global concurrent executor.
  public let executor: (any TaskExecutor)?
  private let origin: C.Instant

  /// Creates a scheduler that waits on `clock` and runs actions on `executor`.
  ///
  /// ```swift
  /// let scheduler = ClockScheduler(clock: SuspendingClock(), executor: myExecutor)
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock to wait on.
  ///   - executor: Where actions run; `nil` for the global concurrent executor.
  public init(clock: C, executor: (any TaskExecutor)? = nil) {
    self.clock = clock
    self.executor = executor
    origin = clock.now
  }

  /// The time elapsed on ``clock`` since the scheduler was created.
  public var now: SchedulerInstant {
    SchedulerInstant(offset: origin.duration(to: clock.now))
  }

  /// The executor: Tasks started on this scheduler's behalf run there.
  public var executorPreference: (any TaskExecutor)? {
    executor
  }

  /// Runs `action` in a new Task.
  ///
  /// - Parameter action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    start { cancellation in
      guard !cancellation.isDisposed else { return }
      action()
    }
  }

  /// Runs `action` once, `delay` from now.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let deadline = origin.advanced(by: now.offset + delay)
    return start { [clock] cancellation in
      guard await Self.sleep(on: clock, until: deadline, unless: cancellation) else { return }
      action()
    }
  }

  /// Runs `action` `delay` from now, then every `interval`, without drifting.
  ///
  /// - Parameters:
  ///   - delay: How long to wait before the first run.
  ///   - interval: The time between two runs; must be greater than zero.
  ///   - action: The work.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  public func schedule(
    after delay: Duration,
    interval: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    precondition(interval > .zero, "schedule(after:interval:_:): interval must be > 0, got \(interval)")
    var deadline = origin.advanced(by: now.offset + delay)
    return start { [clock] cancellation in
      while await Self.sleep(on: clock, until: deadline, unless: cancellation) {
        action()
        deadline = deadline.advanced(by: interval)
      }
    }
  }

  /// Starts the Task for one scheduled piece of work and returns what cancels it.
  ///
  /// This is the scheduler's own Task, the one place it starts work; it prefers ``executor``.
  private func start(_ work: sending @escaping (ActionDisposable) async -> Void) -> any Disposable {
    let cancellation = ActionDisposable()
    let task = Task(executorPreference: executor) { await work(cancellation) }
    return ActionDisposable {
      cancellation.dispose()
      task.cancel()
    }
  }

  /// Sleeps on `clock` until `deadline`; returns whether the work should still run.
  private static func sleep(on clock: C, until deadline: C.Instant, unless cancellation: ActionDisposable) async -> Bool
  {
    do {
      try await clock.sleep(until: deadline, tolerance: nil)
    } catch {
      return false
    }
    return !cancellation.isDisposed
  }
}

/// A scheduler backed by a Swift `TaskExecutor`, timed by the continuous clock.
///
/// Every action runs in a Task that prefers the executor, and Tasks a signal's body starts under
/// ``Signal/subscribe(on:)`` run there too. See ``ClockScheduler``.
///
/// ```swift
/// let scheduler = ExecutorScheduler(myEventLoopExecutor)
/// signal.subscribe(on: scheduler).subscribe(value: { print($0) })
/// ```
public typealias ExecutorScheduler = ClockScheduler<ContinuousClock>

extension ClockScheduler where C == ContinuousClock {
  /// Creates a scheduler that runs work on `executor`, timed by the continuous clock.
  ///
  /// ```swift
  /// let scheduler = ExecutorScheduler(QueueScheduler(label: "pool"))
  /// ```
  ///
  /// - Parameter executor: The executor.
  public init(_ executor: any TaskExecutor) {
    self.init(clock: ContinuousClock(), executor: executor)
  }
}
