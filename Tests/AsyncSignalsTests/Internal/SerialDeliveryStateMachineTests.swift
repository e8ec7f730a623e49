import Testing

@testable import AsyncSignals

/// The serial delivery state machine, tested as a value: one test per (input × state).
@Suite struct SerialDeliveryStateMachineTests {
  typealias Machine = SerialDeliveryStateMachine<Int, Never>
  let downstream = Observer<Int, Never> { _ in }

  /// A machine in the delivering state, with `pending` queued behind the event in delivery.
  func delivering(pending: [Event<Int, Never>] = []) -> Machine {
    var machine = Machine(downstream: downstream)
    _ = machine.eventSent(.value(0))
    for event in pending {
      _ = machine.eventSent(event)
    }
    return machine
  }

  func finished() -> Machine {
    var machine = Machine(downstream: downstream)
    _ = machine.disposed()
    return machine
  }
}

extension SerialDeliveryStateMachineTests {
  @Suite struct EventSent {
    let base = SerialDeliveryStateMachineTests()

    @Test func whileIdleDeliversAtOnce() {
      var machine = SerialDeliveryStateMachineTests.Machine(downstream: base.downstream)
      guard case .deliver(_, let event) = machine.eventSent(.value(1)) else {
        Issue.record("expected deliver")
        return
      }
      #expect(event == .value(1))
      #expect(machine.isActive)
    }

    @Test func whileDeliveringQueues() {
      var machine = base.delivering()
      guard case .none = machine.eventSent(.value(1)) else {
        Issue.record("expected the event to be queued")
        return
      }
      guard case .deliver(_, let next) = machine.deliveryFinished(wasTerminal: false) else {
        Issue.record("expected the queued event")
        return
      }
      #expect(next == .value(1))
    }

    @Test func afterAQueuedTerminalEventDrops() {
      var machine = base.delivering(pending: [.completed])
      guard case .none = machine.eventSent(.value(1)) else {
        Issue.record("expected a drop")
        return
      }
      guard case .deliver(_, let next) = machine.deliveryFinished(wasTerminal: false) else {
        Issue.record("expected the terminal event")
        return
      }
      #expect(next == .completed)
      guard case .endSubscription = machine.deliveryFinished(wasTerminal: true) else {
        Issue.record("expected the end of the subscription")
        return
      }
    }

    @Test func whenFinishedDrops() {
      var machine = base.finished()
      guard case .none = machine.eventSent(.value(1)) else {
        Issue.record("expected a drop")
        return
      }
      #expect(!machine.isActive)
    }
  }

  @Suite struct DeliveryFinished {
    let base = SerialDeliveryStateMachineTests()

    @Test func withAnEmptyQueueBecomesIdle() {
      var machine = base.delivering()
      guard case .stop = machine.deliveryFinished(wasTerminal: false) else {
        Issue.record("expected stop")
        return
      }
      guard case .deliver = machine.eventSent(.value(2)) else {
        Issue.record("expected an idle machine to deliver at once")
        return
      }
    }

    @Test func afterATerminalEventEndsTheSubscription() {
      var machine = SerialDeliveryStateMachineTests.Machine(downstream: base.downstream)
      _ = machine.eventSent(.completed)
      guard case .endSubscription = machine.deliveryFinished(wasTerminal: true) else {
        Issue.record("expected the end of the subscription")
        return
      }
      #expect(!machine.isActive)
    }

    @Test func afterDisposalDuringDeliveryStops() {
      var machine = base.delivering(pending: [.value(1)])
      let released = machine.disposed()
      #expect(released.downstream != nil)
      #expect(released.dropped.count == 1)
      guard case .stop = machine.deliveryFinished(wasTerminal: false) else {
        Issue.record("expected stop")
        return
      }
    }

    @Test func preservesTheOrderOfQueuedEvents() {
      var machine = base.delivering(pending: [.value(1), .value(2), .value(3)])
      var delivered: [Event<Int, Never>] = []
      while case .deliver(_, let next) = machine.deliveryFinished(wasTerminal: false) {
        delivered.append(next)
      }
      #expect(delivered == [.value(1), .value(2), .value(3)])
    }
  }

  @Suite struct Disposed {
    let base = SerialDeliveryStateMachineTests()

    @Test func whileIdleReleasesTheDownstream() {
      var machine = SerialDeliveryStateMachineTests.Machine(downstream: base.downstream)
      #expect(machine.disposed().downstream != nil)
      #expect(!machine.isActive)
    }

    @Test func twiceReleasesNothingTheSecondTime() {
      var machine = base.finished()
      let released = machine.disposed()
      #expect(released.downstream == nil)
      #expect(released.dropped.isEmpty)
    }
  }
}
