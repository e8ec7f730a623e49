import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// `flatMap(.first)` / `flatten(.first)`: outer values are ignored while an inner runs (Rx `flatMapFirst`).
@Suite(.timeLimit(.minutes(1)))
struct FlatMapFirstTests {
  let scheduler = TestScheduler()

  /// Taps at 1 s, 1.5 s, 2 s (during the first request), 4 s (after it), then the end at 10 s.
  func taps() -> TestSignal<Int, Never> {
    scheduler.makeHotSignal([
      .value(1, at: .seconds(1)),
      .value(2, at: .milliseconds(1_500)),
      .value(3, at: .seconds(2)),
      .value(4, at: .seconds(4)),
      .completed(at: .seconds(10)),
    ])
  }

  /// A request that answers `tap * 10` two seconds after it was subscribed.
  func request(_ tap: Int) -> Signal<Int, Never> {
    scheduler.makeColdSignal([.value(tap * 10, at: .seconds(2)), .completed(at: .seconds(2))]).signal
  }

  @Test(arguments: ConsumptionPath.allCases)
  func valuesWhileAnInnerRunsAreIgnored(path: ConsumptionPath) async {
    let requested = Locked<[Int]>([])
    let transformed = Counter()
    let submissions = taps().signal.flatMap(.first) { [self] tap in
      transformed.increment()  // called for every tap, unlike Rx's selector…
      return request(tap).on(started: { requested.withLock { $0.append(tap) } })  // …but subscribed for two
    }
    let events = await scheduler.events(of: submissions, through: path)
    #expect(events == [.value(10, at: .seconds(3)), .value(40, at: .seconds(6)), .completed(at: .seconds(10))])
    #expect(requested.withLock { $0 } == [1, 4])
    #expect(transformed.value == 4)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func theResultCompletesWhenTheOuterAndTheRunningInnerCompleted(path: ConsumptionPath) async {
    let outer = scheduler.makeHotSignal(
      [.value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .completed(at: .seconds(2))] as [Recorded<Int, Never>]
    )
    let events = await scheduler.events(of: outer.signal.flatMap(.first) { request($0) }, through: path)
    #expect(events == [.value(10, at: .seconds(3)), .completed(at: .seconds(3))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func anInnerFailureFailsTheResult(path: ConsumptionPath) async {
    let outer = scheduler.makeHotSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Boom>])
    let failing = scheduler.makeColdSignal([.failed(Boom(code: 7), at: .seconds(1))] as [Recorded<Int, Boom>])
    let events = await scheduler.events(of: outer.signal.flatMap(.first) { _ in failing.signal }, through: path)
    #expect(events == [.failed(Boom(code: 7), at: .seconds(2))])
    #expect(outer.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
  }

  @Test func flattenFirstOfSynchronousInnersRunsEachInTurn() {
    let recorder = TestRecorder<Int, Never>()
    Signal(values: [Signal(values: [1, 2]), Signal(values: [3])]).flatten(.first).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .value(3), .completed])
  }
}
