/// A scheduler backed by a Swift `TaskExecutor`: every action runs in a Task that prefers that executor.
///
/// Use it to make a signal's work, synchronous actions and `async` bodies alike, run on an executor you
/// control (a thread pool, an event loop, a test executor). Each action is one Task: actions scheduled for
/// the same time may run concurrently and in any order on a concurrent executor, which operators tolerate
/// because they serialise their own delivery (``Signal/observe(on:)`` drains one event at a time).
/// Delays sleep in the Task on the continuous clock; cancelling disposes the Task.
///
/// ```
///  schedule(…) ──▶ Task(executorPreference: executor) { sleep?; action() }   ◀── dispose() cancels
/// ```
///
/// ```swift
/// let scheduler = ExecutorScheduler(myEventLoopExecutor)
/// signal.subscribe(on: scheduler).subscribe(value: { print($0) })
/// ```
public struct ExecutorScheduler: TimedScheduler {
  /// The executor that runs the work.
  public let executor: any TaskExecutor

  /// Creates a scheduler that runs work on `executor`.
  ///
  /// ```swift
  /// let scheduler = ExecutorScheduler(QueueScheduler(label: "pool"))
  /// ```
  ///
  /// - Parameter executor: The executor.
  public init(_ executor: any TaskExecutor) {
    self.executor = executor
  }

  /// The system's monotonic uptime.
  public var now: SchedulerInstant {
    .uptime
  }

  /// The executor: Tasks started on this scheduler's behalf run there.
  public var executorPreference: (any TaskExecutor)? {
    executor
  }

  /// Runs `action` in a new Task on the executor.
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

  /// Runs `action` on the executor once, `delay` from now.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let deadline = now.advanced(by: delay)
    return start { cancellation in
      guard await Self.sleep(until: deadline, unless: cancellation) else { return }
      action()
    }
  }

  /// Runs `action` on the executor `delay` from now, then every `interval`, without drifting.
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
    var deadline = now.advanced(by: delay)
    return start { cancellation in
      while await Self.sleep(until: deadline, unless: cancellation) {
        action()
        deadline = deadline.advanced(by: interval)
      }
    }
  }

  /// Starts the Task for one scheduled piece of work and returns what cancels it.
  ///
  /// This is the scheduler's own executor-bound Task, the one place it starts work.
  private func start(
    _ work: sending @escaping (ActionDisposable) async -> Void
  ) -> any Disposable {
    let cancellation = ActionDisposable()
    let task = Task(executorPreference: executor) { await work(cancellation) }
    return ActionDisposable {
      cancellation.dispose()
      task.cancel()
    }
  }

  /// Sleeps until `deadline`; returns whether the work should still run.
  private static func sleep(until deadline: SchedulerInstant, unless cancellation: ActionDisposable) async -> Bool {
    let remaining = SchedulerInstant.uptime.duration(to: deadline)
    if remaining > .zero {
      do {
        try await Task.sleep(for: remaining)
      } catch {
        return false
      }
    }
    return !cancellation.isDisposed
  }
}
