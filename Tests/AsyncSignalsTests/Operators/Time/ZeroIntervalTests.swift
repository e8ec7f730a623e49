import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A zero interval means "the scheduler's next turn" for every time operator (as in Rx and Combine): values that
/// arrive before the scheduler runs again are treated as arriving together.
@Suite(.timeLimit(.minutes(1)))
struct ZeroIntervalTests {
  let scheduler = TestScheduler()

  /// 1 and 2 at the same instant (two scheduler actions, before any timer they start), 3 later, then completion.
  func burst() -> TestSignal<Int, Never> {
    scheduler.makeHotSignal([
      .value(1, at: .seconds(1)),
      .value(2, at: .seconds(1)),
      .value(3, at: .seconds(2)),
      .completed(at: .seconds(3)),
    ])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func debounceSendsTheLastValueBeforeTheNextTurn(path: ConsumptionPath) async {
    let events = await scheduler.events(of: burst().signal.debounce(for: .zero, scheduler: scheduler), through: path)
    #expect(events == [.value(2, at: .seconds(1)), .value(3, at: .seconds(2)), .completed(at: .seconds(3))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func delayDeliversEveryEventAtTheNextTurnInOrder(path: ConsumptionPath) async {
    let source = burst()
    let delayed = source.signal.delay(for: .zero, scheduler: scheduler)
    let events = await scheduler.events(of: delayed, through: path)
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(1)),
        .value(3, at: .seconds(2)),
        .completed(at: .seconds(3)),
      ]
    )
  }

  @Test func delayDoesNotDeliverSynchronously() {
    let recorder = scheduler.record(Signal(values: [1, 2]).delay(for: .zero, scheduler: scheduler))
    #expect(recorder.events == [])
    scheduler.advance()
    #expect(recorder.events == [.value(1, at: .zero), .value(2, at: .zero), .completed(at: .zero)])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func collectEveryGroupsTheValuesOfOneTurn(path: ConsumptionPath) async {
    let collected = burst().signal.collect(every: .zero, scheduler: scheduler)
    let events = await scheduler.events(of: collected, through: path)
    #expect(events == [.value([1, 2], at: .seconds(1)), .value([3], at: .seconds(2)), .completed(at: .seconds(3))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func delaySubscriptionSubscribesAtTheNextTurn(path: ConsumptionPath) async {
    let subscribed = Locked(false)
    let source = Signal<Int, Never>(values: [1, 2]).on(started: { subscribed.withLock { $0 = true } })
    let delayed = source.delaySubscription(for: .zero, scheduler: scheduler)
    switch path {
    case .callbacks:
      let recorder = scheduler.record(delayed)
      #expect(subscribed.withLock { $0 } == false)
      await scheduler.advance()
      #expect(recorder.events == [.value(1, at: .zero), .value(2, at: .zero), .completed(at: .zero)])
    case .forAwait:
      let events = await scheduler.forAwaitEvents(of: delayed) { scheduler in
        #expect(subscribed.withLock { $0 } == false)
        scheduler.advance()
      }
      #expect(events == [.value(1, at: .zero), .value(2, at: .zero), .completed(at: .zero)])
    }
  }

  @Test func negativeIntervalsAreAPrecondition() async {
    let debounce = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.debounce(for: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(debounce?.standardErrorText.contains("debounce(for:scheduler:): interval must be >= 0") == true)
    let delay = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.delay(for: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(delay?.standardErrorText.contains("delay(for:scheduler:): interval must be >= 0") == true)
    let collect = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.collect(every: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(collect?.standardErrorText.contains("collect(every:scheduler:): interval must be >= 0") == true)
    let delaySubscription = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.delaySubscription(for: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(
      delaySubscription?.standardErrorText.contains("delaySubscription(for:scheduler:): interval must be >= 0")
        == true
    )
  }
}
