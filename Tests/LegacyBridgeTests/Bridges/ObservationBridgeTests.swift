import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import Observation
import TestSupport
import Testing

@Observable final class Address: @unchecked Sendable {
  // Safety: each test mutates and reads it on its own thread only, the one that drives its TestScheduler.
  var city = "Paris"
}

@Observable final class Profile: @unchecked Sendable {
  // Safety: each test mutates and reads it on its own thread only, the one that drives its TestScheduler.
  var name = "a"
  var age = 1
  var address = Address()
}

@Suite(.timeLimit(.minutes(1)))
struct ObservationBridgeTests {
  let scheduler = TestScheduler()
  let profile = Profile()

  @Test func theCurrentValueArrivesAtOnceEvenIfItWasSetBeforeSubscribing() {
    profile.name = "set before"
    let recorder = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
    #expect(recorder.events == [.value("set before", at: .zero)])
  }

  @Test func eachLaterChangeArrivesInOrderWhenTheSchedulerReadsIt() {
    let recorder = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
    scheduler.advance(by: .seconds(1))
    profile.name = "b"
    #expect(recorder.values == ["a"])  // noticed at willSet, read later on the scheduler
    #expect(scheduler.pendingCount == 1)
    scheduler.advance()
    scheduler.advance(by: .seconds(1))
    profile.name = "c"
    scheduler.advance()
    profile.name = "d"
    scheduler.advance(by: .seconds(1))
    #expect(
      recorder.events == [
        .value("a", at: .zero), .value("b", at: .seconds(1)), .value("c", at: .seconds(2)),
        .value("d", at: .seconds(2)),
      ]
    )
  }

  @Test func changesMadeBeforeTheReadRunsCoalesceIntoTheLatestValue() {
    let recorder = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
    profile.name = "b"
    profile.name = "c"
    #expect(scheduler.pendingCount == 1)
    scheduler.advance()
    #expect(recorder.values == ["a", "c"])
  }

  @Test func changesOfOtherPropertiesAreNotSent() {
    let recorder = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
    profile.age = 2
    #expect(scheduler.pendingCount == 0)
    profile.name = "b"
    scheduler.advance()
    #expect(recorder.values == ["a", "b"])
  }

  @Test func aKeyPathThroughAnotherObservableTracksBoth() {
    let recorder = scheduler.record(Signal.observing(profile, \.address.city, on: scheduler))
    profile.address.city = "Rome"
    scheduler.advance()
    let oldAddress = profile.address
    profile.address = Address()
    scheduler.advance()
    oldAddress.city = "Oslo"  // no longer read through the key path
    scheduler.advance()
    #expect(recorder.values == ["Paris", "Rome", "Paris"])
  }

  @Test func completesWhenTheObjectIsReleasedWhichItHoldsWeakly() {
    let weakProfile = WeakReference<Profile>()
    var profile: Profile? = Profile()
    weakProfile.object = profile
    let recorder = scheduler.record(Signal.observing(profile!, \.name, on: scheduler))
    scheduler.advance(by: .seconds(1))
    profile = nil
    #expect(weakProfile.object == nil)
    #expect(recorder.events == [.value("a", at: .zero)])
    scheduler.advance()
    #expect(recorder.events == [.value("a", at: .zero), .completed(at: .seconds(1))])
  }

  @Test func aSubscriptionAfterTheReleaseCompletesAtOnce() {
    var profile: Profile? = Profile()
    let signal = Signal.observing(profile!, \.name, on: scheduler)
    profile = nil
    let recorder = scheduler.record(signal)
    #expect(recorder.events == [.completed(at: .zero)])
  }

  @Test func disposingStopsDeliveryAndTheReads() {
    let recorder = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
    recorder.dispose()
    profile.name = "b"
    #expect(scheduler.pendingCount == 0)  // the tracking left in the object finds the subscription gone
    scheduler.advance()
    #expect(recorder.events == [.value("a", at: .zero)])
  }

  @Test func disposingReleasesTheSubscriberThoughTheTrackingStaysInTheObject() {
    final class Token: Sendable {}
    let weakToken = WeakReference<Token>()
    var subscription: (any Disposable)?
    do {
      let token = Token()
      weakToken.object = token
      subscription = Signal.observing(profile, \.name, on: scheduler).subscribe(
        isolation: nil,
        value: { [token] _ in _ = token }
      )
    }
    #expect(weakToken.object != nil)
    subscription?.dispose()
    #expect(weakToken.object == nil)
  }

  @Test func disposingBetweenTheNoticeAndTheReadDropsTheRead() {
    let recorder = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
    profile.name = "b"
    recorder.dispose()
    scheduler.advance()
    profile.name = "c"
    scheduler.advance()
    #expect(recorder.values == ["a"])
  }

  @Test func combineLatestOfTwoObservationsFiresOnSubscription() {
    let recorder = scheduler.record(
      Signal.combineLatest(
        Signal.observing(profile, \.name, on: scheduler),
        Signal.observing(profile, \.age, on: scheduler)
      ) { "\($0) \($1)" }
    )
    #expect(recorder.values == ["a 1"])
    profile.age = 2
    scheduler.advance()
    profile.name = "b"
    scheduler.advance()
    #expect(recorder.values == ["a 1", "a 2", "b 2"])
  }

  @Test func eachSubscriptionTracksOnItsOwn() {
    let signal = Signal.observing(profile, \.name, on: scheduler)
    let first = scheduler.record(signal)
    profile.name = "b"
    let second = scheduler.record(signal)
    scheduler.advance()
    #expect(first.values == ["a", "b"])
    #expect(second.values == ["b"])
  }

  @Test func theClassicRACObserveForwards() {
    profile.name = "classic"
    let recorder = scheduler.record(RACObserve(profile, \.name, on: scheduler))
    profile.name = "surprise"
    scheduler.advance()
    #expect(recorder.values == ["classic", "surprise"])
  }

  @Test func anImmediateSchedulerIsRefused() async {
    await #expect(processExitsWith: .failure) {
      _ = Signal.observing(Profile(), \.name, on: ImmediateScheduler())
    }
  }
}

