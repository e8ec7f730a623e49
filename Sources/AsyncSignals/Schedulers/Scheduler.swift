/// Something that runs work: at once, on a queue, on the main thread, or on a task executor.
///
/// A scheduler decides *where* work runs. ``Signal/observe(on:)`` moves delivery onto one and
/// ``Signal/subscribe(on:)`` starts the subscription on one. Schedulers that can also wait are
/// ``TimedScheduler``s; time operators take one of those.
///
/// A scheduler that owns a Swift `TaskExecutor` reports it as ``executorPreference``: Tasks that a signal's body
/// starts through its ``Lifetime`` while the scheduler starts the subscription prefer that executor, so `async`
/// work runs where the scheduler says (and a test scheduler can run it deterministically).
///
/// ```swift
/// let scheduler: any Scheduler = ImmediateScheduler()
/// scheduler.schedule { print("runs now") }
/// ```
public protocol Scheduler: Sendable {
  /// Runs `action` on this scheduler as soon as possible.
  ///
  /// ```swift
  /// let pending = QueueScheduler(label: "work").schedule { print("on the queue") }
  /// pending?.dispose()  // cancels it if it has not started yet
  /// ```
  ///
  /// - Parameter action: The work.
  /// - Returns: A disposable that cancels the action if it has not started, or `nil` when it already ran.
  @discardableResult
  func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)?

  /// The executor that Tasks started on behalf of this scheduler prefer, or `nil` for the global executor.
  ///
  /// ```swift
  /// let queue = QueueScheduler(label: "io")
  /// queue.executorPreference  // the queue itself: jobs run on it
  /// ```
  var executorPreference: (any TaskExecutor)? { get }
}

extension Scheduler {
  /// No preference: Tasks run on the global concurrent executor.
  public var executorPreference: (any TaskExecutor)? {
    nil
  }

  /// Runs `body` so that Tasks started through a lifetime inside it prefer this scheduler's executor.
  func withExecutorPreference<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Lifetime.withExecutorPreference(executorPreference, body)
  }
}

/// A scheduler that also knows the time and can run work after a delay or repeatedly.
///
/// Time operators (``Signal/delay(for:scheduler:)``, ``Signal/debounce(for:scheduler:)``,
/// ``Signal/throttle(for:scheduler:latest:)``, ``Signal/timeout(after:scheduler:)``, …) take one. Real
/// implementations are ``QueueScheduler``, ``MainScheduler`` and ``ClockScheduler`` (any `Clock`, optionally on a
/// `TaskExecutor`; ``ExecutorScheduler`` is the continuous-clock one); the virtual-time
/// `TestScheduler` in `AsyncSignalsTesting` drives them in tests.
///
/// ```swift
/// let scheduler: any TimedScheduler = QueueScheduler(label: "timers")
/// let timer = scheduler.schedule(after: .seconds(1)) { print("a second later") }
/// timer.dispose()  // cancels it if it has not fired yet
/// ```
public protocol TimedScheduler: Scheduler {
  /// The scheduler's current time.
  ///
  /// ```swift
  /// let started = scheduler.now
  /// ```
  var now: SchedulerInstant { get }

  /// Runs `action` once, `delay` from now.
  ///
  /// ```swift
  /// scheduler.schedule(after: .milliseconds(300)) { print("later") }
  /// ```
  ///
  /// - Parameters:
  ///   - delay: How long to wait; zero or negative runs the action as soon as possible.
  ///   - action: The work.
  /// - Returns: A disposable that cancels the action if it has not started.
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable

  /// Runs `action` `delay` from now and then every `interval` until the returned disposable is disposed.
  ///
  /// ```swift
  /// let ticking = scheduler.schedule(after: .zero, interval: .seconds(1)) { print("tick") }
  /// ```
  ///
  /// - Parameters:
  ///   - delay: How long to wait before the first run.
  ///   - interval: The time between two runs; must be greater than zero.
  ///   - action: The work.
  /// - Returns: A disposable that stops the repetition.
  @discardableResult
  func schedule(
    after delay: Duration,
    interval: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> any Disposable
}
