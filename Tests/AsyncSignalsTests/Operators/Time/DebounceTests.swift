import AsyncSignals
import AsyncSignalsTesting
import Testing

@Suite struct DebounceTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()

  @Test func sendsAValueOnlyAfterAQuietInterval() {
    let source = scheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(6)),
        .completed(at: .seconds(10)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(3), scheduler: scheduler) }
    #expect(
      recorder.events == [
        .value(2, at: .seconds(5)),
        .value(3, at: .seconds(9)),
        .completed(at: .seconds(10)),
      ]
    )
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(10))])
  }

  @Test func completionFlushesThePendingValueAtOnce() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(3), scheduler: scheduler) }
    #expect(recorder.events == [.value(1, at: .seconds(2)), .completed(at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func failureDropsThePendingValueAndArrivesAtOnce() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .failed(Boom(), at: .seconds(2)),
      ] as [Recorded<Int, Boom>]
    )
    let recorder = scheduler.start { source.signal.debounce(for: .seconds(3), scheduler: scheduler) }
    #expect(recorder.events == [.failed(Boom(), at: .seconds(2))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
  }

  @Test func disposalMidWaitCancelsThePendingTimer() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Never>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.debounce(for: .seconds(3), scheduler: scheduler)
    }
    #expect(recorder.events == [])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [])
  }
}
