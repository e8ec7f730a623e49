import Testing

@testable import AsyncSignals

/// The state machine of one `groupBy` group, tested as a value.
@Suite struct GroupStateMachineTests {
  typealias Machine = GroupStateMachine<Int, Boom>

  /// A comparable rendering of an action: who receives what.
  static func describe(_ action: Machine.DeliverAction) -> String {
    switch action {
    case .deliver(let subscribers, let event): "all(\(subscribers.count)) \(event)"
    case .deliverTo(_, let event): "one \(event)"
    case .none: "none"
    }
  }

  static let subscriber = Observer<Int, Boom> { _ in }

  @Suite struct Buffering {
    @Test func eventsAreKeptUntilTheFirstSubscriber() {
      var machine = Machine()
      #expect(describe(machine.eventSent(.value(1))) == "none")
      #expect(describe(machine.eventSent(.value(2))) == "none")
      let (_, action) = machine.subscribed(subscriber)
      #expect(describe(action) == "one value(1)")
      #expect(describe(machine.deliveryFinished()) == "one value(2)")
      #expect(describe(machine.deliveryFinished()) == "none")
    }

    /// Issue 20: each replayed value used to copy the whole queue (40,000 buffered values took 603 ms).
    @Test func replayingALargeBufferHandsOutEveryValueWithoutCopyingTheQueue() {
      var machine = Machine()
      for value in 0..<40_000 { _ = machine.eventSent(.value(value)) }
      #expect(describe(machine.subscribed(subscriber).action) == "one value(0)")
      let storage = machine._replayStorageAddress
      #expect(storage != nil)
      var copies = 0
      for value in 1..<40_000 {
        #expect(describe(machine.deliveryFinished()) == "one value(\(value))")
        if let address = machine._replayStorageAddress, address != storage { copies += 1 }
      }
      #expect(copies == 0)
      #expect(describe(machine.deliveryFinished()) == "none")
    }

    @Test func aBufferedTerminalIsReplayedLastAndNothingIsBufferedAfterIt() {
      var machine = Machine()
      _ = machine.eventSent(.value(1))
      _ = machine.eventSent(.completed)
      #expect(describe(machine.eventSent(.value(2))) == "none")
      #expect(describe(machine.subscribed(subscriber).action) == "one value(1)")
      #expect(describe(machine.deliveryFinished()) == "all(1) completed")
      #expect(describe(machine.deliveryFinished()) == "none")
    }

    @Test func theFirstSubscriberOfAnEmptyBufferMakesTheGroupIdle() {
      var machine = Machine()
      #expect(describe(machine.subscribed(subscriber).action) == "none")
      #expect(describe(machine.eventSent(.value(1))) == "all(1) value(1)")
    }
  }

  @Suite struct Delivering {
    @Test func eventsDuringADeliveryAreQueuedForEverySubscriber() {
      var machine = Machine()
      _ = machine.subscribed(subscriber)
      #expect(describe(machine.eventSent(.value(1))) == "all(1) value(1)")
      #expect(describe(machine.eventSent(.value(2))) == "none")
      _ = machine.subscribed(subscriber)
      #expect(describe(machine.deliveryFinished()) == "all(2) value(2)")
      #expect(describe(machine.deliveryFinished()) == "none")
    }

    @Test func liveEventsWaitForTheReplayToFinish() {
      var machine = Machine()
      _ = machine.eventSent(.value(1))
      #expect(describe(machine.subscribed(subscriber).action) == "one value(1)")
      #expect(describe(machine.eventSent(.value(2))) == "none")
      #expect(describe(machine.deliveryFinished()) == "all(1) value(2)")
    }

    @Test func aReplayTargetThatUnsubscribesGetsNoMoreReplay() {
      var machine = Machine()
      _ = machine.eventSent(.value(1))
      _ = machine.eventSent(.value(2))
      let (id, _) = machine.subscribed(subscriber)
      #expect(machine.unsubscribed(id) != nil)
      #expect(describe(machine.deliveryFinished()) == "none")
    }
  }

  @Suite struct Finished {
    @Test func lateSubscribersReceiveTheTerminalAtOnce() {
      var machine = Machine()
      _ = machine.subscribed(subscriber)
      #expect(describe(machine.eventSent(.failed(Boom()))) == "all(1) failed(Boom(code: 0))")
      #expect(describe(machine.deliveryFinished()) == "none")
      #expect(describe(machine.subscribed(subscriber).action) == "one failed(Boom(code: 0))")
      #expect(describe(machine.eventSent(.value(1))) == "none")
    }
  }
}
