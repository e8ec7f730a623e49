import AsyncSignals
import AsyncSignalsTesting
import Testing

/// Where to search: a model type of the app.
///
/// `nonisolated`, so that its `Equatable` conformance is not the main
/// actor's and `distinctUntilChanged()` may compare values on whatever thread delivers them.
nonisolated enum SearchScope: Sendable, Equatable {
  case everything
  case titles
}

/// The search of Docs/Testing.md as the app target writes it: on the main actor, like everything in the target.
enum SearchFeature {
  /// Looks `query` up; takes 200 ms of `clock` time.
  static func search(_ query: String, in scope: SearchScope, clock: TestScheduler) async throws -> [String] {
    try await clock.sleep(for: .milliseconds(200))
    return scope == .titles ? ["\(query) (title)"] : ["\(query) 1", "\(query) 2"]
  }

  /// The results of the last query typed, once typing paused for 300 ms, in the scope chosen last.
  static func results(
    for queries: Signal<String, Never>,
    in scopes: Signal<SearchScope, Never>,
    scheduler: TestScheduler
  ) -> Signal<[String], any Error> {
    Signal.combineLatest(queries.debounce(for: .milliseconds(300), scheduler: scheduler), scopes.distinctUntilChanged())
      .flatMap(.latest) { query, scope in Signal(operation: { try await search(query, in: scope, clock: scheduler) }) }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SearchPipelineTests {
  @Test func theSearchRecordsItsResultsWhenTheTestAwaitsTheDrive() async {
    let scheduler = TestScheduler()
    let queries = PassthroughSubject<String, Never>()
    let scopes = CurrentValueSubject<SearchScope, Never>(.everything)
    let recorder = scheduler.record(SearchFeature.results(for: queries.signal, in: scopes.signal, scheduler: scheduler))
    queries.send("swift")
    await scheduler.advance(by: .seconds(1))
    scopes.send(.everything)  // no change: no new search
    await scheduler.advance(by: .seconds(1))
    scopes.send(.titles)
    await scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [["swift 1", "swift 2"], ["swift (title)"]])
    #expect(recorder.events.map(\.time) == [.milliseconds(500), .milliseconds(2_200)])
    #expect(scheduler.escapedWork == [])
  }

  /// A synchronous test holds the main actor throughout its drive; the drive runs the scheduler's jobs isolated to
  /// it, so the search's hops there go on at once and its results are recorded all the same.
  @Test func theSearchRecordsItsResultsInASynchronousTest() {
    let scheduler = TestScheduler()
    let queries = PassthroughSubject<String, Never>()
    let recorder = scheduler.record(
      SearchFeature.results(for: queries.signal, in: .just(.titles), scheduler: scheduler)
    )
    queries.send("swift")
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [["swift (title)"]])
    #expect(recorder.events.map(\.time) == [.milliseconds(500)])
    #expect(scheduler.escapedWork == [])
  }

  @Test func theSearchAsMarbles() async {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let typed = scheduler.makeHotSignal("s-w------t", values: ["s": "s", "w": "sw", "t": "swift"])
    let results = scheduler.record(
      SearchFeature.results(for: typed.signal, in: .just(.everything), scheduler: scheduler)
    )
    await scheduler.run()
    results.expectMarbles("-------a------b", values: ["a": ["sw 1", "sw 2"], "b": ["swift 1", "swift 2"]])
  }
}
