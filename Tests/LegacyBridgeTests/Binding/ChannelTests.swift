import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ChannelTests {
  let channel = Channel<Int>()
  let leading = TestRecorder<Int, Never>()
  let following = TestRecorder<Int, Never>()

  @Test func aValueSentToOneTerminalArrivesAtTheOtherAndNotBack() {
    channel.leading.subscribe(leading.observer)
    channel.following.subscribe(following.observer)
    channel.leading.send(1)
    channel.following.send(2)
    #expect(leading.values == [2])
    #expect(following.values == [1])
  }

  @Test func theFollowingTerminalReceivesTheLeadingsLatestValueOnSubscription() {
    channel.leading.send(1)
    channel.leading.send(2)
    channel.following.subscribe(following.observer)
    #expect(following.values == [2])
  }

  @Test func theLeadingTerminalReplaysNothing() {
    channel.following.send(1)
    channel.leading.subscribe(leading.observer)
    #expect(leading.untimedEvents.isEmpty)
  }

  @Test func completingEitherTerminalCompletesBothSides() {
    channel.leading.subscribe(leading.observer)
    channel.following.subscribe(following.observer)
    channel.following.complete()
    channel.leading.send(1)
    #expect(leading.untimedEvents == [.completed])
    #expect(following.untimedEvents == [.completed])
  }

  @Test func terminalsCanBeIteratedWithForAwait() async {
    channel.leading.send(7)
    for await value in channel.following {
      #expect(value == 7)
      break
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct PropertyTerminalTests {
  let property = MutableProperty("a")

  @Test func theSignalSendsTheCurrentValueThenChangesMadeElsewhere() {
    let terminal = property.makeTerminal()
    let received = TestRecorder<String, Never>()
    terminal.subscribe(received.observer)
    property.value = "b"
    terminal.send("c")
    property.value = "d"
    #expect(received.values == ["a", "b", "d"])
    #expect(property.value == "d")
  }

  @Test func aValueSentToTheTerminalReachesThePropertysOtherSubscribersAndTerminals() {
    let terminal = property.makeTerminal()
    let other = property.makeTerminal()
    let plain = TestRecorder<String, Never>()
    let otherReceived = TestRecorder<String, Never>()
    property.signal.subscribe(plain.observer)
    other.subscribe(otherReceived.observer)
    terminal.send("b")
    #expect(plain.values == ["a", "b"])
    #expect(otherReceived.values == ["a", "b"])
  }

  @Test func theCurrentValueArrivesFirstEvenWhenTheTerminalSetIt() {
    let terminal = property.makeTerminal()
    terminal.send("b")
    let received = TestRecorder<String, Never>()
    terminal.subscribe(received.observer)
    #expect(received.values == ["b"])
  }

  @Test func theSignalCompletesWhenThePropertyIsReleasedAndLaterSendsAreDropped() {
    var property: MutableProperty<String>? = MutableProperty("a")
    let terminal = property!.makeTerminal()
    let received = TestRecorder<String, Never>()
    terminal.subscribe(received.observer)
    property = nil
    terminal.send("ignored")
    #expect(received.untimedEvents == [.value("a"), .completed])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct TwoWayBindingTests {
  let leading = MutableProperty("leading")
  let following = MutableProperty("following")
  let leadingValues = TestRecorder<String, Never>()
  let followingValues = TestRecorder<String, Never>()

  init() {
    leading.signal.subscribe(leadingValues.observer)
    following.signal.subscribe(followingValues.observer)
  }

  @Test func theInitialValueFlowsFromTheLeadingSide() {
    following.bindTwoWay(to: leading)
    #expect(following.value == "leading")
    #expect(leading.value == "leading")
    #expect(leadingValues.values == ["leading"])
    #expect(followingValues.values == ["following", "leading"])
  }

  @Test func bothPropertiesStayEqualWhenEitherChangesAndEachChangeIsDeliveredOnce() {
    following.bindTwoWay(to: leading)
    leading.value = "a"
    #expect(following.value == "a")
    following.value = "b"
    #expect(leading.value == "b")
    following.modify { $0 += "!" }
    #expect(leading.value == "b!")
    // One delivery per change on each side: nothing comes back.
    #expect(leadingValues.values == ["leading", "a", "b", "b!"])
    #expect(followingValues.values == ["following", "leading", "a", "b", "b!"])
  }

  @Test func disposingTheBindingUnlinksThem() {
    let binding = following.bindTwoWay(to: leading)
    binding.dispose()
    leading.value = "a"
    following.value = "b"
    #expect(leading.value == "a")
    #expect(following.value == "b")
  }

  @Test func theBindingEndsWhenOneSideIsReleased() {
    let weakFollowing = WeakReference<MutableProperty<String>>()
    var following: MutableProperty<String>? = MutableProperty("following")
    weakFollowing.object = following
    let binding = following!.bindTwoWay(to: leading)
    following = nil
    #expect(weakFollowing.object == nil)  // the binding does not keep it alive
    #expect(binding.isDisposed)
  }

  @Test func aChainOfBindingsPassesChangesThrough() {
    let third = MutableProperty("third")
    following.bindTwoWay(to: leading)
    third.bindTwoWay(to: following)
    #expect(third.value == "leading")
    third.value = "from third"
    #expect(following.value == "from third")
    #expect(leading.value == "from third")
    leading.value = "from leading"
    #expect(third.value == "from leading")
  }

  @Test func bindingTwoTerminalsOfAChannelAndAPropertyFollowsRACSemantics() {
    let channel = Channel<String>()
    let binding = following.makeTerminal().bind(to: channel.following)
    channel.leading.send("from leading")  // replayed to the following terminal, then set on the property
    #expect(following.value == "from leading")
    let received = TestRecorder<String, Never>()
    channel.leading.subscribe(received.observer)
    following.value = "from property"
    #expect(received.values == ["from property"])
    binding.dispose()
  }
}
