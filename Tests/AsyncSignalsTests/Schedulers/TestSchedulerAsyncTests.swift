import AsyncSignals
import AsyncSignalsTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestSchedulerAsyncTests {
  let scheduler = TestScheduler()

  /// A signal whose `async` body sleeps on `clock` three times, sending after each sleep.
  static func threeSleeps(on clock: TestScheduler) -> Signal<Int, Never> {
    Signal<Int, Never> { observer in
      for step in 1...3 {
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          return
        }
        await observer.send(step)
      }
    }
  }

  @Test func asyncPipelineRunsDeterministicallyStepByStep() {
    let recorder = scheduler.record(Self.threeSleeps(on: scheduler))
    #expect(recorder.events == [])
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.value(1, at: .seconds(1))])
    scheduler.advance(by: .seconds(2))
    #expect(
      recorder.events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .completed(at: .seconds(3)),
      ]
    )
    #expect(scheduler.pendingCount == 0)
  }
}

extension TestSchedulerAsyncTests {
  @Test func runDrivesTheAsyncPipelineToCompletion() {
    let recorder = scheduler.record(Self.threeSleeps(on: scheduler))
    scheduler.run()
    #expect(
      recorder.events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .completed(at: .seconds(3)),
      ]
    )
  }

  @Test func disposingCancelsTheSleepingBody() {
    let cancelled = Locked(false)
    let signal = Signal<Int, Never> { [scheduler] observer in
      do {
        try await scheduler.sleep(for: .seconds(10))
        await observer.send(1)
      } catch {
        cancelled.withLock { $0 = true }
      }
    }
    let recorder = scheduler.record(signal)
    scheduler.advance(by: .seconds(1))
    recorder.dispose()
    // The cancellation resumed the body's Task on this executor; the next advance runs it, at 1 s.
    scheduler.advance()
    #expect(cancelled.withLock { $0 })
    #expect(recorder.events == [])
    #expect(scheduler.pendingCount == 0)
    #expect(scheduler.now == SchedulerInstant(offset: .seconds(1)))
  }

  @Test func asyncBodyAndTimeOperatorsShareTheVirtualClock() {
    let signal = Signal<Int, Never> { [scheduler] observer in
      await observer.send(1)
      try? await scheduler.sleep(for: .milliseconds(200))
      await observer.send(2)
      try? await scheduler.sleep(for: .seconds(2))
      await observer.send(3)
    }
    let recorder = scheduler.start { signal.debounce(for: .seconds(1), scheduler: scheduler) }
    #expect(
      recorder.events == [
        .value(2, at: .milliseconds(1_200)),
        .value(3, at: .milliseconds(2_200)),
        .completed(at: .milliseconds(2_200)),
      ]
    )
  }

  @Test func aTaskPreferringTheSchedulerRunsOnlyWhenItAdvances() async throws {
    let progress = Locked<[String]>([])
    let sleeper = Task(executorPreference: scheduler) { [scheduler] in
      progress.withLock { $0.append("started@\(scheduler.now)") }
      try await scheduler.sleep(for: .seconds(1))
      progress.withLock { $0.append("woke@\(scheduler.now)") }
    }
    #expect(progress.withLock { $0 } == [])
    await scheduler.advance()
    #expect(progress.withLock { $0 } == ["started@0.0 seconds"])
    await scheduler.advance(by: .seconds(1))
    #expect(progress.withLock { $0 } == ["started@0.0 seconds", "woke@1.0 seconds"])
    try await sleeper.value
  }

  @Test func sleepUntilThePastReturnsAtOnce() async throws {
    try await scheduler.sleep(until: .zero)
    #expect(scheduler.now == .zero)
  }
}

extension TestSchedulerAsyncTests {
  @Test func stepRunsOneActionAndTheAsyncJobsItCaused() {
    let log = Locked<[String]>([])
    let woke = Task(executorPreference: scheduler) { [scheduler] in
      try? await scheduler.sleep(for: .seconds(1))
      log.withLock { $0.append("woke") }
    }
    _ = woke
    scheduler.advance()  // the Task starts and sleeps until 1 s
    scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append("other action") } }
    #expect(scheduler.step())  // the wake-up, then the Task's continuation; not the other action
    #expect(log.withLock { $0 } == ["woke"])
    #expect(scheduler.step())
    #expect(log.withLock { $0 } == ["woke", "other action"])
    #expect(!scheduler.step())
  }
}
