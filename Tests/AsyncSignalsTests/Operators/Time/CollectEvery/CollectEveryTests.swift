import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct CollectEveryTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()

  @Test func collectsOneArrayPerWindowStartedByItsFirstValue() {
    let source = scheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .value(4, at: .seconds(7)),
        .value(5, at: .seconds(9)),
        .completed(at: .seconds(10)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start { source.signal.collect(every: .seconds(3), scheduler: scheduler) }
    #expect(
      recorder.events == [
        .value([1, 2, 3], at: .seconds(4)),
        .value([4, 5], at: .seconds(10)),
        .completed(at: .seconds(10)),
      ]
    )
  }

  @Test func completionFlushesWhatIsCollected() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start { source.signal.collect(every: .seconds(3), scheduler: scheduler) }
    #expect(recorder.events == [.value([1], at: .seconds(2)), .completed(at: .seconds(2))])
  }

  @Test func failureArrivesAtOnceAndDropsWhatIsCollected() {
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .failed(Boom(), at: .seconds(2)),
      ] as [Recorded<Int, Boom>]
    )
    let recorder = scheduler.start { source.signal.collect(every: .seconds(3), scheduler: scheduler) }
    #expect(recorder.events == [.failed(Boom(), at: .seconds(2))])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func disposalMidWindowCancelsTheTimer() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Never>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.collect(every: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [])
  }
}
