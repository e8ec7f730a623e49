import AsyncSignals
import TestSupport
import Testing

/// The rules every operator follows, checked for each operator on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct OperatorContractTests {
  /// A finite upstream with repeats, so that stateful operators have something to do.
  static let numbers = Signal<Int, Boom> { observer, _ in
    for value in [1, 2, 2, 3, 4, 5] {
      observer.send(value)
    }
    observer.complete()
  }

  @Test(arguments: OperatorCase.all, ConsumptionPath.allCases)
  func failurePassesThroughAtOnce(operation: OperatorCase, path: ConsumptionPath) async {
    let events = await path.events(of: operation.apply(.failure(Boom())))
    #expect(events == operation.onImmediateFailure)
  }

  /// Errors skip the operator: the values it let through, then the failure at once.
  ///
  /// No partial result comes out of a buffer (issue 5). The whole history is compared, on each path.
  @Test(arguments: OperatorCase.all, ConsumptionPath.allCases)
  func failureAfterValuesPassesThroughAtOnce(operation: OperatorCase, path: ConsumptionPath) async {
    let events = await path.events(of: operation.apply(OperatorCase.failingAfterValues))
    #expect(events == operation.afterFailure)
  }

  @Test(arguments: OperatorCase.all, ConsumptionPath.allCases)
  func endingTheSubscriptionDisposesTheUpstream(operation: OperatorCase, path: ConsumptionPath) async {
    guard operation.subscribesUpstream else { return }
    let probe = Probe<Int, Boom>()
    await path.subscribeThenEnd(operation.apply(probe.signal), once: probe.subscribed)
    #expect(probe.subscriptions.value == 1)
    #expect(probe.disposals.value == 1)
  }

  @Test(arguments: OperatorCase.all, ConsumptionPath.allCases)
  func eachSubscriptionHasItsOwnState(operation: OperatorCase, path: ConsumptionPath) async {
    let signal = operation.apply(Self.numbers)
    let first = await path.events(of: signal)
    let second = await path.events(of: signal)
    #expect(first == second)
    #expect(first.last == .completed)
  }

  @Test(arguments: OperatorCase.all)
  func bothPathsReceiveTheSameEvents(operation: OperatorCase) async {
    let signal = operation.apply(Self.numbers)
    let viaCallbacks = await ConsumptionPath.callbacks.events(of: signal)
    let viaForAwait = await ConsumptionPath.forAwait.events(of: signal)
    #expect(viaCallbacks == viaForAwait)
  }

  /// An object captured by the subscriber, to see when the operator chain lets go of it.
  final class Token: Sendable {}

  @Test(arguments: OperatorCase.all, [true, false])
  func theSubscriberIsReleasedWhenTheSubscriptionEnds(operation: OperatorCase, byDisposing: Bool) {
    let probe = Probe<Int, Boom>()
    let weakToken = WeakReference<Token>()
    var subscription: (any Disposable)?
    do {
      let token = Token()
      weakToken.object = token
      subscription = operation.apply(probe.signal).subscribe(Observer { _ in withExtendedLifetime(token) {} })
    }
    #expect(weakToken.object != nil || !operation.subscribesUpstream)
    if byDisposing {
      subscription?.dispose()
    } else {
      probe.fail(Boom())
    }
    #expect(weakToken.object == nil)
    withExtendedLifetime(subscription) {}
  }
}
