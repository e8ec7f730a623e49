import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge

/// Search-as-you-type: `debounce`, then `flatMap(.latest)` of a retried search against the local server, consumed two
/// ways.
enum SearchSections {
  static let all = [searchWithCallbacks, searchWithForAwait]

  static let searchWithCallbacks = DemoSection(
    name: "search",
    title: "Search as you type: debounce, then flatMap(.latest) cancels stale searches"
  ) { out in
    let scenario = try SearchScenario(out: out)
    defer { scenario.stop() }
    let (ended, end) = AsyncStream<Void>.makeStream()
    let subscription = scenario.results.subscribe(
      isolation: nil,
      value: { out.print("  results: \($0)") },
      failed: { failure in
        out.print("  search failed: \(failure)")
        end.finish()
      },
      completed: {
        out.print("  completed: the user stopped typing and the last search ended")
        end.finish()
      }
    )
    for await _ in ended {}
    subscription.dispose()
  }

  static let searchWithForAwait = DemoSection(
    name: "search-for-await",
    title: "The same search pipeline consumed with for await"
  ) { out in
    let scenario = try SearchScenario(out: out)
    defer { scenario.stop() }
    for try await results in scenario.results {
      out.print("  for await got results: \(results)")
    }
    out.print("  the loop ended: the user stopped typing and the last search ended")
  }
}

/// One run of search-as-you-type: a user who types, a slow backend, and the pipeline between them.
///
/// The user types in two bursts. Each burst is sent at once, so `debounce` lets only its last term through: "swi",
/// then "swift". The backend is slow: it answers only once the user has stopped typing, so the search for "swi" is
/// still waiting when "swift" arrives, and `flatMap(.latest)` cancels it. Every step waits for the previous one
/// through `progress`, not for a duration; only the debounce interval is real time. Subscribe to ``results`` once
/// per scenario: the progress reports and the backend's answer belong to one run.
final class SearchScenario: Sendable {
  /// What happened to a search.
  enum Progress: Sendable {
    case started(String)
    case ended(String)
  }

  private let backend: DemoServer
  /// Times the debounce and the waits between retries.
  private let scheduler = ClockScheduler(clock: ContinuousClock())
  private let out: DemoOutput
  /// Opens when the slow backend answers.
  private let backendAnswers = Gate()
  private let progress: AsyncStream<Progress>
  private let reportProgress: AsyncStream<Progress>.Continuation

  init(out: DemoOutput) throws {
    backend = try DemoServer(maxConnections: 1)
    self.out = out
    (progress, reportProgress) = AsyncStream<Progress>.makeStream()
  }

  /// The search field's text as the user types it, once the signal is subscribed.
  var keystrokes: Signal<String, Never> {
    Signal { observer, lifetime in
      lifetime.task { await self.type(into: observer) }
    }
  }

  /// The search results for what the user typed: the pipeline of this scenario.
  ///
  /// A search that fails (the backend is down, a connection drops) is retried twice, after 100 ms and 200 ms; a
  /// newer term still cancels it, waits included.
  var results: Signal<String, URLRequestError> {
    keystrokes
      .debounce(for: .milliseconds(40), scheduler: scheduler)
      .promoteError(URLRequestError.self)
      .flatMap(.latest) { term in
        self.search(term).retry(upTo: 2, delay: .exponential(initial: .milliseconds(100)), scheduler: self.scheduler)
      }
  }

  /// A search for `term` on the slow backend: it waits until the backend answers, then GETs `/search?q=term`.
  func search(_ term: String) -> Signal<String, URLRequestError> {
    let endings = CoreSections.RunCounter()
    return Signal<Void, URLRequestError>(operation: { await self.backendAnswers.wait() })
      .flatMap(.concat) { _ in self.backend.text("/search", ["q": term]) }
      .on(
        started: {
          self.out.print("    searching \"\(term)\"…")
          self.reportProgress.yield(.started(term))
        },
        terminated: { _ = endings.next() },
        disposed: {
          if endings.value == 0 { self.out.print("    search \"\(term)\" cancelled: a newer term replaced it") }
          self.reportProgress.yield(.ended(term))
        }
      )
  }

  /// Stops the server if the scenario ended early.
  func stop() {
    backend.stop()
  }

  /// The user's typing, and the backend answering once it is over.
  private func type(into observer: Observer<String, Never>) async {
    var searches = RunningSearches(progress: progress.makeAsyncIterator())
    out.print("  typing \"s\", \"sw\", \"swi\" quickly")
    for text in ["s", "sw", "swi"] { observer.send(text) }
    await searches.waitUntilOnlySearch(for: "swi")
    out.print("  typing \"swif\", \"swift\" while the search for \"swi\" waits for the slow backend")
    for text in ["swif", "swift"] { observer.send(text) }
    await searches.waitUntilOnlySearch(for: "swift")
    out.print("  the user stops typing; the backend answers")
    backendAnswers.open()
    observer.complete()
  }
}

/// The searches that have started and not ended yet, followed through the scenario's progress reports.
private struct RunningSearches {
  var progress: AsyncStream<SearchScenario.Progress>.Iterator
  var running: Set<String> = []

  /// Returns once the search for `term` runs and every other search has ended.
  mutating func waitUntilOnlySearch(for term: String) async {
    while running != [term], let next = await progress.next() {
      switch next {
      case .started(let searched): running.insert(searched)
      case .ended(let searched): running.remove(searched)
      }
    }
  }
}
