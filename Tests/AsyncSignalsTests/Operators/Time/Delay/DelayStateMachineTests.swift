import Testing

@testable import AsyncSignals

@Suite struct DelayStateMachineTests {
  typealias Machine = DelayStateMachine<Int, TimerBoom>

  static func at(_ seconds: Int) -> SchedulerInstant {
    SchedulerInstant(offset: .seconds(seconds))
  }

  @Test func firstEventArmsOneTimerAndLaterOnesWait() {
    var machine = Machine(interval: .seconds(2))
    #expect(
      matches(machine.eventReceived(.value(1), now: Self.at(0))) {
        if case .startTimer(after: .seconds(2), generation: 1) = $0 { true } else { false }
      }
    )
    #expect(matches(machine.eventReceived(.value(2), now: Self.at(1))) { if case .none = $0 { true } else { false } })
  }

  @Test func timerSendsWhatIsDueAndReArmsForTheRest() {
    var machine = Machine(interval: .seconds(2))
    _ = machine.eventReceived(.value(1), now: Self.at(0))
    _ = machine.eventReceived(.value(2), now: Self.at(0))
    _ = machine.eventReceived(.completed, now: Self.at(1))
    #expect(
      matches(machine.timerFired(generation: 1, now: Self.at(2))) {
        if case .send([.value(1), .value(2)], next: let next?) = $0 {
          next.after == .seconds(1) && next.generation == 2
        } else {
          false
        }
      }
    )
    #expect(
      matches(machine.timerFired(generation: 2, now: Self.at(3))) {
        if case .send([.completed], next: nil) = $0 { true } else { false }
      }
    )
  }

  @Test func earlyTimerReArmsWithoutSending() {
    var machine = Machine(interval: .seconds(2))
    _ = machine.eventReceived(.value(1), now: Self.at(0))
    #expect(
      matches(machine.timerFired(generation: 1, now: Self.at(1))) {
        if case .send([], next: let next?) = $0 { next.after == .seconds(1) } else { false }
      }
    )
  }

  @Test func failureSkipsTheQueueAndEndsTheMachine() {
    var machine = Machine(interval: .seconds(2))
    _ = machine.eventReceived(.value(1), now: Self.at(0))
    #expect(
      matches(machine.eventReceived(.failed(TimerBoom()), now: Self.at(1))) {
        if case .cancelTimerAndFail = $0 { true } else { false }
      }
    )
    #expect(matches(machine.timerFired(generation: 1, now: Self.at(2))) { if case .none = $0 { true } else { false } })
  }
}
