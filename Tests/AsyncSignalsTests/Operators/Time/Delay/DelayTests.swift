import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct DelayTests {
  struct Boom: Error, Equatable {}

  /// Half a second a frame.
  let scheduler = TestScheduler(frame: .milliseconds(500))

  @Test func shiftsValuesAndCompletionByTheInterval() {
    let source = scheduler.makeHotSignal("--(ab)--c--|")
    let recorder = scheduler.start { source.signal.delay(for: .seconds(2), scheduler: scheduler) }
    recorder.expectMarbles("------(ab)--c--|")
    // Upstream ended at 4 s; the subscription it belonged to lives on until the delayed completion.
    source.expectSubscriptions("^-------!")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func failureArrivesAtOnceAndDropsWaitingValues() {
    let source = scheduler.makeColdSignal("--a-b--#", failure: Boom())
    let recorder = scheduler.start { source.signal.delay(for: .seconds(2), scheduler: scheduler) }
    recorder.expectMarbles("------a#", failure: Boom())
    #expect(scheduler.pendingCount == 0)
  }

  @Test func disposalMidWaitCancelsTheTimer() {
    let source = scheduler.makeColdSignal("--a-|")
    let recorder = scheduler.start(disposedAt: .milliseconds(2_500)) {
      source.signal.delay(for: .seconds(2), scheduler: scheduler)
    }
    recorder.expectMarbles("")
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    recorder.expectMarbles("")
    source.expectSubscriptions("^---!")
  }
}
