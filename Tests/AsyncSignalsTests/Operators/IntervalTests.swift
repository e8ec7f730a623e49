import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite struct IntervalTests {
  let scheduler = TestScheduler()

  @Test func ticksEveryIntervalUntilDisposed() {
    let recorder = scheduler.start(subscribedAt: .seconds(1), disposedAt: .milliseconds(4_500)) {
      Signal<Int, Never>.interval(every: .seconds(1), scheduler: scheduler)
    }
    #expect(
      recorder.events == [
        .value(0, at: .seconds(2)),
        .value(1, at: .seconds(3)),
        .value(2, at: .seconds(4)),
      ]
    )
    #expect(scheduler.pendingCount == 0)
  }

  @Test func eachSubscriptionCountsFromZero() {
    let ticks = Signal<Int, Never>.interval(every: .seconds(1), scheduler: scheduler)
    let first = scheduler.record(ticks)
    scheduler.advance(by: .seconds(2))
    let second = scheduler.record(ticks)
    scheduler.advance(by: .seconds(1))
    first.dispose()
    second.dispose()
    #expect(first.values == [0, 1, 2])
    #expect(second.events == [.value(0, at: .seconds(3))])
  }

  @Test func timerSendsZeroOnceThenCompletes() {
    let recorder = scheduler.start { Signal<Int, Never>.timer(after: .seconds(3), scheduler: scheduler) }
    #expect(recorder.events == [.value(0, at: .seconds(3)), .completed(at: .seconds(3))])
  }

  @Test func disposingBeforeTheTimerFiresCancelsIt() {
    let recorder = scheduler.start(disposedAt: .seconds(1)) {
      Signal<Int, Never>.timer(after: .seconds(3), scheduler: scheduler)
    }
    #expect(scheduler.pendingCount == 0)
    #expect(recorder.events == [])
  }

  @Test func zeroIntervalIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.interval(every: .zero, scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("interval(every:scheduler:): interval must be > 0") == true)
  }

  @Test func negativeTimerDelayIsAPrecondition() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.timer(after: .seconds(-1), scheduler: TestScheduler())
    }
    #expect(result?.standardErrorText.contains("timer(after:scheduler:): delay must be >= 0") == true)
  }
}
