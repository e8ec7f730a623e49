import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct TestSchedulerTests {
  let scheduler = TestScheduler()
  let log = Log()

  /// Records labels with the virtual time they ran at.
  final class Log: Sendable {
    private let entries = Locked<[String]>([])

    func append(_ label: String, at time: SchedulerInstant) {
      entries.withLock { $0.append("\(label)@\(time.offset)") }
    }

    var all: [String] { entries.withLock { $0 } }
  }

  func schedule(_ label: String, after delay: Duration) {
    scheduler.schedule(after: delay) { [log, scheduler] in log.append(label, at: scheduler.now) }
  }

  @Test func timeStartsAtZeroAndNothingRunsBeforeAdvancing() {
    schedule("a", after: .zero)
    #expect(scheduler.time == .zero)
    #expect(log.all == [])
    #expect(scheduler.pendingCount == 1)
  }

  @Test func runsInDueTimeOrderWithTiesInSchedulingOrder() {
    schedule("late", after: .seconds(2))
    schedule("tie-1", after: .seconds(1))
    schedule("early", after: .milliseconds(500))
    schedule("tie-2", after: .seconds(1))
    scheduler.advance(by: .seconds(5))
    #expect(log.all == ["early@0.5 seconds", "tie-1@1.0 seconds", "tie-2@1.0 seconds", "late@2.0 seconds"])
    #expect(scheduler.time == .seconds(5))
  }

  @Test func advanceStopsAtTheTargetAndRunsWhatIsDueThere() {
    schedule("a", after: .seconds(1))
    schedule("b", after: .seconds(2))
    scheduler.advance(to: .seconds(1))
    #expect(log.all == ["a@1.0 seconds"])
    scheduler.advance(by: .milliseconds(999))
    #expect(log.all == ["a@1.0 seconds"])
    scheduler.advance(by: .milliseconds(1))
    #expect(log.all == ["a@1.0 seconds", "b@2.0 seconds"])
  }

  @Test func actionsScheduledWhileRunningRunInTheSameAdvanceWhenDue() {
    scheduler.schedule(after: .seconds(1)) { [scheduler, log] in
      log.append("outer", at: scheduler.now)
      scheduler.schedule(after: .seconds(1)) { log.append("inner", at: scheduler.now) }
    }
    scheduler.advance(by: .seconds(2))
    #expect(log.all == ["outer@1.0 seconds", "inner@2.0 seconds"])
  }

  @Test func runDrainsTheQueueAndStepRunsOneItem() {
    schedule("a", after: .seconds(1))
    schedule("b", after: .seconds(3))
    #expect(scheduler.step())
    #expect(log.all == ["a@1.0 seconds"])
    #expect(scheduler.time == .seconds(1))
    scheduler.run()
    #expect(log.all == ["a@1.0 seconds", "b@3.0 seconds"])
    #expect(scheduler.time == .seconds(3))
    #expect(!scheduler.step())
  }

  @Test func disposingRemovesAnActionFromTheQueue() {
    let pending = scheduler.schedule(after: .seconds(1)) { [log] in log.append("never", at: .zero) }
    pending.dispose()
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(log.all == [])
  }

  @Test func repeatingActionsRunEveryIntervalUntilDisposed() {
    let ticking = scheduler.schedule(after: .seconds(1), interval: .seconds(2)) { [log, scheduler] in
      log.append("tick", at: scheduler.now)
    }
    scheduler.advance(by: .seconds(5))
    ticking.dispose()
    scheduler.run()
    #expect(log.all == ["tick@1.0 seconds", "tick@3.0 seconds", "tick@5.0 seconds"])
  }

  @Test func scheduleAtUsesAbsoluteTime() {
    scheduler.advance(by: .seconds(1))
    scheduler.schedule(at: .seconds(4)) { [log, scheduler] in
      log.append("at", at: scheduler.now)
    }
    scheduler.run()
    #expect(log.all == ["at@4.0 seconds"])
  }

  /// RxTest runs work scheduled for "now" one tick later (its `simulateProcessingDelay`); here it runs at the same
  /// virtual instant, after what was already due then (Docs/FromCombineAndRxSwift.md, "Semantics that differ").
  @Test func workScheduledForNowRunsAtTheSameInstantAfterWhatIsDueThen() {
    scheduler.advance(to: .seconds(1))
    scheduler.schedule(after: .seconds(1)) { [log, scheduler] in
      log.append("timer", at: scheduler.now)
      scheduler.schedule { log.append("now", at: scheduler.now) }
      scheduler.schedule(after: .zero) { log.append("after zero", at: scheduler.now) }
    }
    schedule("tie", after: .seconds(1))
    scheduler.advance(by: .seconds(1))
    #expect(log.all == ["timer@2.0 seconds", "tie@2.0 seconds", "now@2.0 seconds", "after zero@2.0 seconds"])
    #expect(scheduler.time == .seconds(2))
  }

  /// The same rule seen through a signal: `observe(on:)` delivers at the instant the value was sent, where RxTest
  /// records it one tick later.
  @Test func observeOnDeliversAtTheInstantTheValueWasSent() {
    let source = scheduler.makeHotSignal(
      [.value(1, at: .seconds(1)), .completed(at: .seconds(2))] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.record(source.signal.observe(on: scheduler))
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .seconds(1)), .completed(at: .seconds(2))])
  }

  @Test func timeIsTheOffsetOfNow() {
    scheduler.advance(by: .milliseconds(1_500))
    #expect(scheduler.time == .milliseconds(1_500))
    #expect(scheduler.now == SchedulerInstant(offset: scheduler.time))
  }

  @Test func advancingToAnEarlierTimeIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scheduler = TestScheduler()
      scheduler.advance(to: .seconds(2))
      scheduler.advance(to: .seconds(1))
    }
    #expect(result?.standardErrorText.contains("advance(to:): 1.0 seconds is earlier than now, 2.0 seconds") == true)
  }

  @Test func advancingBackwardsIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      TestScheduler().advance(by: .seconds(-1))
    }
    #expect(result?.standardErrorText.contains("advance(by:): duration must be >= 0") == true)
  }

  @Test func advancingFromInsideAnActionIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scheduler = TestScheduler()
      scheduler.schedule { scheduler.advance(by: .seconds(1)) }
      scheduler.run()
    }
    #expect(result?.standardErrorText.contains("advance(by:): the TestScheduler is already running") == true)
  }
}

