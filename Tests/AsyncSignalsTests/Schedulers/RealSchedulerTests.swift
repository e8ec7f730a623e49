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
}

@Suite(.timeLimit(.minutes(1)))
struct QueueSchedulerTests {
  @Test func cancelledActionsDoNotRun() async {
    let scheduler = QueueScheduler(label: "cancel")
    let ran = Counter()
    let cancelled = scheduler.schedule(after: .milliseconds(10)) { ran.increment() }
    cancelled.dispose()
    // A later action on the same serial queue runs after the cancelled one would have.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule(after: .milliseconds(30)) { done.resume() }
    }
    #expect(ran.value == 0)
    #expect(cancelled.isDisposed)
  }

  @Test func repeatingActionsRunUntilDisposed() async {
    let scheduler = QueueScheduler(label: "repeat")
    let ticks = Counter()
    let holder = Locked<(any Disposable)?>(nil)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.queue.sync {
        let repeating = scheduler.schedule(after: .zero, interval: .milliseconds(5)) {
          if ticks.increment() == 3 {
            holder.withLock { $0 }?.dispose()
            done.resume()
          }
        }
        holder.withLock { $0 = repeating }
      }
    }
    // The repetition was disposed from inside its third run, on the serial queue: no fourth run follows a
    // later action.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule(after: .milliseconds(20)) { done.resume() }
    }
    #expect(ticks.value == 3)
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
    scheduler.schedule(after: .milliseconds(50)) { ran.increment() }.dispose()
    let repeating = Locked<(any Disposable)?>(nil)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let ticks = Counter()
      let disposable = scheduler.schedule(after: .zero, interval: .milliseconds(1)) {
        if ticks.increment() == 2 { done.resume() }
      }
      repeating.withLock { $0 = disposable }
    }
    repeating.withLock { $0 }?.dispose()
    // Well after the cancelled action's due time.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule(after: .milliseconds(100)) { done.resume() }
    }
    #expect(ran.value == 0)
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
      .subscribe(completed: { done.resume() })
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
