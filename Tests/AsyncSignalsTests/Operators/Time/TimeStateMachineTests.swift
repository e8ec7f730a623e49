import Testing

@testable import AsyncSignals

struct TimerBoom: Error, Equatable {}

/// Returns whether `value` matches the pattern checked by `matches`; keeps the state machine tests one line each.
private func matches<Action>(_ action: Action, _ check: (Action) -> Bool) -> Bool {
  check(action)
}

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

@Suite struct CollectEveryStateMachineTests {
  typealias Machine = CollectEveryStateMachine<Int, TimerBoom>

  @Test func firstValueOpensAWindowAndTheTimerSendsItsValues() {
    var machine = Machine()
    #expect(matches(machine.valueReceived(1)) { if case .startTimer(1) = $0 { true } else { false } })
    #expect(matches(machine.valueReceived(2)) { if case .none = $0 { true } else { false } })
    #expect(matches(machine.timerFired(generation: 1)) { if case .send([1, 2]) = $0 { true } else { false } })
    #expect(matches(machine.timerFired(generation: 1)) { if case .none = $0 { true } else { false } })
  }

  @Test func completionFlushesAndFailureDrops() {
    var completing = Machine()
    _ = completing.valueReceived(1)
    #expect(
      matches(completing.terminalReceived(.completed)) {
        if case .cancelTimerAndFinish(flushing: [1], failure: nil) = $0 { true } else { false }
      }
    )
    var failing = Machine()
    _ = failing.valueReceived(1)
    #expect(
      matches(failing.terminalReceived(.failed(TimerBoom()))) {
        if case .cancelTimerAndFinish(flushing: nil, failure: TimerBoom()?) = $0 { true } else { false }
      }
    )
  }
}

@Suite struct ObserveOnStateMachineTests {
  typealias Machine = ObserveOnStateMachine<Int, TimerBoom>

  @Test func oneDrainAtATimeDeliversInOrderThenGoesIdle() {
    var machine = Machine()
    #expect(matches(machine.eventReceived(.value(1))) { if case .scheduleDrain(1) = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(2))) { if case .none = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .deliver(.value(1)) = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .deliver(.value(2)) = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(3))) { if case .scheduleDrain(2) = $0 { true } else { false } })
  }

  @Test func terminalEventEndsDelivery() {
    var machine = Machine()
    _ = machine.eventReceived(.failed(TimerBoom()))
    #expect(matches(machine.nextEvent()) { if case .deliver(.failed) = $0 { true } else { false } })
    #expect(matches(machine.eventReceived(.value(1))) { if case .none = $0 { true } else { false } })
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
  }

  @Test func disposalDropsWhatIsQueued() {
    var machine = Machine()
    _ = machine.eventReceived(.value(1))
    _ = machine.eventReceived(.value(2))
    #expect(machine.disposed().count == 2)
    #expect(matches(machine.nextEvent()) { if case .stop = $0 { true } else { false } })
  }
}

@Suite struct ScheduledSlotTests {
  @Test func newerGenerationReplacesAndCancelsTheOlder() {
    let slot = ScheduledSlot()
    let first = ActionDisposable()
    let second = ActionDisposable()
    slot.store(first, generation: 1)
    slot.store(second, generation: 2)
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
  }

  @Test func lateOlderGenerationIsDisposedInsteadOfStored() {
    let slot = ScheduledSlot()
    let newer = ActionDisposable()
    let late = ActionDisposable()
    slot.store(newer, generation: 2)
    slot.store(late, generation: 1)
    #expect(late.isDisposed)
    #expect(!newer.isDisposed)
    slot.dispose()
    #expect(newer.isDisposed)
  }

  @Test func afterDisposalEverythingStoredIsDisposed() {
    let slot = ScheduledSlot()
    slot.dispose()
    let later = ActionDisposable()
    slot.store(later, generation: 5)
    #expect(later.isDisposed)
    #expect(slot.isDisposed)
  }
}
