import AsyncSignalsTesting
import TestSupport
import Testing

@testable import AsyncSignals

@Suite struct DebounceTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler(frame: .seconds(1))

  @Test func sendsAValueOnlyAfterAQuietInterval() {
    let source = scheduler.makeHotSignal("-ab---c---|")
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(3), scheduler: scheduler) }
    recorder.expectMarbles("-----b---c|")
    source.expectSubscriptions("^---------!")
  }

  @Test func completionFlushesThePendingValueAtOnce() {
    let source = scheduler.makeColdSignal("-a|")
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(3), scheduler: scheduler) }
    recorder.expectMarbles("--(a|)")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func failureDropsThePendingValueAndArrivesAtOnce() {
    let source = scheduler.makeColdSignal("-a#", failure: Boom())
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(3), scheduler: scheduler) }
    recorder.expectMarbles("--#", failure: Boom())
    source.expectSubscriptions("^-!")
  }

  @Test func disposalMidWaitCancelsThePendingTimer() {
    let source = scheduler.makeColdSignal("-a")
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.debounce(for: .seconds(3), scheduler: scheduler)
    }
    recorder.expectMarbles("")
    source.expectSubscriptions("^-!")
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    recorder.expectMarbles("")
  }
}

extension DebounceTests {
  /// ReactiveCocoa 2's `throttle:` is this debounce: a value goes out only after a quiet interval, and
  /// terminal events are not delayed.
  @Test func racThrottleSemanticsHoldValuesUntilQuietAndPassTerminalEventsAtOnce() {
    let source = scheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .milliseconds(1_500)),
        .value(3, at: .milliseconds(1_900)),
        .value(4, at: .seconds(4)),
        .failed(Boom(), at: .milliseconds(4_500)),
      ] as [Recorded<Int, Boom>]
    )
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(1), scheduler: scheduler) }
    #expect(recorder.events == [.value(3, at: .milliseconds(2_900)), .failed(Boom(), at: .milliseconds(4_500))])
  }
}

@Suite struct DebounceStateMachineTests {
  typealias Machine = DebounceStateMachine<Int, DebounceTests.Boom>

  @Test func valueWhileIdleStartsATimer() {
    var machine = Machine()
    guard case .startTimer(1) = machine.valueReceived(1) else {
      Issue.record("expected startTimer(1)")
      return
    }
  }

  @Test func newerValueSupersedesTheTimer() {
    var machine = Machine()
    _ = machine.valueReceived(1)
    guard case .startTimer(2) = machine.valueReceived(2) else {
      Issue.record("expected startTimer(2)")
      return
    }
    guard case .none = machine.timerFired(generation: 1) else {
      Issue.record("a superseded timer must be ignored")
      return
    }
    guard case .send(2) = machine.timerFired(generation: 2) else {
      Issue.record("expected send(2)")
      return
    }
  }

  @Test func completionFlushesAndFailureDrops() {
    var completing = Machine()
    _ = completing.valueReceived(1)
    guard case .cancelTimerAndFinish(flushing: 1, failure: nil) = completing.terminalReceived(.completed)
    else {
      Issue.record("completion must flush the pending value")
      return
    }
    var failing = Machine()
    _ = failing.valueReceived(1)
    guard case .cancelTimerAndFinish(flushing: nil, failure: _?) = failing.terminalReceived(.failed(.init()))
    else {
      Issue.record("a failure must drop the pending value")
      return
    }
  }

  @Test func nothingHappensAfterTheEnd() {
    var machine = Machine()
    _ = machine.terminalReceived(.completed)
    guard case .none = machine.valueReceived(1), case .none = machine.terminalReceived(.completed),
      case .none = machine.timerFired(generation: 0)
    else {
      Issue.record("a finished machine must ignore every input")
      return
    }
  }
}
