import Testing

@testable import AsyncSignals

/// The pure state machine behind `retry` and `repeat`, tested as a value.
@Suite struct ResubscribeStateMachineTests {
  @Test func anEndDuringTheSubscriptionCallResubscribesWhenItReturns() {
    var machine = ResubscribeStateMachine(resubscriptions: 2)
    #expect(machine.roundEnded() == .none)
    let again = machine.subscriptionReturned()
    #expect(again)
  }

  @Test func anEndAfterTheCallReturnedStartsTheLoop() {
    var machine = ResubscribeStateMachine(resubscriptions: 1)
    let again = machine.subscriptionReturned()
    #expect(!again)
    #expect(machine.roundEnded() == .startLoop)
  }

  @Test func theEndAfterTheLastResubscriptionIsForwarded() {
    var machine = ResubscribeStateMachine(resubscriptions: 1)
    #expect(machine.roundEnded() == .none)
    _ = machine.subscriptionReturned()
    #expect(machine.roundEnded() == .forward)
  }

  @Test func withoutALimitEveryEndResubscribes() {
    var machine = ResubscribeStateMachine(resubscriptions: nil)
    for _ in 0..<1_000 {
      #expect(machine.roundEnded() == .none)
      _ = machine.subscriptionReturned()
    }
    let again = machine.subscriptionReturned()
    #expect(!again)
  }
}
