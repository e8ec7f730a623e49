import AsyncSignals
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ShareTests {
  let source = ColdSource()
  let first = EventRecorder<Int, Never>()
  let second = EventRecorder<Int, Never>()

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
    #expect(first.events == [.value(7), .completed])
    #expect(second.values == [7])
    #expect(source.subscriptions.value == 2)
  }

  @Test func negativeReplayIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.share(replay: -1)
    }
    #expect(result?.standardErrorText.contains("share(replay:): count must be >= 0, got -1") == true)
  }
}
