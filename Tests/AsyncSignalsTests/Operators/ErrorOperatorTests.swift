import AsyncSignals
import TestSupport
import Testing

/// `catch`, `retry`, `repeat`, `mapError`, `promoteError` and `tryMap`, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct ErrorOperatorTests {
  /// A signal that sends its attempt number (1, 2, ...), then fails with it as the code, or completes from
  /// attempt `succeedingAt` on; it logs each subscription and cleanup.
  final class Attempts: Sendable {
    let log = Locked<[String]>([])
    let succeedingAt: Int
    private let count = Counter()

    init(succeedingAt: Int = .max) {
      self.succeedingAt = succeedingAt
    }

    var signal: Signal<Int, Boom> {
      Signal { [self] observer, lifetime in
        let attempt = count.increment()
        log.withLock { $0.append("subscribe \(attempt)") }
        lifetime.onDispose { [self] in log.withLock { $0.append("dispose \(attempt)") } }
        observer.send(attempt)
        if attempt >= succeedingAt {
          observer.complete()
        } else {
          observer.fail(Boom(code: attempt))
        }
      }
    }
  }

  // MARK: catch

  @Test(arguments: ConsumptionPath.allCases)
  func catchSubscribesTheReplacementOnceAfterTheFailedSubscriptionEnded(path: ConsumptionPath) async {
    let attempts = Attempts()
    let replacement = Probe<Int, Never>()
    let task = Task {
      await path.events(
        of: attempts.signal.catch { failure in
          attempts.log.withLock { $0.append("catch \(failure.code)") }
          return replacement.signal
        }
      )
    }
    await replacement.subscribed.wait()
    replacement.send(10)
    replacement.complete()
    #expect(await task.value == [.value(1), .value(10), .completed])
    #expect(replacement.subscriptions.value == 1)
    #expect(attempts.log.withLock { $0 } == ["subscribe 1", "dispose 1", "catch 1"])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func catchPassesValuesAndCompletionAndTheReplacementsFailure(path: ConsumptionPath) async {
    let untouched = source([1, 2]).catch { _ in Signal<Int, Never>.just(9) }
    #expect(await path.events(of: untouched) == [.value(1), .value(2), .completed])
    let replaced = source([1], then: .failed(Boom())).catch(to: source([2], then: .failed(Boom(code: 3))))
    #expect(await path.events(of: replaced) == [.value(1), .value(2), .failed(Boom(code: 3))])
  }

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

  // MARK: mapError, promoteError, tryMap

  @Test(arguments: ConsumptionPath.allCases)
  func mapErrorTransformsOnlyTheFailure(path: ConsumptionPath) async {
    struct Wrapped: Error, Equatable { var inner: Boom }
    let mapped = source([1], then: .failed(Boom(code: 4))).mapError { Wrapped(inner: $0) }
    #expect(await path.events(of: mapped) == [.value(1), .failed(Wrapped(inner: Boom(code: 4)))])
    #expect(await path.events(of: source([1]).mapError { Wrapped(inner: $0) }) == [.value(1), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func promoteErrorLetsANeverFailingSignalJoinAFailingOne(path: ConsumptionPath) async {
    let merged = Signal.concat(Signal(values: [1, 2]).promoteError(Boom.self), .failure(Boom(code: 9)))
    #expect(await path.events(of: merged) == [.value(1), .value(2), .failed(Boom(code: 9))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func tryMapFailsWithTheThrownErrorAndSendsNothingAfter(path: ConsumptionPath) async {
    let probe = Probe<Int, Boom>()
    let parsed = probe.signal.tryMap { value throws(Boom) in
      guard value >= 0 else { throw Boom(code: value) }
      return value * 10
    }
    let task = Task { await path.events(of: parsed) }
    await probe.subscribed.wait()
    probe.send(1)
    probe.send(-3)
    probe.send(2)
    #expect(await task.value == [.value(10), .failed(Boom(code: -3))])
    #expect(probe.disposals.value == 1)
    #expect(await path.events(of: source([1], then: .failed(Boom())).tryMap { $0 }) == [.value(1), .failed(Boom())])
  }
}
