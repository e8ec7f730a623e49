import Dispatch

/// A scheduler that runs work on a serial `DispatchQueue`, and a task executor that runs jobs there too.
///
/// Actions run one at a time, in the order scheduled (for equal due times). The scheduler is also a
/// `TaskExecutor`: with ``Signal/subscribe(on:)`` the Tasks a signal's `async` body starts run their jobs on the
/// queue. Time is the system's monotonic uptime, as Dispatch measures it.
///
/// ```
///  schedule(_:) ───────────────▶ queue.async ──────▶ action (unless cancelled)
///  schedule(after:…) ──────────▶ queue.asyncAfter ─▶ action (unless cancelled), re-armed if repeating
///  Task(executorPreference:) ──▶ enqueue(job) ─────▶ queue.async { job.runSynchronously }
/// ```
///
/// ```swift
/// let background = QueueScheduler(label: "com.example.parsing")
/// signal.observe(on: background).subscribe(value: { parse($0) })
/// ```
///
/// - Important: The queue must be serial; a concurrent queue breaks the one-at-a-time guarantee operators
///   such as ``Signal/observe(on:)`` rely on.
public final class QueueScheduler: TimedScheduler, TaskExecutor {
  /// The serial queue work runs on.
  public let queue: DispatchQueue

  /// Creates a scheduler on `queue`, which must be serial.
  ///
  /// ```swift
  /// let scheduler = QueueScheduler(queue: DispatchQueue(label: "work"))
  /// ```
  ///
  /// - Parameter queue: A serial dispatch queue.
  public init(queue: DispatchQueue) {
    self.queue = queue
  }

  /// Creates a scheduler on a new serial queue.
  ///
  /// ```swift
  /// let scheduler = QueueScheduler(label: "com.example.work", qos: .utility)
  /// ```
  ///
  /// - Parameters:
  ///   - label: The queue's label, shown by debuggers.
  ///   - qos: The queue's quality of service.
  public convenience init(label: String, qos: DispatchQoS = .default) {
    self.init(queue: DispatchQueue(label: label, qos: qos))
  }

  /// The system's monotonic uptime.
  public var now: SchedulerInstant {
    .uptime
  }

  /// The scheduler itself: Tasks started on its behalf run their jobs on ``queue``.
  public var executorPreference: (any TaskExecutor)? {
    self
  }

  /// Runs `action` on the queue, after the work already queued.
  ///
  /// - Parameter action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    let cancellation = ActionDisposable()
    queue.async {
      guard !cancellation.isDisposed else { return }
      action()
    }
    return cancellation
  }

  /// Runs `action` on the queue once, `delay` from now.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let cancellation = ActionDisposable()
    queue.asyncAfter(deadline: now.advanced(by: delay).dispatchTime) {
      guard !cancellation.isDisposed else { return }
      action()
    }
    return cancellation
  }

  /// Runs `action` on the queue `delay` from now, then every `interval`, without drifting.
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
    let cancellation = ActionDisposable()
    scheduleRepeating(at: now.advanced(by: delay), interval: interval, cancellation: cancellation, action)
    return cancellation
  }

  /// Runs `job` on the queue.
  ///
  /// - Parameter job: A job of a Task that prefers this executor.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }

  private func scheduleRepeating(
    at deadline: SchedulerInstant,
    interval: Duration,
    cancellation: ActionDisposable,
    _ action: @escaping @Sendable () -> Void
  ) {
    queue.asyncAfter(deadline: deadline.dispatchTime) {
      guard !cancellation.isDisposed else { return }
      action()
      self.scheduleRepeating(
        at: deadline.advanced(by: interval),
        interval: interval,
        cancellation: cancellation,
        action
      )
    }
  }
}
