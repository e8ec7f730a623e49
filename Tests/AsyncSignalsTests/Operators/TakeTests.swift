import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// The rules of `take(_:)`.
@Suite(.timeLimit(.minutes(1)))
struct TakeTests {
  @Test(arguments: ConsumptionPath.allCases)
  func takeCompletesOnTheNthValue(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 3, 4]).take(2)) == [.value(1), .value(2), .completed])
    #expect(await path.events(of: source([1]).take(2)) == [.value(1), .completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).take(2)) == [.value(1), .failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeStopsASynchronousInfiniteProducer(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal(values: 1...).take(3)) == [.value(1), .value(2), .value(3), .completed])
  }

  @Test func takeDisposesTheSourceAtTheNthValue() {
    let probe = Probe<Int, Boom>()
    let recorder = TestRecorder<Int, Boom>()
    probe.signal.take(2).subscribe(recorder.observer)
    probe.send(1)
    #expect(probe.disposals.value == 0)
    probe.send(2)
    #expect(probe.disposals.value == 1)
    probe.send(3)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
  }

  @Test func takeDisposesTheSourceEvenWhenStartedWithoutASubscriberThatDisposes() {
    // `start(_:in:)` is how operators such as merge subscribe inner signals: nothing downstream disposes.
    let probe = Probe<Int, Boom>()
    let recorder = TestRecorder<Int, Boom>()
    let lifetime = Lifetime()
    probe.signal.take(1).start(recorder.observer, in: lifetime)
    probe.send(1)
    #expect(recorder.untimedEvents == [.value(1), .completed])
    #expect(lifetime.isDisposed)
    #expect(probe.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeZeroCompletesAtOnceWithoutSubscribing(path: ConsumptionPath) async {
    let probe = Probe<Int, Boom>()
    #expect(await path.events(of: probe.signal.take(0)) == [.completed])
    #expect(probe.subscriptions.value == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeCountsPerSubscription(path: ConsumptionPath) async {
    let firstTwo = Signal(values: 1...).take(2)
    #expect(await path.events(of: firstTwo) == [.value(1), .value(2), .completed])
    #expect(await path.events(of: firstTwo) == [.value(1), .value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func consumerEndingEarlyDisposesTheSource(path: ConsumptionPath) async {
    let probe = Probe<Int, Boom>()
    let signal = probe.signal.take(5)
    let task = Task { await path.values(of: signal, prefix: 1) }
    await probe.subscribed.wait()
    probe.send(7)
    #expect(await task.value == [7])
    #expect(probe.disposals.value == 1)
  }

  @Test func negativeCountsStopWithAPreconditionNamingTheAPI() async {
    let take = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.take(-1)
    }
    #expect(take?.standardErrorText.contains("take(_:): count must be >= 0, got -1") == true)
    let skip = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.skip(-1)
    }
    #expect(skip?.standardErrorText.contains("skip(_:): count must be >= 0, got -1") == true)
    let takeLast = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.take(last: -1)
    }
    #expect(takeLast?.standardErrorText.contains("take(last:): count must be >= 0, got -1") == true)
    let collect = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.collect(count: 0)
    }
    #expect(collect?.standardErrorText.contains("collect(count:): count must be >= 1, got 0") == true)
  }
}
