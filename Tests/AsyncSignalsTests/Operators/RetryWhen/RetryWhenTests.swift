import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// `retry(upTo:delay:scheduler:)` and `retry(when:)`, on virtual time and both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct RetryWhenTests {
  let scheduler = TestScheduler()

  /// Each attempt sends its number one second after it starts; attempts before `succeedingAttempt` then fail
  /// with their number, that one completes.
  func flaky(succeedingAttempt: Int = .max) -> (signal: Signal<Int, Boom>, attempts: Counter) {
    let attempts = Counter()
    let signal = Signal<Int, Boom> { [scheduler] observer, lifetime in
      let attempt = attempts.increment()
      lifetime += scheduler.schedule(after: .seconds(1)) {
        observer.send(attempt)
        if attempt >= succeedingAttempt { observer.complete() } else { observer.fail(Boom(code: attempt)) }
      }
    }
    return (signal, attempts)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func constantDelayRetriesAfterEachWaitThenFailsWithTheLastFailure(path: ConsumptionPath) async {
    let (signal, attempts) = flaky()
    let retried = signal.retry(upTo: 2, delay: .constant(.seconds(1)), scheduler: scheduler)
    let events = await scheduler.events(of: retried, through: path)
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(3)),
        .value(3, at: .seconds(5)),
        .failed(Boom(code: 3), at: .seconds(5)),
      ]
    )
    #expect(attempts.value == 3)
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func exponentialBackoffDoublesTheWaitAndSucceeds(path: ConsumptionPath) async {
    let (signal, attempts) = flaky(succeedingAttempt: 4)
    let retried = signal.retry(upTo: 5, delay: .exponential(initial: .seconds(1)), scheduler: scheduler)
    let events = await scheduler.events(of: retried, through: path)
    // Attempts start at 0, 2 (1 + 1), 5 (3 + 2) and 10 (6 + 4) seconds; each sends a second later.
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(3)),
        .value(3, at: .seconds(6)),
        .value(4, at: .seconds(11)),
        .completed(at: .seconds(11)),
      ]
    )
    #expect(attempts.value == 4)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func theJitterHookDecidesEachWait(path: ConsumptionPath) async {
    let (signal, _) = flaky(succeedingAttempt: 3)
    let asked = Locked<[Duration]>([])
    let delay = RetryDelay.constant(.seconds(4)).jittered { proposed in
      asked.withLock { $0.append(proposed) }
      return proposed / 4
    }
    let events = await scheduler.events(
      of: signal.retry(upTo: 3, delay: delay, scheduler: scheduler),
      through: path
    )
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(3)),
        .value(3, at: .seconds(5)),
        .completed(at: .seconds(5)),
      ]
    )
    #expect(asked.withLock { $0 } == [.seconds(4), .seconds(4)])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func upToZeroNeverRetries(path: ConsumptionPath) async {
    let (signal, attempts) = flaky()
    let events = await scheduler.events(
      of: signal.retry(upTo: 0, delay: .constant(.seconds(1)), scheduler: scheduler),
      through: path
    )
    #expect(events == [.value(1, at: .seconds(1)), .failed(Boom(code: 1), at: .seconds(1))])
    #expect(attempts.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aZeroDelayRetriesAtTheSchedulersNextTurn(path: ConsumptionPath) async {
    let attempts = Counter()
    let failsAtOnce = Signal<Int, Boom> { observer, _ in
      observer.fail(Boom(code: attempts.increment()))
    }
    let events = await scheduler.events(
      of: failsAtOnce.retry(upTo: 2, delay: .constant(.zero), scheduler: scheduler),
      through: path
    )
    #expect(events == [.failed(Boom(code: 3), at: .zero)])
    #expect(attempts.value == 3)
  }

  @Test func disposingDuringAWaitCancelsItAndNeverResubscribes() {
    let (signal, attempts) = flaky()
    let recorder = scheduler.start(disposedAt: .milliseconds(1_500)) {
      signal.retry(upTo: 3, delay: .constant(.seconds(5)), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .seconds(1))])
    #expect(attempts.value == 1)
  }

  @Test func aNegativeCountIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.retry(upTo: -1, delay: .constant(.zero), scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("retry(upTo:delay:scheduler:): count must be >= 0, got -1") == true)
  }

  // MARK: retry(when:)

  @Test(arguments: ConsumptionPath.allCases)
  func theTriggerSeesEachFailureAndRetriesOnItsValue(path: ConsumptionPath) async {
    let (signal, _) = flaky(succeedingAttempt: 3)
    let seen = Locked<[Boom]>([])
    let retried = signal.retry(when: { [scheduler] failures in
      failures
        .on(value: { failure in seen.withLock { $0.append(failure) } })
        .flatMap(.concat) { failure in Signal<Int, Never>.timer(after: .seconds(failure.code), scheduler: scheduler) }
    })
    let events = await scheduler.events(of: retried, through: path)
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(3)),
        .value(3, at: .seconds(6)),
        .completed(at: .seconds(6)),
      ]
    )
    #expect(seen.withLock { $0 } == [Boom(code: 1), Boom(code: 2)])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aTriggerThatCompletesGivesUpWithTheFailure(path: ConsumptionPath) async {
    let (signal, attempts) = flaky()
    let retried = signal.retry(when: { failures in
      failures.filter { $0.code < 2 }  // the second failure waits for a value that never comes…
        .take(until: failures.filter { $0.code == 2 })  // …and the trigger completes instead
    })
    let events = await scheduler.events(of: retried, through: path)
    #expect(
      events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .failed(Boom(code: 2), at: .seconds(2)),
      ]
    )
    #expect(attempts.value == 2)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func anEmptyTriggerNeverRetries(path: ConsumptionPath) async {
    let (signal, attempts) = flaky()
    let events = await scheduler.events(of: signal.retry(when: { _ in Signal<Int, Never>.empty }), through: path)
    #expect(events == [.value(1, at: .seconds(1)), .failed(Boom(code: 1), at: .seconds(1))])
    #expect(attempts.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func triggerValuesWhileAnAttemptRunsAreIgnored(path: ConsumptionPath) async {
    let (signal, attempts) = flaky(succeedingAttempt: 2)
    let ticks = Signal<Int, Never>.interval(every: .milliseconds(400), scheduler: scheduler)
    let retried = signal.retry(when: { failures in
      failures.flatMap(.first) { _ in ticks.take(1) }.merge(with: ticks.take(2))  // two ticks during attempt 1
    })
    let events = await scheduler.events(of: retried, through: path)
    #expect(
      events == [.value(1, at: .seconds(1)), .value(2, at: .milliseconds(2_400)), .completed(at: .milliseconds(2_400))]
    )
    #expect(attempts.value == 2)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func synchronousRetriesRunInConstantStackDepth(path: ConsumptionPath) async {
    let retried = Signal<Int, Boom>.failure(Boom(code: 9)).retry(when: { $0.take(100_000) })
    #expect(await path.events(of: retried) == [.failed(Boom(code: 9))])
  }

  @Test func disposingEndsTheTriggerAndTheAttempt() {
    let triggerDisposed = Locked(false)
    let (signal, _) = flaky()
    let recorder = scheduler.start(disposedAt: .milliseconds(500)) {
      signal.retry(when: { failures in failures.on(disposed: { triggerDisposed.withLock { $0 = true } }) })
    }
    #expect(recorder.events == [])
    #expect(triggerDisposed.withLock { $0 })
    #expect(scheduler.pendingCount == 0)
  }
}
