import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

/// Schedulers, time operators and the TestScheduler under repetition and real concurrency; run under the
/// thread sanitizer by `.ci/run`.
@Suite(.timeLimit(.minutes(1)))
struct SchedulerStressTests {
  /// The async pipeline of issue 7: a body that sleeps on the test clock three times, driven to completion
  /// by the TestScheduler, 1,000 times, with the exact same history every time.
  @Test func asyncPipelineIsDeterministicAThousandTimes() {
    var failures = 0
    for _ in 0..<1_000 {
      let scheduler = TestScheduler()
      let pipeline = Signal<Int, Never> { observer in
        for step in 1...3 {
          do {
            try await scheduler.sleep(for: .seconds(1))
          } catch {
            return
          }
          await observer.send(step)
        }
      }
      let recorder = scheduler.record(pipeline)
      scheduler.advance(by: .seconds(1))
      let afterOne = recorder.events
      scheduler.advance(by: .seconds(2))
      let expected: [Recorded<Int, Never>] = [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .completed(at: .seconds(3)),
      ]
      if afterOne != [.value(1, at: .seconds(1))] || recorder.events != expected || scheduler.pendingCount != 0 {
        failures += 1
      }
    }
    #expect(failures == 0)
  }

  /// observe(on:) on an executor that runs actions concurrently still delivers one event at a time, in the
  /// order each thread sent them, with nothing after completion.
  @Test func observeOnSerialisesConcurrentSendsOnAConcurrentExecutor() async {
    let threads = 4
    let sendsPerThread = 2_000
    let received = UnsynchronizedBox<[Int]>([])
    let completions = Counter()
    let captured = Locked<Observer<Int, Never>?>(nil)
    let completed = Gate()
    let subscription = Signal<Int, Never> { observer, _ in captured.withLock { $0 = observer } }
      .observe(on: ExecutorScheduler(globalConcurrentExecutor))
      .subscribe(
        isolation: nil,
        value: { received.value.append($0) },
        completed: {
          completions.increment()
          completed.open()
        }
      )
    guard let observer = captured.withLock({ $0 }) else {
      Issue.record("the body did not run")
      return
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<sendsPerThread {
        observer.send(thread * sendsPerThread + index)
      }
    }
    observer.complete()
    observer.send(-1)
    await completed.wait()
    subscription.dispose()
    let values = received.value
    #expect(values.count == threads * sendsPerThread)
    #expect(!values.contains(-1))
    #expect(completions.value == 1)
    for thread in 0..<threads {
      let own = values.filter { $0 / sendsPerThread == thread }
      #expect(own == own.sorted())
    }
  }

  /// Debounce on a real queue with upstream values from several threads: timer firings and upstream events
  /// meet in the operator's mailbox; delivery stays serial and the last value is flushed by completion.
  @Test func debounceOnARealQueueStaysSerialAndFlushesTheLastValue() async {
    let received = UnsynchronizedBox<[Int]>([])
    let finished = Gate()
    let captured = Locked<Observer<Int, Never>?>(nil)
    let subscription = Signal<Int, Never> { observer, _ in captured.withLock { $0 = observer } }
      .debounce(for: .microseconds(50), scheduler: QueueScheduler(label: "debounce-stress"))
      .subscribe(isolation: nil, value: { received.value.append($0) }, completed: { finished.open() })
    guard let observer = captured.withLock({ $0 }) else {
      Issue.record("the body did not run")
      return
    }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<2_000 {
        observer.send(thread * 2_000 + index)
      }
    }
    observer.send(1_000_000)
    observer.complete()
    await finished.wait()
    subscription.dispose()
    #expect(received.value.last == 1_000_000)
  }

  /// A scheduler whose actions each hold the probe `probe` refers to, if any: once the probe's only other owner
  /// lets go, it is released when `base` has run or skipped, and released, every action handed to it.
  struct ProbeHoldingScheduler: TimedScheduler {
    let base: QueueScheduler
    let probe: WeakReference<ReleaseProbe>

    var now: SchedulerInstant { base.now }

    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
      base.schedule(holdingProbe(action))
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
      base.schedule(after: delay, holdingProbe(action))
    }

    func schedule(
      after delay: Duration,
      interval: Duration,
      _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
      base.schedule(after: delay, interval: interval, holdingProbe(action))
    }

    private func holdingProbe(_ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
      let held = probe.object
      return {
        withExtendedLifetime(held) {}
        action()
      }
    }
  }

  /// Time operators disposed while their timers fire on another thread never deliver after disposal.
  @Test func disposalRacingTimersDeliversNothingAfterwards() async {
    for _ in 0..<200 {
      let disposed = Locked(false)
      let lateDeliveries = Counter()
      let timersReleased = Gate()
      let queue = QueueScheduler(label: "race")
      // The test owns the probe until the disposal; from then on only pending timer actions hold it.
      let owner = Locked<ReleaseProbe?>(ReleaseProbe(opening: timersReleased))
      let probe = WeakReference<ReleaseProbe>()
      probe.object = owner.withLock { $0 }
      let scheduler = ProbeHoldingScheduler(base: queue, probe: probe)
      let subscription = Signal<Int, Never>.interval(every: .microseconds(20), scheduler: scheduler)
        .delay(for: .microseconds(10), scheduler: scheduler)
        .throttle(for: .microseconds(15), scheduler: scheduler, latest: true)
        .subscribe(
          isolation: nil,
          value: { _ in
            if disposed.withLock({ $0 }) { lateDeliveries.increment() }
          }
        )
      queue.schedule(after: .microseconds(200)) {
        subscription.dispose()
        disposed.withLock { $0 = true }
        let ownProbe = owner.withLock { owner in
          defer { owner = nil }
          return owner
        }
        _ = ownProbe  // released after unlocking
      }
      // Opens once every timer action still pending at the disposal has run (or been skipped) and been
      // released: nothing is left that could deliver.
      await timersReleased.wait()
      #expect(lateDeliveries.value == 0)
    }
  }
}

extension SchedulerStressTests {
  /// Actions scheduled on a TestScheduler from several threads at once, none of them the test's: each is
  /// recorded as escaped work exactly once, and the next `advance` reports each once and runs every action.
  @Test func schedulingFromManyThreadsIsRecordedAsEscapedWorkOnce() {
    let scheduler = TestScheduler()
    let ran = Counter()
    runOnThreads(count: 4) { _ in
      for _ in 0..<10 {
        scheduler.schedule { ran.increment() }
      }
    }
    #expect(scheduler.escapedWork.count == 40)
    #expect(Set(scheduler.escapedWork.map(\.kind)) == [.actionScheduled])
    withKnownIssue {
      scheduler.advance()
    }
    scheduler.advance()  // nothing new to report
    #expect(ran.value == 40)
  }
}
