import AsyncSignals
import TestSupport
import Testing

/// `catch`, `mapError`, `promoteError` and `tryMap`, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct ErrorOperatorTests {
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