@MainActor @Observable final class Greeter {
  var name = ""
}

/// How a test waits for an observation of a `@MainActor @Observable` model (Docs/Testing.md): it iterates the
/// observation, so each `next()` returns once the read it waits for has run on the main actor, with no yields.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MainActorObservationTests {
  @Test func aTestAwaitsEachReadByIteratingTheObservation() async {
    let greeter = Greeter()
    var names = Signal.observing(greeter, \.name).makeAsyncIterator()
    #expect(await names.next() == "")  // the current value: the iterator has subscribed
    greeter.name = "Ada"
    #expect(await names.next() == "Ada")  // read in a later main-actor turn, which this await lets run
    greeter.name = "Grace"
    greeter.name = "Hopper"
    #expect(await names.next() == "Hopper")  // changes made before the read arrive as one value, the latest
  }

  /// A subscriber on another actor gets each value by a hop: it has nothing right after subscribing, so the test
  /// awaits what the subscriber does (here it opens a Gate) rather than checking at once.
  @Test func aSubscriberOnAnotherActorIsAwaitedThroughWhatItDoes() async {
    let greeter = Greeter()
    greeter.name = "Ada"
    let names = Signal.observing(greeter, \.name)
    let cache = NameCache()
    await cache.start(names)
    await cache.received.wait()
    #expect(await cache.latest == "Ada")
  }
}

actor NameCache {
  private(set) var latest: String?
  private let bag = DisposeBag()
  nonisolated let received = Gate()

  func start(_ names: Signal<String, Never>) {
    names.subscribe(value: { [received] name in
      self.latest = name
      received.open()
    })
    .disposed(by: bag)
  }
}
