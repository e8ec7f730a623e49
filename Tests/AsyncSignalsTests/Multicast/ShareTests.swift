import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ShareTests {
  let source = ColdSource()
  let first = TestRecorder<Int, Never>()
  let second = TestRecorder<Int, Never>()

  @Test func sharesOneSubscriptionAmongSubscribers() {
    let shared = source.signal().share()
    shared.subscribe(first.observer)
    shared.subscribe(second.observer)
    source.send(1)
    #expect(source.subscriptions.value == 1)
    #expect(first.values == [1])
    #expect(second.values == [1])
  }

  @Test func withoutReplayALateSubscriberMissesEarlierValues() {
    let shared = source.signal().share()
    shared.subscribe(first.observer)
    source.send(1)
    shared.subscribe(second.observer)
    source.send(2)
    #expect(second.values == [2])
  }

  @Test func replaysTheNewestValuesToALateSubscriber() {
    let shared = source.signal().share(replay: 2)
    shared.subscribe(first.observer)
    for value in 1...3 { source.send(value) }
    shared.subscribe(second.observer)
    source.send(4)
    #expect(second.values == [2, 3, 4])
  }

  @Test func reconnectsWithAFreshSubjectAfterEverySubscriberLeft() {
    let shared = source.signal().share(replay: 1)
    let a = shared.subscribe(first.observer)
    source.send(1)
    a.dispose()
    #expect(source.disposals.value == 1)
    shared.subscribe(second.observer)
    source.send(2)
    #expect(source.subscriptions.value == 2)
    #expect(second.values == [2])  // the old connection's value is not replayed
  }

  @Test func reconnectsAfterTheSourceCompleted() {
    let shared = source.signal(sending: [7]).share(replay: 1)
    shared.subscribe(first.observer)
    source.complete()
    shared.subscribe(second.observer)
    #expect(first.untimedEvents == [.value(7), .completed])
    #expect(second.values == [7])
    #expect(source.subscriptions.value == 2)
  }

  @Test func aForeverShareReplaysAcrossConnectionsAndNeverRestartsAfterTheEnd() {
    let shared = source.signal().share(replay: 1, scope: .forever)
    let a = shared.subscribe(first.observer)
    source.send(1)
    a.dispose()
    #expect(source.disposals.value == 1)
    shared.subscribe(second.observer)  // the replay survived; a new subscription feeds the same subject
    #expect(source.subscriptions.value == 2)
    source.send(2)
    source.complete()
    let third = TestRecorder<Int, Never>()
    shared.subscribe(third.observer)
    #expect(second.untimedEvents == [.value(1), .value(2), .completed])
    #expect(third.untimedEvents == [.value(2), .completed])
    #expect(source.subscriptions.value == 2)
  }

  @Test func negativeReplayIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.share(replay: -1)
    }
    #expect(result?.standardErrorText.contains("share(replay:scope:): count must be >= 0, got -1") == true)
  }
}

/// share's promise that "the next subscriber starts over", and refCount's over `publish()`, hold after the terminal
/// event, for a subscriber that subscribes from the terminal handler itself too, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct ShareAfterTheEndTests {
  /// The ways of sharing that start over after the end.
  enum Sharing: CaseIterable, Sendable {
    case share
    case shareReplayingOne
    case publishRefCount

    func apply(to signal: Signal<Int, CountingSource.Failure>) -> Signal<Int, CountingSource.Failure> {
      switch self {
      case .share: signal.share()
      case .shareReplayingOne: signal.share(replay: 1)
      case .publishRefCount: signal.publish().refCount()
      }
    }
  }

  let counting = CountingSource()

  @Test(arguments: Sharing.allCases, [false, true])
  func resubscribingFromTheTerminalHandlerStartsOver(sharing: Sharing, failing: Bool) {
    let shared = sharing.apply(to: counting.signal(failing: failing))
    let again = TestRecorder<Int, CountingSource.Failure>()
    let subscription = shared.subscribe(
      Observer { event in
        if event.isTerminal, counting.subscriptions.value == 1 { shared.subscribe(again.observer) }
      }
    )
    #expect(counting.subscriptions.value == 2)
    #expect(again.untimedEvents == [.value(2), CountingSource.terminal(failing: failing)])
    withExtendedLifetime(subscription) {}
  }

  @Test(arguments: [false, true])
  func resubscribingWithClosuresFromTheCompletedHandlerStartsOver(failing: Bool) {
    let shared = counting.signal(failing: failing).share(replay: 1)
    let again = TestRecorder<Int, CountingSource.Failure>()
    let resubscribe: @Sendable () -> Void = { _ = shared.subscribe(again.observer) }
    let subscription = shared.subscribe(
      isolation: nil,
      value: { _ in },
      failed: { _ in resubscribe() },
      completed: resubscribe
    )
    #expect(again.untimedEvents == [.value(2), CountingSource.terminal(failing: failing)])
    withExtendedLifetime(subscription) {}
  }

  @Test(arguments: Sharing.allCases, [false, true])
  func aForAwaitLoopAfterTheEndStartsOver(sharing: Sharing, failing: Bool) async {
    let shared = sharing.apply(to: counting.signal(failing: failing))
    #expect(
      await ConsumptionPath.forAwait.events(of: shared) == [.value(1), CountingSource.terminal(failing: failing)]
    )
    #expect(
      await ConsumptionPath.forAwait.events(of: shared) == [.value(2), CountingSource.terminal(failing: failing)]
    )
    #expect(counting.subscriptions.value == 2)
  }

  @Test func aForeverShareReplaysItsEndInsteadOfStartingOver() async {
    let shared = counting.signal(failing: false).share(replay: 1, scope: .forever)
    #expect(await ConsumptionPath.forAwait.events(of: shared) == [.value(1), .completed])
    #expect(await ConsumptionPath.forAwait.events(of: shared) == [.value(1), .completed])
    let again = TestRecorder<Int, CountingSource.Failure>()
    let subscription = shared.subscribe(
      Observer { event in
        if event.isTerminal { shared.subscribe(again.observer) }
      }
    )
    #expect(again.untimedEvents == [.value(1), .completed])
    #expect(counting.subscriptions.value == 1)
    withExtendedLifetime(subscription) {}
  }
}

/// A source whose n-th subscription sends n, then completes or fails: tells connections apart.
final class CountingSource: Sendable {
  struct Failure: Error, Equatable {}

  let subscriptions = Counter()

  /// The terminal event of `signal(failing:)`.
  static func terminal(failing: Bool) -> Event<Int, Failure> {
    failing ? .failed(Failure()) : .completed
  }

  /// The signal: each subscription sends its number, then ends.
  func signal(failing: Bool) -> Signal<Int, Failure> {
    Signal { [self] observer, _ in
      observer.send(subscriptions.increment())
      observer.send(event: CountingSource.terminal(failing: failing))
    }
  }
}
