import AsyncSignalsTesting
import TestSupport
import Testing

@testable import AsyncSignals

/// `debounce(for:scheduler:where:)`, ReactiveCocoa 2's `throttle:valuesPassingTest:`: positive values are
/// debounced here, the others go out at once.
@Suite(.timeLimit(.minutes(1)))
struct SelectiveDebounceTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()

  func debounced<F: Error>(_ source: Signal<Int, F>) -> Signal<Int, F> {
    source.debounce(for: .seconds(3), scheduler: scheduler, where: { $0 > 0 })
  }

  /// The whole timeline: a debounced value waits, an immediate one goes out at once and drops the waiting one,
  /// completion flushes what waits.
  @Test(arguments: ConsumptionPath.allCases)
  func debouncesTheValuesThatPassAndSendsTheOthersAtOnce(path: ConsumptionPath) async {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),  // replaces 1, goes out at 5
        .value(-1, at: .seconds(7)),  // at once
        .value(3, at: .seconds(8)),  // dropped by -2
        .value(-2, at: .seconds(9)),  // at once
        .value(4, at: .seconds(10)),  // flushed by the completion
        .completed(at: .seconds(11)),
      ] as [Recorded<Int, Never>]
    )
    let events = await scheduler.events(of: debounced(source.signal), through: path)
    #expect(
      events == [
        .value(2, at: .seconds(5)),
        .value(-1, at: .seconds(7)),
        .value(-2, at: .seconds(9)),
        .value(4, at: .seconds(11)),
        .completed(at: .seconds(11)),
      ]
    )
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(11))])
  }

  /// RAC: "should drop buffered values when an immediate value arrives", then "nothing weird happens when sending
  /// another throttled value": the dropped value's timer is cancelled, and the next debounced value waits anew.
  @Test func anImmediateValueCancelsTheWaitingValuesTimer() {
    let source = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(debounced(source.signal))
    scheduler.advance(to: .seconds(1))
    source.send(1)
    source.send(2)
    #expect(scheduler.pendingCount == 1)
    source.send(-1)
    #expect(recorder.events == [.value(-1, at: .seconds(1))])
    #expect(scheduler.pendingCount == 0)
    source.send(3)
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.value(-1, at: .seconds(1)), .value(3, at: .seconds(4))])
  }

  @Test func failureDropsTheWaitingValueAndArrivesAtOnce() {
    let source = scheduler.makeColdSignal(
      [.value(1, at: .seconds(1)), .failed(Boom(), at: .seconds(2))] as [Recorded<Int, Boom>]
    )
    let recorder = scheduler.start { debounced(source.signal) }
    #expect(recorder.events == [.failed(Boom(), at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func disposalMidWaitCancelsTheTimer() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Never>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) { debounced(source.signal) }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [])
  }

  @Test func aNegativeIntervalStopsWithAPreconditionNamingTheAPI() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.debounce(for: .seconds(-1), scheduler: TestScheduler(), where: { _ in true })
    }
    #expect(result?.standardErrorText.contains("debounce(for:scheduler:where:): interval must be >= 0") == true)
  }

  /// The predicate sees each value once, as it arrives (RAC checks it is given the latest value).
  @Test func thePredicateSeesEachValueAsItArrives() {
    let seen = Locked<[Int]>([])
    let source = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(
      source.signal.debounce(
        for: .seconds(1),
        scheduler: scheduler,
        where: { value in
          seen.withLock { $0.append(value) }
          return true
        }
      )
    )
    source.send(1)
    source.send(2)
    #expect(seen.withLock { $0 } == [1, 2])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [2])
  }
}

@Suite struct SelectiveDebounceStateMachineTests {
  typealias Machine = SelectiveDebounceStateMachine<Int, SelectiveDebounceTests.Boom>

  static func debounced(_ value: Int) -> DebounceCandidate<Int> { DebounceCandidate(value: value, isDebounced: true) }
  static func immediate(_ value: Int) -> DebounceCandidate<Int> { DebounceCandidate(value: value, isDebounced: false) }

  @Suite struct ValueReceived {
    @Test func aDebouncedValueStartsATimer() {
      var machine = Machine()
      #expect(matches(machine.valueReceived(debounced(1))) { if case .startTimer(1) = $0 { true } else { false } })
    }

    @Test func anImmediateValueWhileIdleGoesOutAtOnce() {
      var machine = Machine()
      #expect(matches(machine.valueReceived(immediate(-1))) { if case .send(-1) = $0 { true } else { false } })
    }

    @Test func anImmediateValueWhileDebouncingDropsTheWaitingValueAndCancelsItsTimer() {
      var machine = Machine()
      _ = machine.valueReceived(debounced(1))
      #expect(
        matches(machine.valueReceived(immediate(-1))) { if case .cancelTimerAndSend(-1) = $0 { true } else { false } }
      )
      #expect(matches(machine.timerFired(generation: 1)) { if case .none = $0 { true } else { false } })
      #expect(
        matches(machine.terminalReceived(.completed)) {
          if case .cancelTimerAndFinish(flushing: nil, failure: nil) = $0 { true } else { false }
        }
      )
    }

    @Test func afterTheEndIsIgnored() {
      var machine = Machine()
      _ = machine.terminalReceived(.completed)
      #expect(matches(machine.valueReceived(immediate(-1))) { if case .none = $0 { true } else { false } })
      #expect(matches(machine.valueReceived(debounced(1))) { if case .none = $0 { true } else { false } })
    }
  }

  @Suite struct TerminalReceived {
    @Test func completionFlushesTheWaitingValue() {
      var machine = Machine()
      _ = machine.valueReceived(debounced(1))
      #expect(
        matches(machine.terminalReceived(.completed)) {
          if case .cancelTimerAndFinish(flushing: 1, failure: nil) = $0 { true } else { false }
        }
      )
    }

    @Test func failureDropsTheWaitingValue() {
      var machine = Machine()
      _ = machine.valueReceived(debounced(1))
      #expect(
        matches(machine.terminalReceived(.failed(.init()))) {
          if case .cancelTimerAndFinish(flushing: nil, failure: _?) = $0 { true } else { false }
        }
      )
    }
  }
}
