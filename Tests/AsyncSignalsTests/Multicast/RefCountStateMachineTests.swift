import TestSupport
import Testing

@testable import AsyncSignals

/// The ref-count state machine, tested as a value with `Int` connections: one test per (input × state).
@Suite struct RefCountStateMachineTests {
  typealias Machine = RefCountStateMachine<Int>

  /// A machine connected to connection 1 with `subscribers` counted subscribers.
  static func connected(subscribers: Int) -> Machine {
    var machine = Machine()
    for _ in 0..<subscribers { _ = machine.subscriberAdded { 1 } }
    return machine
  }

  /// A machine whose connection 1 was closed for good.
  static func closed() -> Machine {
    var machine = connected(subscribers: 1)
    _ = machine.subscriberRemoved(reconnects: false)
    return machine
  }
}

extension RefCountStateMachineTests {
  @Suite struct ConnectRequested {
    @Test func whileIdleOpensOnce() {
      var machine = RefCountStateMachine<Int>()
      guard case .open(1) = machine.connectRequested({ 1 }) else {
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
      guard case .open(1) = machine.subscriberAdded({ 1 }) else {
        Issue.record("expected open")
        return
      }
      #expect(machine.subscriberCount == 1)
    }

    @Test func whileConnectedJoins() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      guard case .join(1) = machine.subscriberAdded({ 2 }) else {
        Issue.record("expected join")
        return
      }
      #expect(machine.subscriberCount == 2)
    }

    @Test func afterAManualConnectJoinsItsConnection() {
      var machine = RefCountStateMachine<Int>()
      _ = machine.connectRequested { 1 }
      guard case .join(1) = machine.subscriberAdded({ 2 }) else {
        Issue.record("expected join")
        return
      }
    }

    @Test func whenClosedNeitherCountsNorOpens() {
      var machine = RefCountStateMachineTests.closed()
      guard case .closed(1) = machine.subscriberAdded({ 2 }) else {
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
      guard case .none = machine.subscriberRemoved(reconnects: reconnects) else {
        Issue.record("expected nothing")
        return
      }
      #expect(machine.subscriberCount == 1)
    }

    @Test func lastWithoutReconnectionClosesForGood() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      guard case .close(1) = machine.subscriberRemoved(reconnects: false) else {
        Issue.record("expected close")
        return
      }
      guard case .closed(1) = machine.subscriberAdded({ 2 }) else {
        Issue.record("expected no reconnection")
        return
      }
    }

    @Test func lastWithReconnectionClosesAndTheNextSubscriberReopens() {
      var machine = RefCountStateMachineTests.connected(subscribers: 1)
      guard case .close(1) = machine.subscriberRemoved(reconnects: true) else {
        Issue.record("expected close")
        return
      }
      guard case .open(2) = machine.subscriberAdded({ 2 }) else {
        Issue.record("expected a new connection")
        return
      }
    }

    @Test func whileIdleIsAnInternalInconsistency() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var machine = RefCountStateMachine<Int>()
        _ = machine.subscriberRemoved(reconnects: true)
      }
      #expect(result?.standardErrorText.contains("RefCount: internal inconsistency") == true)
    }
  }
}
