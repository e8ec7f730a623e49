import TestSupport
import Testing

@testable import AsyncSignals

/// The ref-count state machine, tested as a value with `Int` connections: one test per (input × state).
@Suite struct RefCountStateMachineTests {
  typealias Machine = RefCountStateMachine<Int>

  /// A machine connected to connection 1 (generation 1) with `subscribers` counted subscribers.
  static func connected(subscribers: Int) -> Machine {
    var machine = Machine()
    for _ in 0..<subscribers { _ = machine.subscriberAdded(restartsAfterEnd: true) { 1 } }
    return machine
  }

  /// A machine whose connection 1 was closed for good.
  static func closed() -> Machine {
    var machine = connected(subscribers: 1)
    _ = machine.subscriberRemoved(generation: 1, reconnects: false)
    return machine
  }

  /// A machine whose connection 1 ended (its source sent a terminal event) with one subscriber counted.
  static func ended() -> Machine {
    var machine = connected(subscribers: 1)
    machine.connectionEnded(generation: 1, remembers: true)
    return machine
  }
}

extension RefCountStateMachineTests {
  @Suite struct ConnectRequested {
    @Test func whileIdleOpensOnce() {
      var machine = RefCountStateMachine<Int>()
      guard case .open(1, generation: 1) = machine.connectRequested({ 1 }) else {
        Issue.record("expected open")
        return
      }
      guard case .existing(1) = machine.connectRequested({ 2 }) else {
        Issue.record("expected the existing connection")
        return
      }
    }

    @Test func whileConnectedReturnsTheConnection() {
      var machine = RefCountStateMachineTests.connected(subscribers: 2)
      guard case .existing(1) = machine.connectRequested({ 2 }) else {
        Issue.record("expected the existing connection")
        return
      }
      #expect(machine.subscriberCount == 2)
    }

    @Test func afterTheEndReturnsTheEndedConnection() {
      var machine = RefCountStateMachineTests.ended()
      guard case .existing(1) = machine.connectRequested({ 2 }) else {
        Issue.record("expected the ended connection: connect() connects once")
        return
      }
    }

    @Test func whenClosedReturnsTheClosedConnection() {
      var machine = RefCountStateMachineTests.closed()
      guard case .existing(1) = machine.connectRequested({ 2 }) else {
        Issue.record("expected the closed connection")
        return
      }
    }
  }

  @Suite struct SubscriberAdded {
    @Test func whileIdleOpens() {
      var machine = RefCountStateMachine<Int>()
      guard case .open(1, generation: 1, afterEnd: false) = machine.subscriberAdded(restartsAfterEnd: true, { 1 })
      else {
        Issue.record("expected open")
        return
      }
      #expect(machine.subscriberCount == 1)
    }

    @Test func whileConnectedJoins() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      guard case .join(1, generation: 1) = machine.subscriberAdded(restartsAfterEnd: true, { 2 }) else {
        Issue.record("expected join")
        return
      }
      #expect(machine.subscriberCount == 2)
    }

    @Test func afterAManualConnectJoinsItsConnection() {
      var machine = RefCountStateMachine<Int>()
      _ = machine.connectRequested { 1 }
      guard case .join(1, generation: 1) = machine.subscriberAdded(restartsAfterEnd: true, { 2 }) else {
        Issue.record("expected join")
        return
      }
    }

    @Test func afterTheEndARestartingSubscriberOpensANewConnection() {
      var machine = RefCountStateMachineTests.ended()
      guard case .open(2, generation: 2, afterEnd: true) = machine.subscriberAdded(restartsAfterEnd: true, { 2 })
      else {
        Issue.record("expected a new connection")
        return
      }
      #expect(machine.subscriberCount == 1)
    }

    @Test func afterTheEndAnotherSubscriberIsNotCounted() {
      var machine = RefCountStateMachineTests.ended()
      guard case .closed(1) = machine.subscriberAdded(restartsAfterEnd: false, { 2 }) else {
        Issue.record("expected the ended connection, uncounted")
        return
      }
      #expect(machine.subscriberCount == 0)
    }

