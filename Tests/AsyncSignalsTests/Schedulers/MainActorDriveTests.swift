import AsyncSignals
import AsyncSignalsTesting
import Testing

/// The search of `Docs/Testing.md` as an Xcode 26 app target makes it: isolated to the main actor, so its work hops
/// there from the scheduler's Tasks (issue 35).
@MainActor private enum MainActorSearch {
  static var searches = 0

  /// Looks `query` up on the main actor; takes 200 ms of `clock` time.
  static func search(_ query: String, clock: TestScheduler) async throws -> [String] {
    searches += 1
    try await clock.sleep(for: .milliseconds(200))
    return ["\(query) 1", "\(query) 2"]
  }

  /// A body that takes a value from the main actor, sends it, sleeps a second of `scheduler` time and does it
  /// again.
  nonisolated static func hopsThereAndBack(scheduler: TestScheduler) -> Signal<Int, Never> {
    Signal<Int, Never> { observer in
      let first = await MainActor.run { 1 }
      await observer.send(first)
      try? await scheduler.sleep(for: .seconds(1))
      let second = await MainActor.run { 2 }
      await observer.send(second)
    }
  }

  /// A tally kept on the main actor.
  @MainActor final class Tally {
    var count = 0
  }

  /// A body that starts a main-actor Task through its lifetime: it counts on `tally` (main-actor state), sleeps a
  /// second of `scheduler` time and sends the count.
  ///
  /// The Task's closure is a local of explicit type: written inline (`lifetime.task { @MainActor in … }`), the
  /// Swift 6.3.1 compiler stops with "pattern that the region-based isolation checker does not understand".
  nonisolated static func lifetimeTask(tally: Tally, scheduler: TestScheduler) -> Signal<Int, Never> {
    Signal<Int, Never> { observer, lifetime in
      let work: @MainActor @Sendable () async -> Void = {
        tally.count += 1
        let seen = tally.count
        try? await scheduler.sleep(for: .seconds(1))
        observer.send(seen)
        observer.complete()
      }
      lifetime.task(work)
    }
  }

  static func results(for queries: Signal<String, Never>, scheduler: TestScheduler) -> Signal<[String], any Error> {
    queries
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .flatMap(.latest) { query in Signal(operation: { try await search(query, clock: scheduler) }) }
  }
}

/// The `async` drive (`await scheduler.advance(by:)`, `advance(to:)`, `run()`) lets main-actor work run between
/// its steps, so a `@MainActor` test of a pipeline that hops to the main actor records its values at the virtual
/// times they were sent, with nothing reported as escaped.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct MainActorDriveTests {
  @Test func aMainActorSearchRecordsItsResultsWhenTheTestAwaitsTheDrive() async {
    let scheduler = TestScheduler()
    let queries = PassthroughSubject<String, Never>()
    let recorder = scheduler.record(MainActorSearch.results(for: queries.signal, scheduler: scheduler))
    queries.send("swift")
    await scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [["swift 1", "swift 2"]])
    #expect(recorder.events.map(\.time) == [.milliseconds(500)])  // 300 ms of debounce, 200 ms of search
    #expect(scheduler.escapedWork == [])
    #expect(scheduler.time == .seconds(1))
  }

  @Test func marblesOfAMainActorSearchMatchWithTheAsyncDrive() async {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let typed = scheduler.makeHotSignal("s-w------t", values: ["s": "s", "w": "sw", "t": "swift"])
    let recorder = scheduler.record(MainActorSearch.results(for: typed.signal, scheduler: scheduler))
    await scheduler.advance(to: .seconds(2))
    recorder.expectMarbles("-------a------b", values: ["a": ["sw 1", "sw 2"], "b": ["swift 1", "swift 2"]])
    #expect(scheduler.escapedWork == [])
  }

  @Test func runDrainsWorkThatTheMainActorBringsBack() async {
    let scheduler = TestScheduler()
    let recorder = scheduler.record(MainActorSearch.hopsThereAndBack(scheduler: scheduler))
    await scheduler.run()
    #expect(recorder.events == [.value(1, at: .zero), .value(2, at: .seconds(1)), .completed(at: .seconds(1))])
    #expect(scheduler.escapedWork == [])
  }

  @Test func theSynchronousDriveOnTheMainActorRunsTheHopsToIt() {
    let scheduler = TestScheduler()
    let before = MainActorSearch.searches
    let queries = PassthroughSubject<String, Never>()
    let recorder = scheduler.record(MainActorSearch.results(for: queries.signal, scheduler: scheduler))
    queries.send("swift")
    scheduler.advance(by: .seconds(1))
    // The drive holds the main actor, so the scheduler's jobs run isolated to it and the search's hop to the main
    // actor goes on at once (before, it waited behind this test and the history stayed empty).
    #expect(recorder.values == [["swift 1", "swift 2"]])
    #expect(recorder.events.map(\.time) == [.milliseconds(500)])
    #expect(MainActorSearch.searches == before + 1)
    #expect(scheduler.escapedWork == [])
  }

  @Test func theSynchronousDriveOnTheMainActorRunsABodyThatHopsThereAndBack() {
    let scheduler = TestScheduler()
    let recorder = scheduler.record(MainActorSearch.hopsThereAndBack(scheduler: scheduler))
    scheduler.run()
    #expect(recorder.events == [.value(1, at: .zero), .value(2, at: .seconds(1)), .completed(at: .seconds(1))])
    #expect(scheduler.escapedWork == [])
  }

  @Test func aMainActorTaskOfTheSubscriptionRunsInTheSynchronousDrive() {
    let scheduler = TestScheduler()
    let tally = MainActorSearch.Tally()
    let recorder = scheduler.record(MainActorSearch.lifetimeTask(tally: tally, scheduler: scheduler))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(1, at: .seconds(1)), .completed(at: .seconds(1))])
    #expect(tally.count == 1)
    #expect(scheduler.escapedWork == [])
  }

  @Test func aMainActorTaskOfTheSubscriptionRunsInTheAsyncDrive() async {
    let scheduler = TestScheduler()
    let tally = MainActorSearch.Tally()
    let recorder = scheduler.record(MainActorSearch.lifetimeTask(tally: tally, scheduler: scheduler))
    await scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(1, at: .seconds(1)), .completed(at: .seconds(1))])
    #expect(tally.count == 1)
    #expect(scheduler.escapedWork == [])
  }
}

/// The same drive from a test on no actor: it settles the main actor by hopping through it.
@Suite(.timeLimit(.minutes(1)))
struct NonisolatedDriveTests {
  @Test func aMainActorSearchRecordsItsResultsWhenATestOnNoActorAwaitsTheDrive() async {
    let scheduler = TestScheduler()
    let queries = PassthroughSubject<String, Never>()
    let recorder = await scheduler.record(MainActorSearch.results(for: queries.signal, scheduler: scheduler))
    queries.send("swift")
    await scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [["swift 1", "swift 2"]])
    #expect(recorder.events.map(\.time) == [.milliseconds(500)])
    #expect(scheduler.escapedWork == [])
  }
}
