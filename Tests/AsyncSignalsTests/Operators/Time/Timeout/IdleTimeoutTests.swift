import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct IdleTimeoutTests {
  enum Failure: Error, Equatable {
    case boom
    case silent
  }

  let scheduler = TestScheduler(frame: .seconds(1))

  /// A silence of 4 seconds between `b` and `c`.
  func chatty() -> TestSignal<String, Failure> {
    scheduler.makeColdSignal("-a-b---c|", failure: Failure.boom)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func eachValueRestartsTheDeadline(path: ConsumptionPath) async {
    let source = chatty()
    let events = await scheduler.events(
      of: source.signal.timeout(idle: .seconds(3), scheduler: scheduler),
      through: path
    )
    scheduler.expectMarbles("-a-b--#", failure: .timedOut, for: events)
    source.expectSubscriptions("^-----!")
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aSignalThatNeverFallsSilentLongEnoughCompletes(path: ConsumptionPath) async {
    let source = chatty()
    let events = await scheduler.events(
      of: source.signal.timeout(idle: .seconds(5), scheduler: scheduler),
      through: path
    )
    scheduler.expectMarbles("-a-b---c|", for: events)
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func theFirstDeadlineStartsAtSubscription(path: ConsumptionPath) async {
    let events = await scheduler.events(
      of: Signal<Int, Failure>.never.timeout(idle: .seconds(2), raising: .silent, scheduler: scheduler),
      through: path
    )
    scheduler.expectMarbles("--#", failure: .silent, for: events)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func upstreamFailureArrivesAtOnceWrapped(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal("-a#", failure: Failure.boom)
    let events = await scheduler.events(
      of: source.signal.timeout(idle: .seconds(5), scheduler: scheduler),
      through: path
    )
    scheduler.expectMarbles("-a#", failure: .upstream(.boom), for: events)
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func fallbackReplacesASilentUpstream(path: ConsumptionPath) async {
    let source = chatty()
    let fallback = scheduler.makeColdSignal("-(z|)", failure: Failure.boom)
    let timed = source.signal.timeout(idle: .seconds(3), scheduler: scheduler, switchingTo: fallback.signal)
    let events = await scheduler.events(of: timed, through: path)
    scheduler.expectMarbles("-a-b---(z|)", for: events)
    source.expectSubscriptions("^-----!")
    fallback.expectSubscriptions("------^!")
  }

  @Test(arguments: ConsumptionPath.allCases)
  func switchingToEmptyCompletesLikeCombine(path: ConsumptionPath) async {
    let timed = chatty().signal.timeout(idle: .seconds(3), scheduler: scheduler, switchingTo: .empty)
    let events = await scheduler.events(of: timed, through: path)
    scheduler.expectMarbles("-a-b--|", for: events)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zeroIntervalTimesOutAtTheTurnAfterTheLastValue(path: ConsumptionPath) async {
    let sendsWhileSubscribing = Signal<Int, Failure> { observer, _ in
      observer.send(1)
      observer.send(2)
    }
    let events = await scheduler.events(
      of: sendsWhileSubscribing.timeout(idle: .zero, scheduler: scheduler),
      through: path
    )
    #expect(events == [.value(1, at: .zero), .value(2, at: .zero), .failed(.timedOut, at: .zero)])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zeroIntervalTimesOutASilentSignalAtTheNextTurn(path: ConsumptionPath) async {
    let events = await scheduler.events(of: chatty().signal.timeout(idle: .zero, scheduler: scheduler), through: path)
    #expect(events == [.failed(.timedOut, at: .zero)])
  }

  @Test func disposalCancelsTheDeadline() {
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      chatty().signal.timeout(idle: .seconds(5), scheduler: scheduler)
    }
    recorder.expectMarbles("-a")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func negativeIntervalsAreAPrecondition() async {
    let idle = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.timeout(idle: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(idle?.standardErrorText.contains("timeout(idle:scheduler:): interval must be >= 0") == true)
    let raising = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Boom>.never.timeout(idle: .seconds(-1), raising: Boom(), scheduler: TestScheduler())
    }
    #expect(raising?.standardErrorText.contains("timeout(idle:raising:scheduler:): interval must be >= 0") == true)
    let fallback = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.timeout(idle: .seconds(-1), scheduler: TestScheduler(), switchingTo: .empty)
    }
    #expect(
      fallback?.standardErrorText.contains("timeout(idle:scheduler:switchingTo:): interval must be >= 0") == true
    )
  }
}
