import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ObservationChannelTests {
  let scheduler = TestScheduler()
  let profile = Profile()
  let property = MutableProperty("property")
  let propertyValues = TestRecorder<String, Never>()
  let profileValues: TestRecorder<String, Never>

  init() {
    property.signal.subscribe(propertyValues.observer)
    profileValues = scheduler.record(Signal.observing(profile, \.name, on: scheduler))
  }

  @Test func bindingAPropertyToAnObservedPropertyStartsFromTheObservedValue() {
    property.makeTerminal().bind(to: .observing(profile, \.name, on: scheduler))
    #expect(property.value == "a")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aChangeOfThePropertyIsWrittenAtOnceAndItsObservationDoesNotComeBack() {
    property.makeTerminal().bind(to: .observing(profile, \.name, on: scheduler))
    property.value = "b"
    #expect(profile.name == "b")
    scheduler.advance()
    #expect(propertyValues.values == ["property", "a", "b"])
    #expect(profileValues.values == ["a", "b"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aChangeOfTheObservedPropertyReachesThePropertyOnceTheSchedulerReadsIt() {
    property.makeTerminal().bind(to: .observing(profile, \.name, on: scheduler))
    profile.name = "c"
    #expect(property.value == "a")
    scheduler.advance()
    #expect(property.value == "c")
    #expect(propertyValues.values == ["property", "a", "c"])
    #expect(profileValues.values == ["a", "c"])
  }

  @Test func afterAnEchoASameValueChangeMadeLaterIsStillSent() {
    let terminal = ChannelTerminal.observing(profile, \.name, on: scheduler)
    let received = TestRecorder<String, Never>()
    terminal.subscribe(received.observer)
    terminal.send("b")
    scheduler.advance()  // the echo of "b": dropped
    profile.name = "c"
    scheduler.advance()
    profile.name = "b"
    scheduler.advance()
    #expect(received.values == ["a", "c", "b"])
  }

  @Test func theFirstValueOfASubscriptionIsSentEvenWhenTheTerminalWroteIt() {
    let terminal = ChannelTerminal.observing(profile, \.name, on: scheduler)
    terminal.send("b")
    scheduler.advance()
    let received = TestRecorder<String, Never>()
    terminal.subscribe(received.observer)
    #expect(received.values == ["b"])
  }

  @Test func twoObservedPropertiesBoundBothWaysSettleWithoutPingPong() {
    let other = Profile()
    let otherValues = scheduler.record(Signal.observing(other, \.name, on: scheduler))
    ChannelTerminal.observing(other, \.name, on: scheduler).bind(to: .observing(profile, \.name, on: scheduler))
    #expect(other.name == "a")
    scheduler.advance()
    profile.name = "b"
    scheduler.advance()
    #expect(other.name == "b")
    other.name = "c"
    scheduler.advance()
    #expect(profile.name == "c")
    #expect(scheduler.pendingCount == 0)
    #expect(profileValues.values == ["a", "b", "c"])
    #expect(otherValues.values == ["a", "b", "c"])
  }

  @Test func theBindingEndsWhenTheObservedObjectIsReleased() {
    var document: Profile? = Profile()
    let binding = property.makeTerminal().bind(to: .observing(document!, \.name, on: scheduler))
    document = nil
    scheduler.advance()
    #expect(binding.isDisposed)
    property.value = "after"
    #expect(propertyValues.values == ["property", "a", "after"])
  }

  @Test func theClassicNamesForward() {
    let channel = Channel<Int>()
    let received = TestRecorder<Int, Never>()
    channel.followingTerminal.subscribe(received.observer)
    channel.leadingTerminal.sendNext(1)
    #expect(received.values == [1])

    let mirror = MutableProperty("")
    RACChannelTo(mirror).bind(to: RACChannelTo(property))
    #expect(mirror.value == "property")
    RACChannelTo(property).bind(to: RACChannelTo(profile, \.name, on: scheduler))
    #expect(mirror.value == "a")
  }
}
