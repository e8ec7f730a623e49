import Testing

@testable import AsyncSignals

/// The state of a one-shot subject as a value: where each value goes, what the buffer keeps under each policy,
/// and where a leaving subscriber's values go (issue 39).
@Suite struct OneShotStateMachineTests {
  typealias Machine = OneShotStateMachine<Int, Never>

  /// Drains `id` the way the storage does, and returns what it delivered.
  static func drain(_ machine: inout Machine, _ id: UInt64) -> [Event<Int, Never>] {
    var events: [Event<Int, Never>] = []
    while let event = machine.nextPending(of: id) { events.append(event) }
    return events
  }

  @Test func keepsValuesWhileNobodySubscribesAndTheFirstSubscriberTakesThem() {
    var machine = Machine(policy: .unbounded)
    #expect(machine.valueSent(1) == .none)
    #expect(machine.valueSent(2) == .none)
    #expect(machine.buffer.count == 2)
    let id = machine.subscribed()
    #expect(machine.buffer.isEmpty)
    #expect(machine.drainStarted(of: id) == .drain(id))
    #expect(Self.drain(&machine, id) == [.value(1), .value(2)])
    #expect(machine.drainStarted(of: id) == .none)  // nothing left
  }

  @Test func eachValueGoesToTheOldestSubscriberOnce() {
    var machine = Machine(policy: .unbounded)
    let first = machine.subscribed()
    let second = machine.subscribed()
    #expect(machine.valueSent(1) == .drain(first))
    #expect(machine.valueSent(2) == .none)  // the drain in progress delivers it
    #expect(Self.drain(&machine, first) == [.value(1), .value(2)])
    #expect(Self.drain(&machine, second) == [])
    #expect(machine.valueSent(3) == .drain(first))  // the drain ended: the next value starts one
  }

  @Test func aLeavingSubscriberPassesItsValuesToTheNextOne() {
    var machine = Machine(policy: .unbounded)
    let first = machine.subscribed()
    let second = machine.subscribed()
    _ = machine.valueSent(1)
    _ = machine.valueSent(2)
    #expect(machine.unsubscribed(first) == .drain(second))
    #expect(Self.drain(&machine, second) == [.value(1), .value(2)])
    #expect(machine.subscriberCount == 1)
  }

  @Test func aLeavingLastSubscriberPutsItsValuesBackInFrontOfTheBuffer() {
    var machine = Machine(policy: .bufferingOldest(3))
    let only = machine.subscribed()
    _ = machine.valueSent(1)
    _ = machine.valueSent(2)
    #expect(machine.unsubscribed(only) == .none)
    _ = machine.valueSent(3)
    _ = machine.valueSent(4)  // past the limit of 3: dropped
    #expect(machine.dropped == 1)
    let next = machine.subscribed()
    _ = machine.drainStarted(of: next)
    #expect(Self.drain(&machine, next) == [.value(1), .value(2), .value(3)])
  }

  @Test func thePoliciesDropTheNewestOrTheOldest() {
    var oldest = Machine(policy: .bufferingOldest(2))
    var newest = Machine(policy: .bufferingNewest(2))
    for value in 1...4 {
      _ = oldest.valueSent(value)
      _ = newest.valueSent(value)
    }
    #expect(oldest.dropped == 2)
    #expect(newest.dropped == 2)
    let a = oldest.subscribed()
    let b = newest.subscribed()
    _ = oldest.drainStarted(of: a)
    _ = newest.drainStarted(of: b)
    #expect(Self.drain(&oldest, a) == [.value(1), .value(2)])
    #expect(Self.drain(&newest, b) == [.value(3), .value(4)])
  }

  @Test func theTerminalEventReachesEverySubscriberAfterItsValuesAndEveryLaterOne() {
    var machine = Machine(policy: .unbounded)
    let first = machine.subscribed()
    let second = machine.subscribed()
    _ = machine.valueSent(1)
    #expect(machine.terminalSent(.completed) == [second])  // the first is draining already
    #expect(machine.terminalSent(.completed) == [])  // once
    #expect(machine.valueSent(2) == .none)  // after the end: dropped
    #expect(Self.drain(&machine, first) == [.value(1), .completed])
    #expect(Self.drain(&machine, second) == [.completed])
    var ended = Machine(policy: .unbounded)
    _ = ended.valueSent(7)
    _ = ended.terminalSent(.completed)
    let late = ended.subscribed()
    _ = ended.drainStarted(of: late)
    #expect(Self.drain(&ended, late) == [.value(7), .completed])
    let later = ended.subscribed()
    _ = ended.drainStarted(of: later)
    #expect(Self.drain(&ended, later) == [.completed])
  }
}
