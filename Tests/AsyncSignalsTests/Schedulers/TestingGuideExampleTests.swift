import AsyncSignals
import AsyncSignalsTesting
import Testing

/// The examples of `Docs/Testing.md`, kept passing here (`.ci/doc-examples` only compiles them); the step-by-step
/// one is `TestSchedulerAsyncTests.asyncPipelineRunsDeterministicallyStepByStep`.
enum ProgressFeature {
  /// Reports download progress every `step` of `clock` time, from an `async` body.
  static func download(step: Duration, clock: some Clock<Duration>) -> Signal<Int, Never> {
    Signal { observer in
      for percent in stride(from: 25, through: 100, by: 25) {
        do {
          try await clock.sleep(for: step)
        } catch {
          return  // cancelled: the subscription is gone
        }
        await observer.send(percent)
      }
    }
  }

  /// At most one progress update per second on screen; give up after 5 seconds.
  static func progressUpdates(
    step: Duration,
    clock: some Clock<Duration>,
    scheduler: some TimedScheduler
  ) -> Signal<Int, TimeoutFailure<Never>> {
    download(step: step, clock: clock)
      .throttle(for: .seconds(1), scheduler: scheduler, latest: true)
      .timeout(after: .seconds(5), scheduler: scheduler)
  }
}

@Suite struct TestingGuideExampleTests {
  let scheduler = TestScheduler()

  @Test func fastDownloadIsThrottledAndCompletes() {
    let recorder = scheduler.start {
      ProgressFeature.progressUpdates(step: .milliseconds(500), clock: scheduler, scheduler: scheduler)
    }
    #expect(
      recorder.events == [
        .value(25, at: .milliseconds(500)),  // the first value opens a 1 s window
        .value(50, at: .milliseconds(1_500)),  // the window closes before 75 arrives (scheduled earlier)
        .value(100, at: .milliseconds(2_500)),  // completion waits for the window to send the held value
        .completed(at: .milliseconds(2_500)),
      ]
    )
    #expect(scheduler.pendingCount == 0)
  }

  @Test func slowDownloadTimesOut() {
    let recorder = scheduler.start {
      ProgressFeature.progressUpdates(step: .seconds(2), clock: scheduler, scheduler: scheduler)
    }
    #expect(
      recorder.events == [
        .value(25, at: .seconds(2)),
        .value(50, at: .seconds(4)),
        .failed(.timedOut, at: .seconds(5)),
      ]
    )
    // The timeout disposed the download: its sleeping Task was cancelled and has finished.
    #expect(scheduler.pendingCount == 0)
  }

  @Test func debounceSendsTheLastValueOfABurstAfterThePause() {
    let keystrokes = scheduler.makeHotSignal(
      [
        .value(1, at: .milliseconds(200)), .value(2, at: .milliseconds(500)), .completed(at: .seconds(3)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.record(keystrokes.signal.debounce(for: .seconds(1), scheduler: scheduler))
    scheduler.run()
    #expect(recorder.events == [.value(2, at: .seconds(1.5)), .completed(at: .seconds(3))])
  }

  @Test func disposalCancelsTheDelayTimer() {
    let source = scheduler.makeColdSignal([.value("ping", at: .seconds(1))] as [Recorded<String, Never>])
    let recorder = scheduler.start(disposedAt: .seconds(2)) {
      source.signal.delay(for: .seconds(5), scheduler: scheduler)  // "ping" would arrive at 6 s
    }
    #expect(scheduler.pendingCount == 0)  // the delay's timer is gone
    scheduler.run()
    #expect(recorder.events == [])  // and nothing fires later
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(2))])
  }
}

/// The search-as-you-type example of `Docs/Testing.md` ("Everything a driven subscription starts runs on the
/// scheduler").
enum SearchFeature {
  /// Looks `query` up; takes 200 ms of `clock` time.
  static func search(_ query: String, clock: some Clock<Duration>) async throws -> [String] {
    try await clock.sleep(for: .milliseconds(200))
    return ["\(query) 1", "\(query) 2"]
  }

  /// The results of the last query typed, once typing paused for 300 ms.
  static func results(
    for queries: Signal<String, Never>,
    clock: some Clock<Duration>,
    scheduler: some TimedScheduler
  ) -> Signal<[String], any Error> {
    queries
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .flatMap(.latest) { query in Signal(operation: { try await search(query, clock: clock) }) }
  }
}

extension TestingGuideExampleTests {
  @Test func searchAsYouTypeRecordsItsResults() {
    let queries = PassthroughSubject<String, Never>()
    let recorder = scheduler.record(SearchFeature.results(for: queries.signal, clock: scheduler, scheduler: scheduler))
    queries.send("swift")
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [["swift 1", "swift 2"]])
    #expect(recorder.events.map(\.time) == [.milliseconds(500)])
    #expect(scheduler.pendingCount == 0)
  }
}
