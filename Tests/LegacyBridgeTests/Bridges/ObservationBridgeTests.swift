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
