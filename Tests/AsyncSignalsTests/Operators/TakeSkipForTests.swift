import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TakeSkipForTests {
  let scheduler = TestScheduler()

  /// 1 to 5, one every second from 1 s, completing at 6 s.
  func ticks() -> TestSignal<Int, Boom> {
    scheduler.makeColdSignal(
      (1...5).map { Recorded.value($0, at: .seconds(Int64($0))) } + [.completed(at: .seconds(6))]
    )
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeForForwardsUntilTheDurationThenCompletes(path: ConsumptionPath) async {
    let source = ticks()
    let events = await scheduler.events(
      of: source.signal.take(for: .milliseconds(3_500), scheduler: scheduler),
      through: path
    )
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .completed(at: .milliseconds(3_500)),
      ]
    )
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .milliseconds(3_500))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeForPassesAnEarlierTerminalEvent(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [.value(1, at: .seconds(1)), .failed(Boom(code: 2), at: .seconds(2))] as [Recorded<Int, Boom>]
    )
    let events = await scheduler.events(of: source.signal.take(for: .seconds(5), scheduler: scheduler), through: path)
    #expect(events == [.value(1, at: .seconds(1)), .failed(Boom(code: 2), at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeForZeroCompletesAtTheNextTurn(path: ConsumptionPath) async {
    let sendsWhileSubscribing = Signal<Int, Boom> { observer, _ in observer.send(1) }
    let events = await scheduler.events(
      of: sendsWhileSubscribing.take(for: .zero, scheduler: scheduler),
      through: path
    )
    #expect(events == [.value(1, at: .zero), .completed(at: .zero)])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func skipForDropsTheValuesOfTheDuration(path: ConsumptionPath) async {
    let source = ticks()
    let events = await scheduler.events(
      of: source.signal.skip(for: .milliseconds(3_500), scheduler: scheduler),
      through: path
    )
    #expect(events == [.value(4, at: .seconds(4)), .value(5, at: .seconds(5)), .completed(at: .seconds(6))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(6))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func skipForPassesTerminalEventsAtOnce(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [.value(1, at: .seconds(1)), .failed(Boom(code: 3), at: .seconds(2))] as [Recorded<Int, Boom>]
    )
    let events = await scheduler.events(of: source.signal.skip(for: .seconds(5), scheduler: scheduler), through: path)
    #expect(events == [.failed(Boom(code: 3), at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func skipForZeroDropsOnlyWhatIsSentWhileSubscribing(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [.value(2, at: .seconds(1)), .completed(at: .seconds(1))] as [Recorded<Int, Boom>]
    )
    let both = Signal<Int, Boom> { observer, lifetime in
      observer.send(1)
      lifetime += source.signal.subscribe(observer)
    }
    let events = await scheduler.events(of: both.skip(for: .zero, scheduler: scheduler), through: path)
    #expect(events == [.value(2, at: .seconds(1)), .completed(at: .seconds(1))])
  }

  @Test func negativeDurationsAreAPrecondition() async {
    let take = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.take(for: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(take?.standardErrorText.contains("take(for:scheduler:): duration must be >= 0") == true)
    let skip = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.skip(for: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(skip?.standardErrorText.contains("skip(for:scheduler:): duration must be >= 0") == true)
  }
}
