import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ThrottleTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()

  func burst() -> TestSignal<Int, Never> {
    scheduler.makeHotSignal([
      .value(1, at: .seconds(1)),
      .value(2, at: .milliseconds(1_500)),
      .value(3, at: .seconds(2)),
      .value(4, at: .seconds(6)),
      .value(5, at: .milliseconds(6_500)),
      .completed(at: .seconds(10)),
    ])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func latestSendsTheFirstAtOnceAndTheLatestOfTheWindowWhenItCloses(path: ConsumptionPath) async {
    let source = burst()
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: true),
      through: path
    )
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(3, at: .seconds(3)),
        .value(4, at: .seconds(6)),
        .value(5, at: .seconds(8)),
        .completed(at: .seconds(10)),
      ]
    )
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(10))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func notLatestSendsTheFirstAtOnceAndDropsTheRestOfTheWindow(path: ConsumptionPath) async {
    let source = burst()
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: false),
      through: path
    )
    #expect(events == [.value(1, at: .seconds(1)), .value(4, at: .seconds(6)), .completed(at: .seconds(10))])
  }

  /// A value due at the instant a window closes, from work scheduled before the window opened (a hot source's
  /// script), runs before the window's timer, so it falls inside the window: `latest: false` drops it, where Rx
  /// (which compares times rather than running a timer) sends it; `latest: true` holds it and sends it as the window
  /// closes, at the same instant, as Rx does. (Docs/FromCombineAndRxSwift.md, "Semantics that differ".)
  @Test(arguments: [false, true])
  func aValueAtTheEndOfAWindowScheduledBeforeItOpenedFallsInsideIt(latest: Bool) {
    let source = scheduler.makeHotSignal(
      [.value(1, at: .seconds(1)), .value(2, at: .seconds(3)), .completed(at: .seconds(5))] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.record(source.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: latest))
    scheduler.run()
    let expected: [Recorded<Int, Never>] =
      latest
      ? [.value(1, at: .seconds(1)), .value(2, at: .seconds(3)), .completed(at: .seconds(5))]
      : [.value(1, at: .seconds(1)), .completed(at: .seconds(5))]
    #expect(recorder.events == expected)
  }

  /// The other side of the tie: a value scheduled after the window opened runs after the window's timer, when the
  /// window is closed, and goes out.
  @Test func aValueAtTheEndOfAWindowScheduledAfterItOpenedGoesOut() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(subject.signal.throttle(for: .seconds(2), scheduler: scheduler, latest: false))
    subject.send(1)  // at 0 s: goes out and opens a window, whose timer is due at 2 s
    scheduler.perform(at: .seconds(2)) { subject.send(2) }  // scheduled after that timer
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .zero), .value(2, at: .seconds(2))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func completionWaitsForTheWindowToSendTheHeldValue(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .milliseconds(1_500)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: true),
      through: path
    )
    #expect(events == [.value(1, at: .seconds(1)), .value(2, at: .seconds(6)), .completed(at: .seconds(6))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func completionWithNothingHeldIsAtOnce(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .milliseconds(1_500)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: false),
      through: path
    )
    #expect(events == [.value(1, at: .seconds(1)), .completed(at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases, [true, false])
  func failureArrivesAtOnceAndDropsTheHeldValue(path: ConsumptionPath, latest: Bool) async {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .milliseconds(1_500)),
        .failed(Boom(), at: .seconds(2)),
      ] as [Recorded<Int, Boom>]
    )
    let events = await scheduler.events(
      of: source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: latest),
      through: path
    )
    #expect(events == [.value(1, at: .seconds(1)), .failed(Boom(), at: .seconds(2))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases, [true, false])
  func zeroIntervalSendsEveryValueAsItArrives(path: ConsumptionPath, latest: Bool) async {
    let source = burst()
    let events = await scheduler.events(
      of: source.signal.throttle(for: .zero, scheduler: scheduler, latest: latest),
      through: path
    )
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .milliseconds(1_500)),
        .value(3, at: .seconds(2)),
        .value(4, at: .seconds(6)),
        .value(5, at: .milliseconds(6_500)),
        .completed(at: .seconds(10)),
      ]
    )
  }

  @Test func disposalMidWindowCancelsTheTimer() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .milliseconds(1_500)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.throttle(for: .seconds(5), scheduler: scheduler, latest: true)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .seconds(1))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
  }

  @Test func negativeIntervalIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.throttle(for: .seconds(-1), scheduler: TestScheduler(), latest: true)
    }
    #expect(result?.standardErrorText.contains("throttle(for:scheduler:latest:): interval must be >= 0") == true)
  }
}
