import Testing

@testable import AsyncSignals

/// The pure state machines of `combineLatest` and `zip`, tested as values.
@Suite struct CombiningStateMachineTests {
  /// A comparable rendering of an action.
  static func describe(_ action: CombiningAction<Int>) -> String {
    switch action {
    case .none: "none"
    case .send(let values): "send \(values)"
    case .sendAndComplete(let values): "send \(values) and complete"
    case .complete: "complete"
    }
  }

  @Suite struct CombineLatest {
    @Test func waitsForEverySourceThenSendsEachCombination() {
      var machine = CombineLatestStateMachine<Int>(count: 2)
      #expect(describe(machine.valueReceived(1, at: 0)) == "none")
      #expect(describe(machine.valueReceived(2, at: 0)) == "none")
      #expect(describe(machine.valueReceived(5, at: 1)) == "send [2, 5]")
      #expect(describe(machine.valueReceived(6, at: 1)) == "send [2, 6]")
    }

    @Test func completesWhenTheLastSourceCompletes() {
      var machine = CombineLatestStateMachine<Int>(count: 2)
      _ = machine.valueReceived(1, at: 0)
      #expect(describe(machine.completed(at: 0)) == "none")
      _ = machine.valueReceived(2, at: 1)
      #expect(describe(machine.completed(at: 1)) == "complete")
      #expect(describe(machine.valueReceived(1, at: 0)) == "none")
    }

    @Test func completesAtOnceWhenASourceCompletesWithoutAValue() {
      var machine = CombineLatestStateMachine<Int>(count: 3)
      _ = machine.valueReceived(1, at: 0)
      #expect(describe(machine.completed(at: 1)) == "complete")
      #expect(describe(machine.valueReceived(2, at: 2)) == "none")
    }

    @Test func waitingForEveryCompletionKeepsRunningAfterAnEmptySource() {
      var machine = CombineLatestStateMachine<Int>(count: 2, waitsForEveryCompletion: true)
      #expect(describe(machine.completed(at: 0)) == "none")
      #expect(describe(machine.valueReceived(1, at: 1)) == "none")
      #expect(describe(machine.completed(at: 1)) == "complete")
    }

    @Test func aSourceThatCompletesAfterSendingKeepsItsValueInUse() {
      var machine = CombineLatestStateMachine<Int>(count: 2)
      _ = machine.valueReceived(1, at: 0)
      #expect(describe(machine.completed(at: 0)) == "none")
      #expect(describe(machine.valueReceived(5, at: 1)) == "send [1, 5]")
    }

    @Test func failsOnce() {
      var machine = CombineLatestStateMachine<Int>(count: 2)
      let first = machine.failed()
      let second = machine.failed()
      #expect(first && !second)
      #expect(describe(machine.completed(at: 0)) == "none")
    }
  }

  @Suite struct Zip {
    @Test func pairsInOrder() {
      var machine = ZipStateMachine<Int>(count: 2)
      #expect(describe(machine.valueReceived(1, at: 0)) == "none")
      #expect(describe(machine.valueReceived(2, at: 0)) == "none")
      #expect(describe(machine.valueReceived(5, at: 1)) == "send [1, 5]")
      #expect(describe(machine.valueReceived(6, at: 1)) == "send [2, 6]")
      #expect(machine.waiting(at: 0) == 0)
    }

    @Test func completionWithNothingWaitingCompletes() {
      var machine = ZipStateMachine<Int>(count: 2)
      _ = machine.valueReceived(1, at: 1)
      #expect(describe(machine.completed(at: 0)) == "complete")
      #expect(describe(machine.valueReceived(2, at: 0)) == "none")
    }

    @Test func completionWithValuesWaitingCompletesWithTheirLastPair() {
      var machine = ZipStateMachine<Int>(count: 2)
      _ = machine.valueReceived(1, at: 0)
      _ = machine.valueReceived(2, at: 0)
      #expect(describe(machine.completed(at: 0)) == "none")
      #expect(describe(machine.valueReceived(5, at: 1)) == "send [1, 5]")
      #expect(describe(machine.valueReceived(6, at: 1)) == "send [2, 6] and complete")
      let failedAfterFinishing = machine.failed()
      #expect(!failedAfterFinishing)
    }

    @Test func aLongBacklogIsCompactedAndKeepsItsOrder() {
      var machine = ZipStateMachine<Int>(count: 2)
      for value in 0..<500 { _ = machine.valueReceived(value, at: 0) }
      let pairs = (0..<500).map { describe(machine.valueReceived($0, at: 1)) }
      #expect(pairs == (0..<500).map { "send [\($0), \($0)]" })
      #expect(machine.waiting(at: 0) == 0)
    }
  }
}
