import Testing

@testable import AsyncSignals

@Suite struct ObserveOnStateMachineTests {
  typealias Machine = ObserveOnStateMachine<Int, TimerBoom>

  @Test func oneDrainAtATimeDeliversInOrderThenGoesIdle() {
    var machine = Machine()
    #expect(matches(machine.eventReceived(.value(1))) { if case .scheduleDrain(1) = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(2))) { if case .none = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .deliver(.value(1)) = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .deliver(.value(2)) = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(3))) { if case .scheduleDrain(2) = $0 { true } else { false } })
  }

  @Test func onTheTargetAnEventWithNothingAheadGoesOutAtOnceAndOneBehindADrainWaits() {
    var machine = Machine()
    #expect(
      matches(machine.eventReceived(.value(1), onTarget: true)) {
        if case .deliverNow(.value(1)) = $0 { true } else { false }
      }
    )
    #expect(matches(machine.eventReceived(.value(2))) { if case .scheduleDrain(1) = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(3), onTarget: true)) { if case .none = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .deliver(.value(2)) = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .deliver(.value(3)) = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
    #expect(
      matches(machine.eventReceived(.completed, onTarget: true)) {
        if case .deliverNow(.completed) = $0 { true } else { false }
      }
    )
    #expect(matches(machine.eventReceived(.value(4), onTarget: true)) { if case .none = $0 { true } else { false } })
  }

  @Test func terminalEventEndsDelivery() {
    var machine = Machine()
    _ = machine.eventReceived(.failed(TimerBoom()))
    #expect(matches(machine.nextEvent()) { if case .deliver(.failed) = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(1))) { if case .none = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
  }

  @Test func disposalDropsWhatIsQueued() {
    var machine = Machine()
    _ = machine.eventReceived(.value(1))
    _ = machine.eventReceived(.value(2))
    #expect(machine.disposed().count == 2)
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
  }
}
