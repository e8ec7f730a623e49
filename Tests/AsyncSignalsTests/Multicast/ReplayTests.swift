import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReplayTests {
  let source = ColdSource()
  let first = TestRecorder<Int, Never>()
  let second = TestRecorder<Int, Never>()

  @Test func replaySubscribesAtTheCallAndReplaysEverything() {
    let replayed = source.signal(sending: [1, 2]).startNow()
    #expect(source.subscriptions.value == 1)
    source.send(3)
    replayed.subscribe(first.observer)
    source.complete()
    replayed.subscribe(second.observer)
    #expect(first.untimedEvents == [.value(1), .value(2), .value(3), .completed])
    #expect(second.untimedEvents == first.untimedEvents)
    #expect(source.subscriptions.value == 1)
  }

  @Test func replayLastReplaysOnlyTheNewestValue() {
    let replayed = source.signal(sending: [1, 2]).startNow(replayingLast: 1)
    replayed.subscribe(first.observer)
    source.send(3)
    replayed.subscribe(second.observer)
    #expect(first.values == [2, 3])
    #expect(second.values == [3])
  }

  @Test func replayLazilySubscribesOnFirstUseOnce() {
    let replayed = source.signal(sending: [1]).startOnFirstSubscription()
    #expect(source.subscriptions.value == 0)
    replayed.subscribe(first.observer)
    replayed.subscribe(second.observer)
    #expect(source.subscriptions.value == 1)
    #expect(first.values == [1])
    #expect(second.values == [1])
  }

  @Test func replayLazilyKeepsReplayingAfterSubscribersLeft() {
    let replayed = source.signal(sending: [1]).startOnFirstSubscription()
    replayed.subscribe(first.observer).dispose()
    source.send(2)
    #expect(source.disposals.value == 0)
    replayed.subscribe(second.observer)
    #expect(second.values == [1, 2])
    #expect(source.subscriptions.value == 1)
  }

  @Test(arguments: [true, false])
  func hotClosureSourceRunsItsBodyOnceAndReplaysToEveryone(eagerly: Bool) {
    let runs = Counter()
    let body: @Sendable (Observer<Int, Never>, Lifetime) -> Void = { observer, _ in
      observer.send(runs.increment())
      observer.complete()
    }
    let signal = eagerly ? Signal(body).startNow() : Signal(body).startOnFirstSubscription()
    // Eagerly: at the call. Lazily: not before the first subscription.
    #expect(runs.value == (eagerly ? 1 : 0))
    signal.subscribe(first.observer)
    signal.subscribe(second.observer)
    #expect(runs.value == 1)
    #expect(first.untimedEvents == [.value(1), .completed])
    #expect(second.untimedEvents == [.value(1), .completed])
  }
}
