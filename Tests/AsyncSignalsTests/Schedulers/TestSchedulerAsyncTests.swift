import AsyncSignals
import AsyncSignalsTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestSchedulerAsyncTests {
  let scheduler = TestScheduler()

  /// A signal whose `async` body sleeps on `clock` three times, sending after each sleep.
  static func threeSleeps(on clock: TestScheduler) -> Signal<Int, Never> {
    Signal<Int, Never> { observer in
      for step in 1...3 {
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          return
        }
        await observer.send(step)
      }
    }
  }

  @Test func asyncPipelineRunsDeterministicallyStepByStep() {
    let recorder = scheduler.record(Self.threeSleeps(on: scheduler))
    #expect(recorder.events == [])
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.events == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.value(1, at: .seconds(1))])
    scheduler.advance(by: .seconds(2))
    #expect(
      recorder.events == [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(2)),
        .value(3, at: .seconds(3)),
        .completed(at: .seconds(3)),
      ]
    )
    #expect(scheduler.pendingCount == 0)
  }
}
