import Testing

@testable import AsyncSignals

/// A throttle machine whose window of timer 1 is open after `1` went out, holding `held` if given.
private func throttlingMachine(
  keepsLatest: Bool = true,
  holding held: Int? = nil
) -> ThrottleStateMachine<Int, TimerBoom> {
  var machine = ThrottleStateMachine<Int, TimerBoom>(keepsLatest: keepsLatest)
  _ = machine.valueReceived(1)
  if let held { _ = machine.valueReceived(held) }
  return machine
}

@Suite struct ThrottleStateMachineTests {
  typealias Machine = ThrottleStateMachine<Int, TimerBoom>

  @Suite struct ValueReceived {
    @Test func whileIdleSendsAtOnceAndOpensAWindow() {
      var machine = Machine(keepsLatest: true)
      #expect(matches(machine.valueReceived(1)) { if case .sendAndStartTimer(1, 1) = $0 { true } else { false } })
    }

    @Test func duringAWindowWithLatestHoldsTheLatest() {
      var machine = throttlingMachine(keepsLatest: true, holding: 2)
      #expect(matches(machine.valueReceived(3)) { if case .none = $0 { true } else { false } })
      #expect(
        matches(machine.timerFired(generation: 1)) { if case .sendAndStartTimer(3, 2) = $0 { true } else { false } }
      )
    }

    @Test func duringAWindowWithoutLatestDropsTheValue() {
      var machine = throttlingMachine(keepsLatest: false)
      #expect(matches(machine.valueReceived(2)) { if case .none = $0 { true } else { false } })
      #expect(matches(machine.timerFired(generation: 1)) { if case .none = $0 { true } else { false } })
      #expect(matches(machine.valueReceived(3)) { if case .sendAndStartTimer(3, 2) = $0 { true } else { false } })
    }

    @Test func whileCompletingIsIgnored() {
      var machine = throttlingMachine(holding: 2)
      _ = machine.terminalReceived(.completed)
      #expect(matches(machine.valueReceived(3)) { if case .none = $0 { true } else { false } })
    }
  }

  @Suite struct TimerFired {
    @Test func withNothingHeldGoesIdle() {
      var machine = throttlingMachine()
      #expect(matches(machine.timerFired(generation: 1)) { if case .none = $0 { true } else { false } })
      #expect(matches(machine.valueReceived(2)) { if case .sendAndStartTimer(2, 2) = $0 { true } else { false } })
    }

    @Test func staleGenerationIsIgnored() {
      var machine = throttlingMachine(holding: 2)
      #expect(matches(machine.timerFired(generation: 7)) { if case .none = $0 { true } else { false } })
    }

    @Test func whileCompletingSendsTheHeldValueThenCompletes() {
      var machine = throttlingMachine(holding: 2)
      _ = machine.terminalReceived(.completed)
      #expect(
        matches(machine.timerFired(generation: 1)) {
          if case .cancelTimerAndFinish(flushing: 2, failure: nil) = $0 { true } else { false }
        }
      )
      #expect(matches(machine.timerFired(generation: 1)) { if case .none = $0 { true } else { false } })
    }
  }

  @Suite struct TerminalReceived {
    @Test func completionWithAHeldValueWaitsForTheWindow() {
      var machine = throttlingMachine(holding: 2)
      #expect(matches(machine.terminalReceived(.completed)) { if case .none = $0 { true } else { false } })
    }

    @Test func completionWithNothingHeldFinishesAtOnce() {
      var idle = Machine(keepsLatest: true)
      #expect(
        matches(idle.terminalReceived(.completed)) {
          if case .cancelTimerAndFinish(flushing: nil, failure: nil) = $0 { true } else { false }
        }
      )
      var open = throttlingMachine()
      #expect(
        matches(open.terminalReceived(.completed)) {
          if case .cancelTimerAndFinish(flushing: nil, failure: nil) = $0 { true } else { false }
        }
      )
    }

    @Test func failureDropsTheHeldValue() {
      var machine = throttlingMachine(holding: 2)
      #expect(
        matches(machine.terminalReceived(.failed(TimerBoom()))) {
          if case .cancelTimerAndFinish(flushing: nil, failure: TimerBoom()?) = $0 { true } else { false }
        }
      )
    }

    @Test func afterTheEndEverythingIsIgnored() {
      var machine = Machine(keepsLatest: true)
      _ = machine.terminalReceived(.completed)
      #expect(matches(machine.valueReceived(1)) { if case .none = $0 { true } else { false } })
      #expect(matches(machine.terminalReceived(.completed)) { if case .none = $0 { true } else { false } })
      #expect(matches(machine.timerFired(generation: 1)) { if case .none = $0 { true } else { false } })
    }
  }
}
