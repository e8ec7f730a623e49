import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TimeoutTests {
  enum Failure: Error, Equatable {
    case boom
    case tooSlow
  }

  let scheduler = TestScheduler()

  @Test func failsWithTimedOutWhenTheSignalRunsTooLong() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(4)),
        .completed(at: .seconds(10)),
      ] as [Recorded<Int, Failure>]
    )
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    #expect(
      recorder.events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(4)),
        .failed(.timedOut, at: .seconds(5)),
      ]
    )
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(5))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func completionInTimeCancelsTheDeadline() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Failure>]
    )
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    #expect(recorder.events == [.value(1, at: .seconds(1)), .completed(at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func upstreamFailureArrivesAtOnceWrapped() {
    let source = scheduler.makeColdSignal([.failed(.boom, at: .seconds(2))] as [Recorded<Int, Failure>])
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    #expect(recorder.events == [.failed(.upstream(.boom), at: .seconds(2))])
  }

  @Test func raisingKeepsTheFailureType() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Failure>])
    let recorder = scheduler.start {
      source.signal.timeout(after: .seconds(3), raising: .tooSlow, scheduler: scheduler)
    }
    #expect(recorder.events == [.value(1, at: .seconds(1)), .failed(.tooSlow, at: .seconds(3))])
  }

  @Test func disposalCancelsTheDeadline() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Failure>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.timeout(after: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .seconds(1))])
  }

  @Test func composesWithANeverFailingSignal() {
    let recorder = scheduler.start {
      Signal<Int, Never>.never.timeout(after: .seconds(1), scheduler: scheduler)
    }
    #expect(recorder.events == [.failed(.timedOut, at: .seconds(1))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aDeadlineDoesNotRestartAtValues(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .completed(at: .seconds(4)),
      ] as [Recorded<Int, Failure>]
    )
    let events = await scheduler.events(
      of: source.signal.timeout(after: .seconds(3), scheduler: scheduler),
      through: path
    )
    #expect(events == [.value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .failed(.timedOut, at: .seconds(3))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(3))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func fallbackReplacesUpstreamAtTheDeadline(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [.value(1, at: .seconds(1)), .value(2, at: .seconds(5))] as [Recorded<Int, Failure>]
    )
    let fallback = scheduler.makeColdSignal(
      [.value(9, at: .seconds(1)), .completed(at: .seconds(2))] as [Recorded<Int, Failure>]
    )
    let timed = source.signal.timeout(after: .seconds(3), scheduler: scheduler, switchingTo: fallback.signal)
    let events = await scheduler.events(of: timed, through: path)
    #expect(events == [.value(1, at: .seconds(1)), .value(9, at: .seconds(4)), .completed(at: .seconds(5))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(3))])
    #expect(fallback.subscriptions == [TestSubscription(subscribedAt: .seconds(3), disposedAt: .seconds(5))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func fallbackIsNotSubscribedWhenUpstreamEndsInTime(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal([.failed(.boom, at: .seconds(1))] as [Recorded<Int, Failure>])
    let fallback = scheduler.makeColdSignal([.completed(at: .seconds(1))] as [Recorded<Int, Failure>])
    let timed = source.signal.timeout(after: .seconds(3), scheduler: scheduler, switchingTo: fallback.signal)
    let events = await scheduler.events(of: timed, through: path)
    #expect(events == [.failed(.boom, at: .seconds(1))])
    #expect(fallback.subscriptions == [])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zeroIntervalTimesOutAtTheNextTurn(path: ConsumptionPath) async {
    let subscribedAt = Locked<Duration?>(nil)
    let slow = Signal<Int, Failure> { [scheduler] observer, _ in
      subscribedAt.withLock { $0 = scheduler.now.offset }
      observer.send(1)  // sent while subscribing: passes
    }
    let events = await scheduler.events(of: slow.timeout(after: .zero, scheduler: scheduler), through: path)
    #expect(events == [.value(1, at: .zero), .failed(.timedOut, at: .zero)])
    #expect(subscribedAt.withLock { $0 } == .zero)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zeroIntervalLetsASignalThatEndsWhileSubscribingThrough(path: ConsumptionPath) async {
    let events = await scheduler.events(
      of: Signal<Int, Never>(values: [1, 2]).promoteError(Failure.self).timeout(after: .zero, scheduler: scheduler),
      through: path
    )
    #expect(events == [.value(1, at: .zero), .value(2, at: .zero), .completed(at: .zero)])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func negativeIntervalIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.timeout(after: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("timeout(after:scheduler:): interval must be >= 0") == true)
  }

  @Test func negativeIntervalWithACustomFailureIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Boom>.never.timeout(after: .seconds(-1), raising: Boom(), scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("timeout(after:raising:scheduler:): interval must be >= 0") == true)
  }

  @Test func negativeIntervalWithAFallbackIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.timeout(after: .seconds(-1), scheduler: TestScheduler(), switchingTo: .empty)
    }
    #expect(
      result?.standardErrorText.contains("timeout(after:scheduler:switchingTo:): interval must be >= 0") == true
    )
  }
}
