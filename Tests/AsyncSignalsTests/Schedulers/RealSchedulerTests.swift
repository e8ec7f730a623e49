import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct MainSchedulerTests {
  @Test func deliversOnTheMainThread() async {
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    let labels = Locked<[String?]>([])
    // The test process drains the main queue (its async entry point runs the main dispatch loop), so the
    // continuation resumes once the main scheduler has delivered.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Signal(values: [1, 2]).observe(on: MainScheduler.shared).subscribe(
        isolation: nil,
        value: { _ in
          let label = DispatchQueue.getSpecific(key: key)
          labels.withLock { $0.append(label) }
        },
        completed: {
          MainActor.assumeIsolated {}  // traps unless on the main thread
          done.resume()
        }
      )
    }
    #expect(labels.withLock { $0 } == ["main", "main"])
  }

  @Test func delayedActionsRunOnTheMainThreadAfterTheDelay() async {
    let scheduler = MainScheduler.shared
    let start = scheduler.now
    let ranAt = Locked<SchedulerInstant?>(nil)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule(after: .milliseconds(20)) {
        MainActor.assumeIsolated {}
        ranAt.withLock { $0 = scheduler.now }
        done.resume()
      }
    }
    let elapsed = start.duration(to: ranAt.withLock { $0 } ?? start)
    #expect(elapsed >= .milliseconds(20))
  }

  @Test func cancelledActionsDoNotRun() async {
    let cancellation = await SerialSchedulerChecks.cancelledActions(on: MainScheduler.shared)
    #expect(cancellation.runs == 0)
    #expect(cancellation.reportedDisposed == [true, true])
  }

  @Test func repeatingActionsRunOnTheMainThreadUntilDisposed() async {
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    let runs = await SerialSchedulerChecks.runsOfARepetitionDisposedInItsThirdRun(on: MainScheduler.shared) {
      DispatchQueue.getSpecific(key: key) == "main"
    }
    #expect(runs == [true, true, true])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct QueueSchedulerTests {
  @Test func cancelledActionsDoNotRun() async {
    let cancellation = await SerialSchedulerChecks.cancelledActions(on: QueueScheduler(label: "cancel"))
    #expect(cancellation.runs == 0)
    #expect(cancellation.reportedDisposed == [true, true])
  }

  @Test func repeatingActionsRunUntilDisposed() async {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "repeat")
    queue.setSpecific(key: key, value: "repeat")
    let runs = await SerialSchedulerChecks.runsOfARepetitionDisposedInItsThirdRun(on: QueueScheduler(queue: queue)) {
      DispatchQueue.getSpecific(key: key) == "repeat"
    }
    #expect(runs == [true, true, true])
  }

  @Test func jobsOfPreferringTasksRunOnTheQueue() async {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "executor")
    queue.setSpecific(key: key, value: "queue")
    let scheduler = QueueScheduler(queue: queue)
    let label = await Task(executorPreference: scheduler) { DispatchQueue.getSpecific(key: key) }.value
    #expect(label == "queue")
  }

  @Test func zeroRepeatIntervalIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      QueueScheduler(label: "x").schedule(after: .zero, interval: .zero) {}
    }
    #expect(result?.standardErrorText.contains("schedule(after:interval:_:): interval must be > 0") == true)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ExecutorSchedulerTests {
  @Test func actionsRunOnTheExecutor() async {
    let executor = QueueScheduler(label: "pool")
    let scheduler = ExecutorScheduler(executor)
    let onExecutor = Locked<[Bool]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule {
        let matches = withUnsafeCurrentTask { $0?.unownedTaskExecutor == executor.asUnownedTaskExecutor() }
        onExecutor.withLock { $0.append(matches) }
        scheduler.schedule(after: .milliseconds(5)) {
          let matches = withUnsafeCurrentTask { $0?.unownedTaskExecutor == executor.asUnownedTaskExecutor() }
          onExecutor.withLock { $0.append(matches) }
          done.resume()
        }
      }
    }
    #expect(onExecutor.withLock { $0 } == [true, true])
  }

  @Test func disposingCancelsThePendingAction() async {
    let scheduler = ExecutorScheduler(globalConcurrentExecutor)
    let ran = Counter()
    let released = Gate()
    do {
      let probe = ReleaseProbe(opening: released)
      // Due in an hour: only the cancellation can end its Task early, which releases the action.
      scheduler.schedule(after: .seconds(3_600)) {
        withExtendedLifetime(probe) {}
        ran.increment()
      }.dispose()
    }
    await released.wait()
    #expect(ran.value == 0)
  }

  @Test func cancelledActionsDoNotRunOnASerialExecutor() async {
    let scheduler = ExecutorScheduler(QueueScheduler(label: "serial-executor"))
    let cancellation = await SerialSchedulerChecks.cancelledActions(on: scheduler)
    #expect(cancellation.runs == 0)
    #expect(cancellation.reportedDisposed == [true, true])
  }

  @Test func repeatingActionsRunOnTheExecutorUntilDisposed() async {
    let executor = QueueScheduler(label: "repeat-executor")
    let runs = await SerialSchedulerChecks.runsOfARepetitionDisposedInItsThirdRun(on: ExecutorScheduler(executor)) {
      withUnsafeCurrentTask { $0?.unownedTaskExecutor == executor.asUnownedTaskExecutor() }
    }
    #expect(runs == [true, true, true])
  }

  @Test func subscribeOnRunsAsyncBodiesOnTheExecutor() async {
    let executor = QueueScheduler(label: "async-pool")
    let matches = Locked(false)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Signal<Int, Never> { _ in
        let onExecutor = withUnsafeCurrentTask { $0?.unownedTaskExecutor == executor.asUnownedTaskExecutor() }
        matches.withLock { $0 = onExecutor }
      }
      .subscribe(on: ExecutorScheduler(executor))
      .subscribe(isolation: nil, completed: { done.resume() })
    }
    #expect(matches.withLock { $0 })
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClockSchedulerTests {
  /// Time operators on a clock: with the TestScheduler as both the clock and the executor, a ClockScheduler's
  /// Tasks sleep on virtual time and run inside `advance`, so the history is exact.
  @Test func timeOperatorsRunOnAnyClock() {
    let testScheduler = TestScheduler()
    let onClock = ClockScheduler(clock: testScheduler, executor: testScheduler)
    let source = testScheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .completed(at: .seconds(10)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = testScheduler.start { source.signal.debounce(for: .seconds(3), scheduler: onClock) }
    #expect(recorder.events == [.value(2, at: .seconds(5)), .completed(at: .seconds(10))])
    #expect(testScheduler.pendingCount == 0)
  }

  @Test func nowCountsFromCreationOnTheClock() {
    let testScheduler = TestScheduler()
    testScheduler.advance(by: .seconds(5))
    let onClock = ClockScheduler(clock: testScheduler)
    testScheduler.advance(by: .seconds(2))
    #expect(onClock.now == SchedulerInstant(offset: .seconds(2)))
  }

  @Test func repeatingActionsFollowTheClockWithoutDrift() {
    let testScheduler = TestScheduler()
    let onClock = ClockScheduler(clock: testScheduler, executor: testScheduler)
    let times = Locked<[Duration]>([])
    let ticking = onClock.schedule(after: .seconds(1), interval: .seconds(2)) {
      let now = testScheduler.now.offset
      times.withLock { $0.append(now) }
    }
    testScheduler.advance(by: .seconds(6))
    ticking.dispose()
    testScheduler.advance()
    #expect(times.withLock { $0 } == [.seconds(1), .seconds(3), .seconds(5)])
    #expect(testScheduler.pendingCount == 0)
  }
}

/// Cancellation and repetition checks for a scheduler that runs its actions one at a time.
///
/// The ordering comes from handshakes, never from delays: the actions under test are scheduled from inside an
/// action on the same scheduler (a serial queue or a serial executor), so none can start before the check has
/// set it up, and each check awaits the release of a ``ReleaseProbe`` the actions captured, so it runs after the
/// scheduler ran (or skipped) and released every one of them.
enum SerialSchedulerChecks {
  /// What became of the cancelled actions.
  struct Cancellation {
    /// How many of the cancelled actions ran.
    var runs: Int
    /// What each action's disposable reported as `isDisposed` after the cancellation.
    var reportedDisposed: [Bool]
  }

  /// Schedules one immediate and one delayed action and cancels both at once.
  static func cancelledActions(on scheduler: some TimedScheduler) async -> Cancellation {
    let ran = Counter()
    let reportedDisposed = Locked<[Bool]>([])
    let released = Gate()
    scheduler.schedule {
      let probe = ReleaseProbe(opening: released)
      let run: @Sendable () -> Void = {
        withExtendedLifetime(probe) {}
        ran.increment()
      }
      let cancelled: [(any Disposable)?] = [scheduler.schedule(run), scheduler.schedule(after: .milliseconds(1), run)]
      for disposable in cancelled { disposable?.dispose() }
      let disposed = cancelled.map { $0?.isDisposed ?? false }
      reportedDisposed.withLock { $0 = disposed }
    }
    await released.wait()
    return Cancellation(runs: ran.value, reportedDisposed: reportedDisposed.withLock { $0 })
  }

  /// Repeats an action every millisecond and disposes it from inside its third run; returns, for each run,
  /// what `isOnScheduler` said.
  ///
  /// The scheduler releases the action only when the repetition has stopped, so a run after the disposal
  /// would show up as a fourth entry (and a repetition that never stops hangs until the time limit).
  static func runsOfARepetitionDisposedInItsThirdRun(
    on scheduler: some TimedScheduler,
    isOnScheduler: @escaping @Sendable () -> Bool
  ) async -> [Bool] {
    let runs = Locked<[Bool]>([])
    let repetition = Locked<(any Disposable)?>(nil)
    let released = Gate()
    scheduler.schedule {
      let probe = ReleaseProbe(opening: released)
      let repeating = scheduler.schedule(after: .zero, interval: .milliseconds(1)) {
        withExtendedLifetime(probe) {}
        let onScheduler = isOnScheduler()
        let count = runs.withLock {
          $0.append(onScheduler)
          return $0.count
        }
        if count == 3 { repetition.withLock { $0 }?.dispose() }
      }
      repetition.withLock { $0 = repeating }
    }
    await released.wait()
    return runs.withLock { $0 }
  }
}
