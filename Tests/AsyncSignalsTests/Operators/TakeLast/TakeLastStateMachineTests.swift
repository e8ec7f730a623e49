import Testing

@testable import AsyncSignals

/// The `take(last:)` state machine, tested as a value: one test per (input × state).
@Suite struct TakeLastStateMachineTests {
  typealias Machine = TakeLastStateMachine<Int>

  /// A machine keeping the last `count` values that has received `values`.
  static func buffering(count: Int, after values: [Int]) -> Machine {
    var machine = Machine(count: count)
    for value in values {
      machine.valueReceived(value)
    }
    return machine
  }

  /// A machine whose upstream failed.
  static func finished() -> Machine {
    var machine = buffering(count: 2, after: [1])
    _ = machine.failed()
    return machine
  }

  /// The values a completion action sends, in order, or `nil` when it sends nothing.
  static func sent(_ action: Machine.CompletionAction) -> [Int]? {
    guard case .sendAndComplete(var queue) = action else { return nil }
    var values: [Int] = []
    while let value = queue.popFirst() {
      values.append(value)
    }
    return values
  }
}

extension TakeLastStateMachineTests {
  @Suite struct ValueReceived {
    @Test func whileBufferingBelowCountKeepsEveryValue() {
      var machine = TakeLastStateMachineTests.buffering(count: 3, after: [1])
      machine.valueReceived(2)
      #expect(sent(machine.completed()) == [1, 2])
    }

    @Test func whileBufferingAtCountDropsTheOldest() {
      var machine = TakeLastStateMachineTests.buffering(count: 2, after: [1, 2])
      machine.valueReceived(3)
      machine.valueReceived(4)
      #expect(sent(machine.completed()) == [3, 4])
    }

    @Test func withACountOfZeroKeepsNothing() {
      var machine = TakeLastStateMachineTests.buffering(count: 0, after: [])
      machine.valueReceived(1)
      #expect(sent(machine.completed()) == [])
    }

    @Test func whileFinishedIsIgnored() {
      var machine = TakeLastStateMachineTests.finished()
      machine.valueReceived(1)
      #expect(sent(machine.completed()) == nil)
    }
  }

  @Suite struct Completed {
    @Test func whileBufferingSendsTheKeptValuesThenFinishes() {
      var machine = TakeLastStateMachineTests.buffering(count: 2, after: [1, 2, 3])
      #expect(sent(machine.completed()) == [2, 3])
      #expect(sent(machine.completed()) == nil)
      #expect(machine.failed() == .none)
    }

    @Test func whileBufferingWithNoValueSendsOnlyTheCompletion() {
      var machine = TakeLastStateMachineTests.buffering(count: 2, after: [])
      #expect(sent(machine.completed()) == [])
    }

    @Test func whileFinishedDoesNothing() {
      var machine = TakeLastStateMachineTests.finished()
      #expect(sent(machine.completed()) == nil)
    }
  }

  @Suite struct Failed {
    @Test func whileBufferingDiscardsTheKeptValuesAndFails() {
      var machine = TakeLastStateMachineTests.buffering(count: 2, after: [1, 2])
      #expect(machine.failed() == .fail)
      #expect(sent(machine.completed()) == nil)
    }

    @Test func whileFinishedDoesNothing() {
      var machine = TakeLastStateMachineTests.finished()
      #expect(machine.failed() == .none)
    }
  }
}
