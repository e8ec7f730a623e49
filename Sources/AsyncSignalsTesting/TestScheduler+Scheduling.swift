import AsyncSignals

extension TestScheduler {
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

  /// Queues `action` at the virtual time `time`, or now if that has passed.
  ///
  /// Unlike ``perform(at:isolation:_:)``, the action must be `Sendable`; it runs on the thread that drives the
  /// scheduler.
  ///
  /// ```swift
  /// scheduler.schedule(at: .seconds(5)) { print("at 5 s") }
  /// ```
  ///
  /// - Parameters:
  ///   - time: When to run it: the virtual time since the scheduler's zero.
  ///   - action: The work.
  /// - Returns: A disposable that removes the action from the queue.
  @discardableResult
  public func schedule(at time: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let instant = SchedulerInstant(offset: time)
    checkOrigin(.actionScheduled)
    let id = state.withLock { state in
      state.insert(due: max(instant, state.now), .action(action, interval: nil))
    }
    return cancellation(of: id)
  }

  func enqueue(after delay: Duration, _ work: Work) -> any Disposable {
    checkOrigin(.actionScheduled)
    let id = state.withLock { state in
      state.insert(due: state.now.advanced(by: max(delay, .zero)), work)
    }
    return cancellation(of: id)
  }

  func cancellation(of id: UInt64) -> any Disposable {
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
}
