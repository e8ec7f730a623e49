import AsyncSignals
import AsyncSignalsTesting
import Testing

/// The test helpers RxTest and ReactiveSwift users expect (issue 18): scripted sources that show their script,
/// `start(createdAt:subscribedAt:disposedAt:)`, and test actions that need not be `Sendable`.
@Suite struct TestHelperTests {
  let scheduler = TestScheduler()

  @Test func aTestSignalShowsItsScriptAndItsSubscriptions() {
    let script: [Recorded<String, Never>] = [.value("a", at: .seconds(1)), .completed(at: .seconds(2))]
    let cold = scheduler.makeColdSignal(script)
    let hot = scheduler.makeHotSignal(script)
    #expect(cold.script == script)
    #expect(!cold.isHot)
    #expect(hot.script == script)
    #expect(hot.isHot)
    let recorder = scheduler.start(subscribedAt: .milliseconds(500), disposedAt: .seconds(5)) { cold.signal }
    #expect(recorder.events == [.value("a", at: .milliseconds(1_500)), .completed(at: .milliseconds(2_500))])
    #expect(
      cold.subscriptions == [TestSubscription(subscribedAt: .milliseconds(500), disposedAt: .milliseconds(2_500))]
    )
    #expect(hot.subscriptions == [])
  }

  @Test func startCreatesSubscribesAndDisposesAtTheGivenTimes() {
    var createdAt: SchedulerInstant?
    let recorder = scheduler.start(createdAt: .seconds(1), subscribedAt: .seconds(2), disposedAt: .seconds(10)) {
      createdAt = scheduler.now
      return Signal<Int, Never>.interval(every: .seconds(3), scheduler: scheduler)
    }
    #expect(createdAt == SchedulerInstant(offset: .seconds(1)))
    #expect(recorder.events == [.value(0, at: .seconds(5)), .value(1, at: .seconds(8))])
    #expect(recorder.isDisposed)
    #expect(scheduler.now == SchedulerInstant(offset: .seconds(10)))
    #expect(scheduler.pendingCount == 0)
  }

  /// RxTest's pattern: make a hot source when the test says, subscribe later, and check what the late
  /// subscriber missed.
  @Test func aSourceCreatedLaterPlaysOnlyWhatComesAfterTheSubscription() {
    var source: TestSignal<Int, Never>?
    let recorder = scheduler.start(createdAt: .zero, subscribedAt: .seconds(2), disposedAt: .seconds(4)) {
      let made = scheduler.makeHotSignal(
        [.value(1, at: .seconds(1)), .value(3, at: .seconds(3))] as [Recorded<Int, Never>]
      )
      source = made
      return made.signal
    }
    #expect(recorder.events == [.value(3, at: .seconds(3))])
    #expect(source?.subscriptions == [TestSubscription(subscribedAt: .seconds(2), disposedAt: .seconds(4))])
  }

  struct FetchError: Error, Equatable {}

  /// The example of `Docs/Testing.md`: an input of a pipeline that can fail, made with `Signal(values:)`.
  @Test func retryResubscribesAfterAFailure() {
    let flaky = Signal.concat(Signal<Int, FetchError>(values: [1, 2]), .failure(FetchError()))
    let recorder = scheduler.record(flaky.retry(1))
    #expect(
      recorder.events == [
        .value(1, at: .zero), .value(2, at: .zero), .value(1, at: .zero), .value(2, at: .zero),
        .failed(FetchError(), at: .zero),
      ]
    )
  }

  @Test func aTestActionNeedNotBeSendable() {
    var log: [String] = []  // local, mutable, not Sendable-checked
    let taps = PassthroughSubject<String, Never>()
    let recorder = scheduler.record(taps.signal.debounce(for: .milliseconds(300), scheduler: scheduler))
    scheduler.perform(at: .seconds(1)) {
      log.append("tap at \(scheduler.now.offset)")
      taps.send("first")
    }
    scheduler.perform(at: .milliseconds(1_100)) { taps.send("second") }
    scheduler.perform(at: .seconds(1)) { log.append("second action at the same time") }
    scheduler.advance(by: .seconds(2))
    #expect(log == ["tap at 1.0 seconds", "second action at the same time"])
    #expect(recorder.events == [.value("second", at: .milliseconds(1_400))])
  }

  @Test func aCancelledTestActionDoesNotRun() {
    var ran = false
    let action = scheduler.perform(at: .seconds(1)) { ran = true }
    action.dispose()
    scheduler.advance(by: .seconds(2))
    #expect(!ran)
  }

  @MainActor @Test func aTestActionOnTheMainActorRunsThere() {
    let model = MainActorModel()
    scheduler.perform(at: .seconds(1)) { model.count += 1 }  // main-actor state, no hop, no `Sendable`
    scheduler.advance(by: .seconds(1))
    #expect(model.count == 1)
  }

  @MainActor final class MainActorModel {
    var count = 0
  }

  @Test func aTestActionThatComesDueInAnotherTaskIsAPrecondition() async {
    await #expect(processExitsWith: .failure) {
      let scheduler = TestScheduler()
      scheduler.perform(at: .zero) {}
      await Task { scheduler.advance() }.value
    }
  }
}
