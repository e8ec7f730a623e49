import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct DelaySubscriptionTests {
  let scheduler = TestScheduler()

  @Test func subscribesAfterTheInterval() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start(subscribedAt: .seconds(1)) {
      source.signal.delaySubscription(for: .seconds(3), scheduler: scheduler)
    }
    #expect(recorder.events == [.value(1, at: .seconds(5)), .completed(at: .seconds(6))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .seconds(4), disposedAt: .seconds(6))])
  }

  @Test func disposingBeforeTheDelayNeverSubscribes() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Never>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.delaySubscription(for: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [])
    #expect(source.subscriptions == [])
  }
}
