import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct DelayTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()

  @Test func shiftsValuesAndCompletionByTheInterval() {
    let source = scheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(1)),
        .value(3, at: .milliseconds(2_500)),
        .completed(at: .seconds(4)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start { source.signal.delay(for: .seconds(2), scheduler: scheduler) }
    #expect(
      recorder.events == [
        .value(1, at: .seconds(3)),
        .value(2, at: .seconds(3)),
        .value(3, at: .milliseconds(4_500)),
        .completed(at: .seconds(6)),
      ]
    )
    // Upstream ended at 4 s; the subscription it belonged to lives on until the delayed completion.
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(4))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func failureArrivesAtOnceAndDropsWaitingValues() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .failed(Boom(), at: .milliseconds(3_500)),
      ] as [Recorded<Int, Boom>]
    )
    let recorder = scheduler.start { source.signal.delay(for: .seconds(2), scheduler: scheduler) }
    #expect(recorder.events == [.value(1, at: .seconds(3)), .failed(Boom(), at: .milliseconds(3_500))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func disposalMidWaitCancelsTheTimer() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start(disposedAt: .milliseconds(2_500)) {
      source.signal.delay(for: .seconds(2), scheduler: scheduler)
    }
    #expect(recorder.events == [])
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
  }
}
