import Testing

@testable import AsyncSignals

/// The `collect(count:)` state machine, tested as a value: one test per (input × state).
@Suite struct CollectCountStateMachineTests {
  typealias Machine = CollectCountStateMachine<Int>

  /// A machine collecting chunks of `count` that has received `values`.
  static func collecting(count: Int, after values: [Int]) -> Machine {
    var machine = Machine(count: count)
    for value in values {
      _ = machine.valueReceived(value)
    }
    return machine
  }

  /// A machine whose upstream completed.
  static func finished() -> Machine {
    var machine = collecting(count: 2, after: [1])
    _ = machine.completed()
    return machine
  }
}

extension CollectCountStateMachineTests {
  @Suite struct ValueReceived {
    @Test func whileCollectingBelowCountSendsNothing() {
      var machine = Machine(count: 3)
      #expect(machine.valueReceived(1) == .none)
      #expect(machine.valueReceived(2) == .none)
    }

    @Test func whileCollectingTheValueThatFillsTheChunkSendsItAndStartsAnother() {
      var machine = CollectCountStateMachineTests.collecting(count: 2, after: [1])
      #expect(machine.valueReceived(2) == .send([1, 2]))
      #expect(machine.valueReceived(3) == .none)
      #expect(machine.valueReceived(4) == .send([3, 4]))
    }

    @Test func withACountOfOneSendsEachValue() {
      var machine = Machine(count: 1)
      #expect(machine.valueReceived(1) == .send([1]))
      #expect(machine.valueReceived(2) == .send([2]))
    }

    @Test func whileFinishedIsIgnored() {
      var machine = CollectCountStateMachineTests.finished()
      #expect(machine.valueReceived(1) == .none)
      #expect(machine.valueReceived(2) == .none)
    }
  }

  @Suite struct Completed {
    @Test func whileCollectingAPartialChunkSendsItThenFinishes() {
      var machine = CollectCountStateMachineTests.collecting(count: 3, after: [1, 2, 3, 4])
      #expect(machine.completed() == .sendAndComplete([4]))
      #expect(machine.completed() == .none)
      #expect(machine.failed() == .none)
    }

    @Test func whileCollectingAnEmptyChunkOnlyCompletes() {
      var machine = CollectCountStateMachineTests.collecting(count: 2, after: [1, 2])
      #expect(machine.completed() == .complete)
    }

    @Test func whileFinishedDoesNothing() {
      var machine = CollectCountStateMachineTests.finished()
      #expect(machine.completed() == .none)
    }
  }

  @Suite struct Failed {
    @Test func whileCollectingDiscardsThePartialChunkAndFails() {
      var machine = CollectCountStateMachineTests.collecting(count: 3, after: [1, 2])
      #expect(machine.failed() == .fail)
      #expect(machine.completed() == .none)
      #expect(machine.valueReceived(3) == .none)
    }

    @Test func whileFinishedDoesNothing() {
      var machine = CollectCountStateMachineTests.finished()
      #expect(machine.failed() == .none)
    }
  }
}
