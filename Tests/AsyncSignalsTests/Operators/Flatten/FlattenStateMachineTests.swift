import Testing

@testable import AsyncSignals

/// The pure flattening state machine, tested as a value (inners are strings).
@Suite struct FlattenStateMachineTests {
  typealias Machine = FlattenStateMachine<String>

  /// A comparable rendering of an action.
  static func describe(_ action: Machine.Action) -> String {
    switch action {
    case .none: "none"
    case .subscribe(let inner, let id): "subscribe \(inner) #\(id)"
    case .replace(let inner, let id): "replace with \(inner) #\(id)"
    case .finish: "finish"
    }
  }

  @Suite struct OuterSent {
    @Test func mergeSubscribesEveryInnerAtOnce() {
      var machine = Machine(strategy: .merge)
      #expect(describe(machine.outerSent("a")) == "subscribe a #0")
      #expect(describe(machine.outerSent("b")) == "subscribe b #1")
      #expect(machine.innerSent(id: 0) && machine.innerSent(id: 1))
    }

    @Test func concatQueuesWhileAnInnerRuns() {
      var machine = Machine(strategy: .concat)
      #expect(describe(machine.outerSent("a")) == "subscribe a #0")
      #expect(describe(machine.outerSent("b")) == "none")
      #expect(machine.pendingCount == 1)
    }

    @Test func latestReplacesTheCurrentInner() {
      var machine = Machine(strategy: .latest)
      #expect(describe(machine.outerSent("a")) == "subscribe a #0")
      #expect(describe(machine.outerSent("b")) == "replace with b #1")
      #expect(!machine.innerSent(id: 0))
      #expect(machine.innerSent(id: 1))
    }

    @Test func firstDropsAnInnerThatArrivesWhileOneRuns() {
      var machine = Machine(strategy: .first)
      #expect(describe(machine.outerSent("a")) == "subscribe a #0")
      #expect(describe(machine.outerSent("b")) == "none")
      #expect(machine.pendingCount == 0)
      #expect(machine.innerSent(id: 0))
    }

    @Test func afterFinishingNothingIsSubscribed() {
      var machine = Machine(strategy: .merge)
      _ = machine.outerFailed()
      #expect(describe(machine.outerSent("a")) == "none")
    }
  }

  @Suite struct InnerCompleted {
    @Test func concatStartsTheNextWaitingInner() {
      var machine = Machine(strategy: .concat)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      #expect(describe(machine.innerCompleted(id: 0)) == "subscribe b #1")
      #expect(machine.pendingCount == 0)
    }

    @Test func concurrentStartsWaitingInnersInOrderUpToTheLimit() {
      var machine = Machine(strategy: .concurrent(limit: 2))
      let started = ["a", "b", "c", "d"].map { describe(machine.outerSent($0)) }
      #expect(started == ["subscribe a #0", "subscribe b #1", "none", "none"])
      #expect(describe(machine.innerCompleted(id: 1)) == "subscribe c #2")
      #expect(describe(machine.innerCompleted(id: 0)) == "subscribe d #3")
      #expect(machine.running == 2)
    }

    @Test func firstStartsTheNextInnerOnlyForALaterValue() {
      var machine = Machine(strategy: .first)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      #expect(describe(machine.innerCompleted(id: 0)) == "none")
      #expect(describe(machine.outerSent("c")) == "subscribe c #1")
    }

    @Test func firstFinishesWhenItsInnerCompletesAfterTheOuter() {
      var machine = Machine(strategy: .first)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      #expect(describe(machine.outerCompleted()) == "none")
      #expect(describe(machine.innerCompleted(id: 0)) == "finish")
    }

    @Test func theLastInnerAfterTheOuterCompletedFinishes() {
      var machine = Machine(strategy: .merge)
      _ = machine.outerSent("a")
      #expect(describe(machine.outerCompleted()) == "none")
      #expect(describe(machine.innerCompleted(id: 0)) == "finish")
    }

    @Test func aReplacedInnersCompletionIsIgnored() {
      var machine = Machine(strategy: .latest)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      _ = machine.outerCompleted()
      #expect(describe(machine.innerCompleted(id: 0)) == "none")
      #expect(describe(machine.innerCompleted(id: 1)) == "finish")
    }
  }

  @Suite struct InnerFailed {
    @Test func aRunningInnerFailureFinishesAndDropsWaitingInners() {
      var machine = Machine(strategy: .concat)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      #expect(describe(machine.innerFailed(id: 0)) == "finish")
      #expect(machine.pendingCount == 0)
      #expect(!machine.innerSent(id: 0))
      #expect(describe(machine.innerCompleted(id: 0)) == "none")
    }

    @Test func aReplacedInnersFailureIsIgnored() {
      var machine = Machine(strategy: .latest)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      #expect(describe(machine.innerFailed(id: 0)) == "none")
      #expect(machine.innerSent(id: 1))
    }
  }

  @Suite struct OuterEnded {
    @Test func completingWithNothingRunningFinishes() {
      var machine = Machine(strategy: .concat)
      #expect(describe(machine.outerCompleted()) == "finish")
      #expect(describe(machine.outerCompleted()) == "none")
    }

    @Test func completingWithAWaitingInnerWaits() {
      var machine = Machine(strategy: .concat)
      _ = machine.outerSent("a")
      _ = machine.outerSent("b")
      #expect(describe(machine.outerCompleted()) == "none")
      _ = machine.innerCompleted(id: 0)
      #expect(describe(machine.innerCompleted(id: 1)) == "finish")
    }

    @Test func failingFinishesOnce() {
      var machine = Machine(strategy: .merge)
      _ = machine.outerSent("a")
      #expect(describe(machine.outerFailed()) == "finish")
      #expect(describe(machine.outerFailed()) == "none")
      #expect(describe(machine.innerFailed(id: 0)) == "none")
    }
  }
}
