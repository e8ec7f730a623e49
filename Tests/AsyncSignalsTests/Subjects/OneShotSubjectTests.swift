import AsyncSignals
import AsyncSignalsTesting
import Synchronization
import Testing

/// One-shot events (issue 39): what is sent while nobody listens waits for the next subscriber, and each value
/// reaches exactly one subscriber, once, through each door: callbacks on no actor, a `for await` loop, a
/// main-actor subscriber, a `TestScheduler` recorder.
@Suite(.timeLimit(.minutes(1)))
struct OneShotSubjectTests {
  enum Route: Sendable, Equatable { case receipt, home, settings }

  /// Values received by a subscriber on no actor.
  final class Inbox: Sendable {
    let values = Mutex<[Route]>([])
    func add(_ route: Route) { values.withLock { $0.append(route) } }
    var all: [Route] { values.withLock { $0 } }
  }

  @Test func anEventSentWhileNobodyListensWaitsForTheNextSubscriber() {
    let navigation = OneShotSubject<Route, Never>()
    navigation.send(.receipt)
    #expect(navigation.bufferedCount == 1)
    let inbox = Inbox()
    let subscription = navigation.subscribe(isolation: nil, value: { inbox.add($0) })
    #expect(inbox.all == [.receipt])
    #expect(navigation.bufferedCount == 0)
    navigation.send(.home)
    #expect(inbox.all == [.receipt, .home])
    subscription.dispose()
  }

  @Test func aSubscriberThatComesBackGetsWhatWasSentMeanwhileAndNothingTwice() {
    let navigation = OneShotSubject<Route, Never>()
    let inbox = Inbox()
    var subscription = navigation.subscribe(isolation: nil, value: { inbox.add($0) })
    navigation.send(.receipt)
    subscription.dispose()  // the screen goes away…
    navigation.send(.home)  // …while the event happens
    #expect(navigation.subscriberCount == 0)
    subscription = navigation.subscribe(isolation: nil, value: { inbox.add($0) })  // …and comes back
    #expect(inbox.all == [.receipt, .home])
    subscription.dispose()
    subscription = navigation.subscribe(isolation: nil, value: { inbox.add($0) })
    #expect(inbox.all == [.receipt, .home])  // a new subscriber sees nothing again
    subscription.dispose()
  }

  @Test func withTwoSubscribersEachValueGoesToTheFirstOnly() {
    let navigation = OneShotSubject<Route, Never>()
    let first = Inbox()
    let second = Inbox()
    let one = navigation.subscribe(isolation: nil, value: { first.add($0) })
    let two = navigation.subscribe(isolation: nil, value: { second.add($0) })
    navigation.send(.receipt)
    #expect(first.all == [.receipt])
    #expect(second.all == [])
    one.dispose()
    navigation.send(.home)
    #expect(second.all == [.home])
    two.dispose()
  }

  @Test func valuesQueuedForASubscriberThatLeavesGoToTheNextOne() {
    let navigation = OneShotSubject<Route, Never>()
    let first = Inbox()
    let second = Inbox()
    let leaving = Mutex<(any Disposable)?>(nil)
    let one = navigation.subscribe(
      isolation: nil,
      value: { route in
        first.add(route)
        guard route == .receipt else { return }
        navigation.send(.home)  // queued behind this delivery, for this subscriber…
        navigation.send(.settings)
        leaving.withLock { $0 }?.dispose()  // …which leaves before receiving them
      }
    )
    leaving.withLock { $0 = one }
    let two = navigation.subscribe(isolation: nil, value: { second.add($0) })
    navigation.send(.receipt)
    #expect(first.all == [.receipt])
    #expect(second.all == [.home, .settings])
    #expect(navigation.subscriberCount == 1)
    two.dispose()
  }

  @Test func aForAwaitLoopTakesTheKeptValuesThenTheLiveOnesThenEnds() async {
    let navigation = OneShotSubject<Route, Never>()
    navigation.send(.receipt)
    navigation.send(.home)
    navigation.complete()
    var routes: [Route] = []
    for await route in navigation { routes.append(route) }
    #expect(routes == [.receipt, .home])
    var again: [Route] = []
    for await route in navigation { again.append(route) }  // ended: only the completion
    #expect(again == [])
  }

  @Test @MainActor func aMainActorSubscriberReceivesOnTheMainActor() {
    final class Screen {
      var shown: [Route] = []
    }
    let screen = Screen()
    let navigation = OneShotSubject<Route, Never>()
    navigation.send(.receipt)
    let subscription = navigation.subscribe(value: { screen.shown.append($0) })  // touches main-actor state
    navigation.send(.home)
    #expect(screen.shown == [.receipt, .home])
    subscription.dispose()
  }

  @Test func theRecorderSeesTheKeptValuesAtTheSubscriptionAndTheFailureAfter() {
    enum Fault: Error, Equatable { case offline }
    let scheduler = TestScheduler()
    let alerts = OneShotSubject<String, Fault>(bufferingPolicy: .bufferingNewest(1))
    alerts.send("stale")
    alerts.send("fresh")  // only the newest is kept
    #expect(alerts.droppedCount == 1)
    let recorder = scheduler.record(alerts.signal)
    scheduler.advance(by: .seconds(1))
    alerts.fail(.offline)
    #expect(recorder.events == [.value("fresh", at: .zero), .failed(.offline, at: .seconds(1))])
  }

  @Test func aZeroLimitStopsWithAMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = OneShotSubject<Int, Never>(bufferingPolicy: .bufferingOldest(0))
    }
    let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(text.contains("OneShotSubject(bufferingPolicy:): the limit must be > 0, got 0"))
  }
}
