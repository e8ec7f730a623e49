import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ThrottleTests {
  struct Boom: Error, Equatable {}

  /// Half a second a frame.
  let scheduler = TestScheduler(frame: .milliseconds(500))

  /// A burst of three in the first second, two at 6 s, completion at 10 s.
  func burst() -> TestSignal<String, Never> {
    scheduler.makeHotSignal("--abc-------de------|")
  }

  @Test(arguments: ConsumptionPath.allCases)
  func latestSendsTheFirstAtOnceAndTheLatestOfTheWindowWhenItCloses(path: ConsumptionPath) async {
    let source = burst()
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: true),
      through: path
    )
    scheduler.expectMarbles("--a---c-----d---e---|", for: events)
    source.expectSubscriptions("^-------------------!")
  }

  @Test(arguments: ConsumptionPath.allCases)
  func notLatestSendsTheFirstAtOnceAndDropsTheRestOfTheWindow(path: ConsumptionPath) async {
    let source = burst()
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: false),
      through: path
    )
    scheduler.expectMarbles("--a---------d-------|", for: events)
  }

  /// A value due at the instant a window closes, from work scheduled before the window opened (a hot source's
  /// script), runs before the window's timer, so it falls inside the window: `latest: false` drops it, where Rx
  /// (which compares times rather than running a timer) sends it; `latest: true` holds it and sends it as the window
  /// closes, at the same instant, as Rx does. (Docs/FromCombineAndRxSwift.md, "Semantics that differ".)
  @Test(arguments: [false, true])
  func aValueAtTheEndOfAWindowScheduledBeforeItOpenedFallsInsideIt(latest: Bool) {
    let source = scheduler.makeHotSignal("--a---b---|")
    let recorder = scheduler.record(source.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: latest))
    scheduler.run()
    recorder.expectMarbles(latest ? "--a---b---|" : "--a-------|")
  }

  /// The other side of the tie: a value scheduled after the window opened runs after the window's timer, when the
  /// window is closed, and goes out.
  @Test func aValueAtTheEndOfAWindowScheduledAfterItOpenedGoesOut() {
    let subject = PassthroughSubject<String, Never>()
    let recorder = scheduler.record(subject.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: false))
    subject.send("a")  // at 0 s: goes out and opens a window, whose timer is due at 2 s
    scheduler.perform(at: .seconds(2)) { subject.send("b") }  // scheduled after that timer
    scheduler.run()
    recorder.expectMarbles("a---b")
  }

  @Test(arguments: ConsumptionPath.allCases)
  func completionWaitsForTheWindowToSendTheHeldValue(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal("--ab|")
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: true),
      through: path
    )
    scheduler.expectMarbles("--a---------(b|)", for: events)
    source.expectSubscriptions("^---!")
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func completionWithNothingHeldIsAtOnce(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal("--ab|")
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: false),
      through: path
    )
    scheduler.expectMarbles("--a-|", for: events)
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases, [true, false])
  func failureArrivesAtOnceAndDropsTheHeldValue(path: ConsumptionPath, latest: Bool) async {
    let source = scheduler.makeColdSignal("--ab#", failure: Boom())
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: latest),
      through: path
    )
    scheduler.expectMarbles("--a-#", failure: Boom(), for: events)
    source.expectSubscriptions("^---!")
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases, [true, false])
  func zeroIntervalSendsEveryValueAsItArrives(path: ConsumptionPath, latest: Bool) async {
    let source = burst()
    let events = await scheduler.events(
      of: source.signal.throttle(for: .zero, scheduler: scheduler, latest: latest),
      through: path
    )
    scheduler.expectMarbles("--abc-------de------|", for: events)
  }

  @Test func disposalMidWindowCancelsTheTimer() {
    let source = scheduler.makeColdSignal("--ab")
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: true)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    recorder.expectMarbles("--a")
    source.expectSubscriptions("^---!")
  }

  @Test func negativeIntervalIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.throttle(for: .seconds(-1), scheduler: TestScheduler(), latest: true)
    }
    #expect(result?.standardErrorText.contains("throttle(for:scheduler:latest:): interval must be >= 0") == true)
  }
}