    @Test func whenClosedNeitherCountsNorOpens() {
      var machine = RefCountStateMachineTests.closed()
      guard case .closed(1) = machine.subscriberAdded(restartsAfterEnd: true, { 2 }) else {
        Issue.record("expected closed")
        return
      }
      #expect(machine.subscriberCount == 0)
    }
  }

  @Suite struct SubscriberRemoved {
    @Test(arguments: [false, true])
    func whileOthersRemainDoesNothing(reconnects: Bool) {
      var machine = RefCountStateMachineTests.connected(subscribers: 2)
      guard case .none = machine.subscriberRemoved(generation: 1, reconnects: reconnects) else {
        Issue.record("expected nothing")
        return
      }
      #expect(machine.subscriberCount == 1)
    }

    @Test func lastWithoutReconnectionClosesForGood() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      guard case .close(1) = machine.subscriberRemoved(generation: 1, reconnects: false) else {
        Issue.record("expected close")
        return
      }
      guard case .closed(1) = machine.subscriberAdded(restartsAfterEnd: true, { 2 }) else {
        Issue.record("expected no reconnection")
        return
      }
    }

    @Test func lastWithReconnectionClosesAndTheNextSubscriberReopens() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      guard case .close(1) = machine.subscriberRemoved(generation: 1, reconnects: true) else {
        Issue.record("expected close")
        return
      }
      guard case .open(2, generation: 2, afterEnd: false) = machine.subscriberAdded(restartsAfterEnd: true, { 2 })
      else {
        Issue.record("expected a new connection")
        return
      }
    }

    @Test func ofAnEndedConnectionDoesNothing() {
      var machine = RefCountStateMachineTests.ended()
      guard case .none = machine.subscriberRemoved(generation: 1, reconnects: true) else {
        Issue.record("expected nothing: the connection is already over")
        return
      }
    }

    @Test func ofAnEndedConnectionLeavesTheNewOneCounted() {
      var machine = RefCountStateMachineTests.ended()
      _ = machine.subscriberAdded(restartsAfterEnd: true) { 2 }  // re-entrant, from the old terminal handler
      guard case .none = machine.subscriberRemoved(generation: 1, reconnects: true) else {
        Issue.record("expected nothing: the subscriber belonged to connection 1")
        return
      }
      #expect(machine.subscriberCount == 1)
      guard case .close(2) = machine.subscriberRemoved(generation: 2, reconnects: true) else {
        Issue.record("expected the new connection to close with its own last subscriber")
        return
      }
    }

    @Test func ofAConnectionNeverOpenedIsAnInternalInconsistency() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var machine = RefCountStateMachine<Int>()
        _ = machine.subscriberRemoved(generation: 1, reconnects: true)
      }
      #expect(result?.standardErrorText.contains("RefCount: internal inconsistency") == true)
    }
  }

  @Suite struct ConnectionEnded {
    @Test func ofTheCurrentConnectionRemembersIt() {
      var machine = RefCountStateMachineTests.connected(subscribers: 2)
      let ended = machine.connectionEnded(generation: 1, remembers: true)
      #expect(ended)
      #expect(machine.subscriberCount == 0)
      guard case .existing(1) = machine.connectRequested({ 2 }) else {
        Issue.record("expected the ended connection")
        return
      }
    }

    @Test func ofTheCurrentConnectionWithoutRememberingGoesIdle() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      let ended = machine.connectionEnded(generation: 1, remembers: false)
      #expect(ended)
      guard case .open(2, generation: 2, afterEnd: false) = machine.subscriberAdded(restartsAfterEnd: false, { 2 })
      else {
        Issue.record("expected a new connection")
        return
      }
    }

    @Test func ofAnOlderConnectionIsIgnored() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      _ = machine.subscriberRemoved(generation: 1, reconnects: true)
      _ = machine.subscriberAdded(restartsAfterEnd: true) { 2 }
      let ended = machine.connectionEnded(generation: 1, remembers: true)
      #expect(!ended)
      #expect(machine.subscriberCount == 1)
    }

    @Test func whenClosedIsIgnored() {
      var machine = RefCountStateMachineTests.closed()
      let ended = machine.connectionEnded(generation: 1, remembers: true)
      #expect(!ended)
    }
  }
}
