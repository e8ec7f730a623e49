import Dispatch

/// A scheduler that runs work on the main queue, so on the main thread.
///
/// Work is always enqueued, never run inline, even when scheduled from the main thread: the order of actions
/// is the order they were scheduled in. Tasks started on its behalf (``Signal/subscribe(on:)``) run their jobs
/// on the main queue as well.
///
/// ```swift
/// search.results
///   .observe(on: MainScheduler.shared)
///   .subscribe(value: { label.text = $0 })
/// ```
public struct MainScheduler: TimedScheduler {
  /// The main scheduler.
  public static let shared = MainScheduler()

  private let base = QueueScheduler(queue: .main)

  private init() {}

  /// The system's monotonic uptime.
  public var now: SchedulerInstant {
    base.now
  }

  /// An executor that runs jobs on the main queue.
  public var executorPreference: (any TaskExecutor)? {
    base
  }

  /// Runs `action` on the main queue, after the work already queued there.
  ///
  /// - Parameter action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    base.schedule(action)
  }

  /// Runs `action` on the main queue once, `delay` from now.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    base.schedule(after: delay, action)
  }

  /// Runs `action` on the main queue `delay` from now, then every `interval`.
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
    base.schedule(after: delay, interval: interval, action)
  }
}
