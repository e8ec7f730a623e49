import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct TimeoutTests {
  enum Failure: Error, Equatable {
    case boom
    case tooSlow
  }

  let scheduler = TestScheduler()

  @Test func failsWithTimedOutWhenTheSignalRunsTooLong() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(4)),
        .completed(at: .seconds(10)),
      ] as [Recorded<Int, Failure>]
    )
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    #expect(
      recorder.events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(4)),
        .failed(.timedOut, at: .seconds(5)),
      ]
    )
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(5))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func completionInTimeCancelsTheDeadline() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Failure>]
    )
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    #expect(recorder.events == [.value(1, at: .seconds(1)), .completed(at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func upstreamFailureArrivesAtOnceWrapped() {
    let source = scheduler.makeColdSignal([.failed(.boom, at: .seconds(2))] as [Recorded<Int, Failure>])
    let recorder = scheduler.start { source.signal.timeout(after: .seconds(5), scheduler: scheduler) }
    #expect(recorder.events == [.failed(.upstream(.boom), at: .seconds(2))])
  }

  @Test func raisingKeepsTheFailureType() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Failure>])
    let recorder = scheduler.start {
      source.signal.timeout(after: .seconds(3), raising: .tooSlow, scheduler: scheduler)
    }
    #expect(recorder.events == [.value(1, at: .seconds(1)), .failed(.tooSlow, at: .seconds(3))])
  }

  @Test func disposalCancelsTheDeadline() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Failure>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.timeout(after: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .seconds(1))])
  }

  @Test func composesWithANeverFailingSignal() {
    let recorder = scheduler.start {
      Signal<Int, Never>.never.timeout(after: .seconds(1), scheduler: scheduler)
    }
    #expect(recorder.events == [.failed(.timedOut, at: .seconds(1))])
  }

  @Test func zeroIntervalIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.timeout(after: .zero, scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("timeout(after:scheduler:): interval must be > 0") == true)
  }

  @Test func zeroIntervalWithACustomFailureIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Boom>.never.timeout(after: .zero, raising: Boom(), scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("timeout(after:raising:scheduler:): interval must be > 0") == true)
  }
}
