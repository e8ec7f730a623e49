import AsyncSignals
import TestSupport
import Testing

/// `retry` and `repeat`, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct ResubscribeTests {
  // MARK: retry

  @Test(arguments: ConsumptionPath.allCases)
  func retryResubscribesNTimesThenFailsWithTheLastFailure(path: ConsumptionPath) async {
    let attempts = Attempts()
    let events = await path.events(of: attempts.signal.retry(2))
    #expect(events == [.value(1), .value(2), .value(3), .failed(Boom(code: 3))])
    #expect(
      attempts.log.withLock { $0 } == [
        "subscribe 1", "dispose 1", "subscribe 2", "dispose 2", "subscribe 3", "dispose 3",
      ]
    )
  }

  @Test(arguments: ConsumptionPath.allCases)
  func retryWithoutALimitRetriesUntilAnAttemptCompletes(path: ConsumptionPath) async {
    let attempts = Attempts(succeedingAt: 4)
    #expect(await path.events(of: attempts.signal.retry()) == [.value(1), .value(2), .value(3), .value(4), .completed])
    #expect(await path.events(of: source([1]).retry(0)) == [.value(1), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func retryOfAnAsynchronousFailureResubscribesFromTheFailingThread(path: ConsumptionPath) async {
    let probe = Probe<Int, Boom>()
    let task = Task { await path.events(of: probe.signal.retry(1)) }
    await probe.subscribed.wait()
    probe.send(1)
    probe.fail(Boom(code: 1))  // resubscribes: the probe now has a second observer
    #expect(probe.subscriptions.value == 2)
    #expect(probe.disposals.value == 1)
    probe.send(2)
    probe.fail(Boom(code: 2))
    #expect(await task.value == [.value(1), .value(2), .failed(Boom(code: 2))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func retryOf100000SynchronousFailuresRunsInConstantStackDepth(path: ConsumptionPath) async {
    let events = await path.events(of: Signal<Int, Boom>.failure(Boom(code: 5)).retry(100_000))
    #expect(events == [.failed(Boom(code: 5))])
  }

  @Test func retryAndRepeatCountsMustNotBeNegative() async {
    let retryExit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.retry(-1)
    }
    #expect(retryExit?.standardErrorText.contains("retry(_:): count must be >= 0, got -1") == true)
    let repeatExit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.repeat(-1)
    }
    #expect(repeatExit?.standardErrorText.contains("repeat(_:): count must be >= 0, got -1") == true)
  }

  // MARK: repeat

  @Test(arguments: ConsumptionPath.allCases)
  func repeatSubscribesAgainAfterEachCompletion(path: ConsumptionPath) async {
    let attempts = Attempts(succeedingAt: 1)
    #expect(await path.events(of: attempts.signal.repeat(3)) == [.value(1), .value(2), .value(3), .completed])
    #expect(
      attempts.log.withLock { $0 } == [
        "subscribe 1", "dispose 1", "subscribe 2", "dispose 2", "subscribe 3", "dispose 3",
      ]
    )
    #expect(await path.events(of: source([1]).repeat(0)) == [.completed])
    #expect(await path.events(of: source([1]).repeat(1)) == [.value(1), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func repeatStopsAtAFailure(path: ConsumptionPath) async {
    let attempts = Attempts(succeedingAt: 1)
    let failing = attempts.signal.flatMap(.concat) { $0 == 2 ? .failure(Boom(code: 2)) : .just($0) }
    #expect(await path.events(of: failing.repeat()) == [.value(1), .failed(Boom(code: 2))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func repeatForeverEndsWhenTheSubscriptionEnds(path: ConsumptionPath) async {
    // A synchronous endless repeat is ended from inside the chain (the subscriber disposes at `take`'s end).
    #expect(
      await path.events(of: Signal<Int, Never>.just(7).repeat().take(3)) == [
        .value(7), .value(7), .value(7), .completed,
      ]
    )
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aRepeatOf100000StepsRunsInConstantStackDepth(path: ConsumptionPath) async {
    let events = await path.events(of: Signal<Int, Never>.just(1).repeat(100_000))
    #expect(events.count == 100_001)
    #expect(events.last == .completed)
  }
}
