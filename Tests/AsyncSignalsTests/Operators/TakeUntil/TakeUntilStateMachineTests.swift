import Testing

@testable import AsyncSignals

/// The `take(until:)` state machine, tested as a value: one test per (input × state).
@Suite struct TakeUntilStateMachineTests {
  typealias Machine = TakeUntilStateMachine<Int, Boom>

  /// A machine whose trigger has fired.
  static func finished() -> Machine {
    var machine = Machine()
    _ = machine.triggerFired()
    return machine
  }

  /// A comparable rendering of an action.
  static func describe(_ action: TwoInputAction<Int, Boom>) -> String {
    TwoInputStateMachineTests.describe(action)
  }
}

extension TakeUntilStateMachineTests {
  @Suite struct ReceiverSent {
    @Test func aValueWhileForwardingIsSent() {
      var machine = Machine()
      #expect(describe(machine.receiverSent(.value(1))) == "send(1)")
      #expect(describe(machine.receiverSent(.value(2))) == "send(2)")
    }

    @Test func aFailureWhileForwardingFinishesWithItAndEndsForwarding() {
      var machine = Machine()
      #expect(describe(machine.receiverSent(.failed(Boom(code: 3)))) == "finish(failed(Boom(code: 3)))")
      #expect(describe(machine.receiverSent(.value(1))) == "none")
      #expect(describe(machine.triggerFired()) == "none")
    }

    @Test func completionWhileForwardingFinishesWithItAndEndsForwarding() {
      var machine = Machine()
      #expect(describe(machine.receiverSent(.completed)) == "finish(completed)")
      #expect(describe(machine.receiverSent(.value(1))) == "none")
      #expect(describe(machine.triggerFired()) == "none")
    }

    @Test(arguments: [Event<Int, Boom>.value(1), .failed(Boom()), .completed])
    func anythingWhileFinishedIsIgnored(event: Event<Int, Boom>) {
      var machine = TakeUntilStateMachineTests.finished()
      #expect(describe(machine.receiverSent(event)) == "none")
    }
  }

  @Suite struct TriggerFired {
    @Test func whileForwardingCompletesAndEndsForwarding() {
      var machine = Machine()
      _ = machine.receiverSent(.value(1))
      #expect(describe(machine.triggerFired()) == "finish(completed)")
      #expect(describe(machine.receiverSent(.value(2))) == "none")
    }

    @Test func whileFinishedIsIgnored() {
      var machine = TakeUntilStateMachineTests.finished()
      #expect(describe(machine.triggerFired()) == "none")
    }
  }
}
