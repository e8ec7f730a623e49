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

  let scheduler = TestScheduler(frame: .seconds(1))

  @Test func failsWithTimedOutWhenTheSignalRunsTooLong() {
    let source = scheduler.makeColdSignal("-a--b-----|", failure: Failure.boom)
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    recorder.expectMarbles("-a--b#", failure: .timedOut)
    source.expectSubscriptions("^----!")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func completionInTimeCancelsTheDeadline() {
    let source = scheduler.makeColdSignal("-a|", failure: Failure.boom)
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    recorder.expectMarbles("-a|")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func upstreamFailureArrivesAtOnceWrapped() {
    let source = scheduler.makeColdSignal("--#", failure: Failure.boom)
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    recorder.expectMarbles("--#", failure: .upstream(.boom))
  }

  @Test func raisingKeepsTheFailureType() {
    let source = scheduler.makeColdSignal("-a", failure: Failure.boom)
    let recorder = scheduler.start {
      source.signal.timeout(after: .seconds(3), raising: .tooSlow, scheduler: scheduler)
    }
    recorder.expectMarbles("-a-#", failure: .tooSlow)
  }

  @Test func disposalCancelsTheDeadline() {
    let source = scheduler.makeColdSignal("-a", failure: Failure.boom)
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.timeout(after: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    recorder.expectMarbles("-a")
  }

  @Test func composesWithANeverFailingSignal() {
    let recorder = scheduler.start {
      Signal<Int, Never>.never.timeout(after: .seconds(1), scheduler: scheduler)
    }
    recorder.expectMarbles("-#", failure: .timedOut)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aDeadlineDoesNotRestartAtValues(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal("-abc|", failure: Failure.boom)
    let events = await scheduler.events(
      of: source.signal.timeout(after: .seconds(3), scheduler: scheduler),
      through: path
    )
    scheduler.expectMarbles("-ab#", failure: .timedOut, for: events)
    source.expectSubscriptions("^--!")
  }

  @Test(arguments: ConsumptionPath.allCases)
  func fallbackReplacesUpstreamAtTheDeadline(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal("-a---b", failure: Failure.boom)
    let fallback = scheduler.makeColdSignal("-x|", failure: Failure.boom)
    let timed = source.signal.timeout(after: .seconds(3), scheduler: scheduler, switchingTo: fallback.signal)
    let events = await scheduler.events(of: timed, through: path)
    scheduler.expectMarbles("-a--x|", for: events)
    source.expectSubscriptions("^--!")
    fallback.expectSubscriptions("---^-!")
  }

  @Test(arguments: ConsumptionPath.allCases)
  func fallbackIsNotSubscribedWhenUpstreamEndsInTime(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal("-#", failure: Failure.boom)
    let fallback = scheduler.makeColdSignal("-|", failure: Failure.boom)
    let timed = source.signal.timeout(after: .seconds(3), scheduler: scheduler, switchingTo: fallback.signal)
    let events = await scheduler.events(of: timed, through: path)
    scheduler.expectMarbles("-#", failure: .boom, for: events)
    fallback.expectSubscriptions()
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
