import Testing

@testable import AsyncSignals

/// The state machine of one `groupBy` group, tested as a value.
@Suite struct GroupStateMachineTests {
  typealias Machine = GroupStateMachine<Int, Boom>

  /// A comparable rendering of an action: who receives what.
  static func describe(_ action: Machine.Action) -> String {
    switch action {
    case .deliver(let subscribers, let event): "all(\(subscribers.compactMap { $0 }.count)) \(event)"
    case .replay(let values, let terminal, _):
      "replay \(Array(values.slots.compactMap { $0 }))" + (terminal.map { " then \($0)" } ?? "")
    case .deliverTerminal(let terminal, _): "one \(terminal)"
    case .none: "none"
    }
  }

  static let subscriber = Observer<Int, Boom> { _ in }

  @Suite struct Buffering {
    @Test func eventsAreKeptUntilTheFirstSubscriber() {
      var machine = Machine()
      #expect(describe(machine.eventSent(.value(1))) == "none")
      #expect(describe(machine.eventSent(.value(2))) == "none")
      #expect(describe(machine.subscribed(subscriber, id: 0)) == "replay [1, 2]")
      #expect(describe(machine.eventSent(.value(3))) == "all(1) value(3)")
    }

    /// Issue 20: each replayed value used to copy the whole queue (40,000 buffered values took 603 ms).
    @Test func aLargeBufferIsNeitherCopiedWhileBufferingNorWhenHandedOver() {
      var machine = Machine()
      var reallocations = 0
      var address: UnsafeRawPointer?
      for value in 0..<40_000 {
        _ = machine.eventSent(.value(value))
        let current = machine._bufferStorageAddress
        if current != address { reallocations += 1 }
        address = current
      }
      // Growing by doubling reallocates about log2(40,000) ≈ 16 times; a copy per value would be 40,000.
      #expect(reallocations < 32)
      guard case .replay(let values, nil, _) = machine.subscribed(subscriber, id: 0) else {
        Issue.record("expected the buffer to be replayed")
        return
      }
      #expect(values.count == 40_000)
      #expect(values.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } == address)
    }

    @Test func aBufferedTerminalIsReplayedLastAndNothingIsBufferedAfterIt() {
      var machine = Machine()
      _ = machine.eventSent(.value(1))
      _ = machine.eventSent(.completed)
      #expect(describe(machine.eventSent(.value(2))) == "none")
      #expect(describe(machine.subscribed(subscriber, id: 0)) == "replay [1] then completed")
      #expect(describe(machine.subscribed(subscriber, id: 1)) == "one completed")
    }

    @Test func theFirstSubscriberOfAnEmptyBufferGetsAnEmptyReplay() {
      var machine = Machine()
      #expect(describe(machine.subscribed(subscriber, id: 0)) == "replay []")
      #expect(describe(machine.eventSent(.value(1))) == "all(1) value(1)")
    }
  }

  @Suite struct Multicasting {
    @Test func laterSubscribersReceiveOnlyLaterEvents() {
      var machine = Machine()
      _ = machine.subscribed(subscriber, id: 0)
      #expect(describe(machine.eventSent(.value(1))) == "all(1) value(1)")
      #expect(describe(machine.subscribed(subscriber, id: 1)) == "none")
      #expect(describe(machine.eventSent(.value(2))) == "all(2) value(2)")
    }

    @Test func anUnsubscribedSubscriberIsReturnedAndReceivesNothingMore() {
      var machine = Machine()
      _ = machine.subscribed(subscriber, id: 0)
      _ = machine.subscribed(subscriber, id: 1)
      #expect(machine.unsubscribed(0) != nil)
      #expect(machine.unsubscribed(0) == nil)
      #expect(describe(machine.eventSent(.value(1))) == "all(1) value(1)")
    }
  }

  @Suite struct Finished {
    @Test func lateSubscribersReceiveTheTerminalAtOnce() {
      var machine = Machine()
      _ = machine.subscribed(subscriber, id: 0)
      #expect(describe(machine.eventSent(.failed(Boom()))) == "all(1) failed(Boom(code: 0))")
      #expect(describe(machine.subscribed(subscriber, id: 1)) == "one failed(Boom(code: 0))")
      #expect(describe(machine.eventSent(.value(1))) == "none")
      #expect(machine.unsubscribed(0) == nil)
    }
  }
}