@Suite struct TestRecorderTests {
  let scheduler = TestScheduler()

  @Test func coldSignalReplaysRelativeToEachSubscription() {
    let source = scheduler.makeColdSignal(
      [
        .value("a", at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<String, Never>]
    )
    let first = scheduler.record(source.signal)
    scheduler.advance(by: .seconds(1))
    let second = scheduler.record(source.signal)
    scheduler.run()
    #expect(first.events == [.value("a", at: .seconds(1)), .completed(at: .seconds(2))])
    #expect(second.events == [.value("a", at: .seconds(2)), .completed(at: .seconds(3))])
    #expect(
      source.subscriptions == [
        TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2)),
        TestSubscription(subscribedAt: .seconds(1), disposedAt: .seconds(3)),
      ]
    )
  }

  @Test func hotSignalPlaysOnceToWhoeverIsSubscribed() {
    let source = scheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start(subscribedAt: .milliseconds(1_500), disposedAt: .milliseconds(2_500)) {
      source.signal
    }
    scheduler.run()
    #expect(recorder.events == [.value(2, at: .seconds(2))])
    #expect(
      source.subscriptions == [
        TestSubscription(subscribedAt: .milliseconds(1_500), disposedAt: .milliseconds(2_500))
      ]
    )
  }

  @Test func startStopsTheClockAtTheDisposalTime() {
    let recorder = scheduler.start(subscribedAt: .seconds(1), disposedAt: .seconds(3)) {
      Signal<Int, Never>.never
    }
    #expect(scheduler.time == .seconds(3))
    #expect(recorder.isDisposed)
    #expect(recorder.events == [])
  }

  @Test func anUntimedRecorderKeepsTheOrderAtTimeZero() {
    let recorder = TestRecorder<Int, Never>()
    Signal(values: [1, 2]).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
    #expect(recorder.events == [.value(1, at: .zero), .value(2, at: .zero), .completed(at: .zero)])
    #expect(recorder.values == [1, 2])
  }

  @Test func untimedEventsDropTheTimesOfATimedRecorder() {
    let recorder = scheduler.record(Signal<Int, Never>.interval(every: .seconds(1), scheduler: scheduler).take(2))
    scheduler.run()
    #expect(recorder.events == [.value(0, at: .seconds(1)), .value(1, at: .seconds(2)), .completed(at: .seconds(2))])
    #expect(recorder.untimedEvents == [.value(0), .value(1), .completed])
  }

  @Test func recordedHistoriesDescribeThemselves() {
    let record: Recorded<Int, Never> = .value(1, at: .seconds(2))
    #expect(record.description == "value(1) @ 2.0 seconds")
    #expect(TestSubscription(subscribedAt: .zero, disposedAt: nil).description == "(0.0 seconds, active)")
  }
}
