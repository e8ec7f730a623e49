import Testing

@testable import AsyncSignals

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
