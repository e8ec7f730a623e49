import Testing

@testable import AsyncSignals

@Suite struct TimeoutStateMachineTests {
  @Suite struct ValueReceived {
    @Test func withAFixedDeadlinePassesTheValue() {
      var machine = TimeoutStateMachine(restartsOnValue: false)
      #expect(machine.valueReceived() == .send)
      #expect(machine.valueReceived() == .send)
      #expect(machine.timerFired(generation: TimeoutStateMachine.firstGeneration) == .timeOut)
    }

    @Test func withAnIdleDeadlineRestartsTheTimer() {
      var machine = TimeoutStateMachine(restartsOnValue: true)
      #expect(machine.valueReceived() == .restartTimerAndSend(generation: 2))
      #expect(machine.valueReceived() == .restartTimerAndSend(generation: 3))
    }

    @Test func afterTheEndIsDropped() {
      var timedOut = TimeoutStateMachine(restartsOnValue: true)
      _ = timedOut.timerFired(generation: 1)
      #expect(timedOut.valueReceived() == .drop)
      var ended = TimeoutStateMachine(restartsOnValue: false)
      _ = ended.terminalReceived()
      #expect(ended.valueReceived() == .drop)
    }
  }

  @Suite struct TimerFired {
    @Test func theCurrentTimerTimesOut() {
      var machine = TimeoutStateMachine(restartsOnValue: true)
      _ = machine.valueReceived()
      #expect(machine.timerFired(generation: 2) == .timeOut)
    }

    @Test func aSupersededTimerIsIgnored() {
      var machine = TimeoutStateMachine(restartsOnValue: true)
      _ = machine.valueReceived()
      #expect(machine.timerFired(generation: 1) == .none)
      #expect(machine.valueReceived() == .restartTimerAndSend(generation: 3))
    }

    @Test func afterTheEndIsIgnored() {
      var machine = TimeoutStateMachine(restartsOnValue: false)
      _ = machine.terminalReceived()
      #expect(machine.timerFired(generation: 1) == .none)
    }
  }

  @Suite struct TerminalReceived {
    @Test func whileRunningCancelsTheTimerAndForwards() {
      var machine = TimeoutStateMachine(restartsOnValue: false)
      #expect(machine.terminalReceived() == .cancelTimerAndForward)
    }

    @Test func afterATimeOutIsIgnored() {
      var machine = TimeoutStateMachine(restartsOnValue: false)
      _ = machine.timerFired(generation: 1)
      #expect(machine.terminalReceived() == .none)
    }
  }
}
