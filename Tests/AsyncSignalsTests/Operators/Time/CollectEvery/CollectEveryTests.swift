import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct CollectEveryTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler(frame: .seconds(1))

  @Test func collectsOneArrayPerWindowStartedByItsFirstValue() {
    let source = scheduler.makeHotSignal("-abc---d-e|")
    let recorder = scheduler.start { source.signal.collect(every: .seconds(3), scheduler: scheduler) }
    recorder.expectMarbles("----x-----(y|)", values: ["x": ["a", "b", "c"], "y": ["d", "e"]])
  }

  @Test func completionFlushesWhatIsCollected() {
    let source = scheduler.makeColdSignal("-a|")
    let recorder = scheduler.start { source.signal.collect(every: .seconds(3), scheduler: scheduler) }
    recorder.expectMarbles("--(x|)", values: ["x": ["a"]])
  }

  @Test func failureArrivesAtOnceAndDropsWhatIsCollected() {
    let source = scheduler.makeColdSignal("-a#", failure: Boom())
    let recorder = scheduler.start { source.signal.collect(every: .seconds(3), scheduler: scheduler) }
    recorder.expectMarbles("--#", failure: Boom())
    #expect(scheduler.pendingCount == 0)
  }

  @Test func disposalMidWindowCancelsTheTimer() {
    let source = scheduler.makeColdSignal("-a")
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.collect(every: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    recorder.expectMarbles("")
  }
}
