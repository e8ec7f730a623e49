import DemoSections
import Foundation
import Testing

/// Runs the demo in-process and checks what it prints: the facts each section is there to show.
///
/// The sections that use real time or other threads (the completion handler, URL requests, the debounce timer) are
/// checked on what holds whatever the timing: which lines appear, and the order the section enforces with
/// handshakes.
@Suite(.timeLimit(.minutes(1)))
struct DemoTests {
  /// Runs the demo with `arguments`; returns its exit status and every line it printed.
  func run(_ arguments: [String]) async -> (status: Int32, lines: [String]) {
    let output = DemoOutput.recording
    let status = await Demo.run(arguments: arguments, output: output)
    return (status, output.lines)
  }

  /// Runs one section and returns the lines below its header and the path of its code.
  func lines(of name: String) async throws -> [String] {
    let section = try #require(Demo.sections.first { $0.name == name })
    let (status, lines) = await run([name])
    #expect(status == 0)
    #expect(Array(lines.prefix(3)) == ["", "== \(section.title) ==", "  (code: \(section.sourcePath))"])
    return Array(lines.dropFirst(3))
  }

  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(arguments: Demo.sections.map(\.name))
  func eachSectionPrintsTheFileThatDefinesIt(name: String) throws {
    let section = try #require(Demo.sections.first { $0.name == name })
    let source = try String(contentsOf: Self.root.appendingPathComponent(section.sourcePath), encoding: .utf8)
    #expect(source.contains("name: \"\(name)\""))
  }

  @Test func helpListsEverySection() async {
    let (status, lines) = await run(["--help"])
    #expect(status == 0)
    #expect(lines.first == "usage: swift run AsyncSignalsDemo [section…]")
    for section in Demo.sections {
      #expect(lines.contains { $0.hasPrefix("  \(section.name) ") && $0.hasSuffix(section.title) })
    }
    #expect(Set(Demo.sections.map(\.name)).count == Demo.sections.count)
  }

  @Test func anUnknownSectionPrintsTheUsageAndFails() async {
    let (status, lines) = await run(["callbacks", "nonsense"])
    #expect(status == 2)
    #expect(lines.first == "unknown section: nonsense")
    #expect(lines.contains("usage: swift run AsyncSignalsDemo [section…]"))
    #expect(!lines.contains { $0.hasPrefix("==") })
  }

  @Test func theFullDemoRunsEverySectionInOrder() async {
    let (status, lines) = await run([])
    #expect(status == 0)
    #expect(lines.filter { $0.hasPrefix("== ") } == Demo.sections.map { "== \($0.title) ==" })
    #expect(!lines.contains { $0.contains(" failed") })
  }

  @Test func callbacksOfEveryStyleArriveThroughOneSubscription() async throws {
    let lines = try await lines(of: "callbacks")
    let arrivals: Set = [
      "    notification: ada logged in",
      "    delegate: chat message \"hi there\"",
      "    target-action: refresh tapped",
      "    completion handler: sunny in Lisbon",
      "    url request: \"hello from 127.0.0.1\"",
    ]
    // The completion handler and the URL request answer from other threads, so only the set is fixed.
    #expect(lines.count == 7)
    #expect(lines.first?.hasPrefix("  one subscription to all five") == true)
    #expect(Set(lines.dropFirst().prefix(5)) == arrivals)
    #expect(lines.last == "  5 events from five sources through one subscriber")
  }

  @Test func theCommandReportsExecutingAroundTheRequestAndPrintsTheResult() async throws {
    #expect(
      try await lines(of: "command") == [
        "  executing: false",
        "  execute(\"Ada\")",
        "  executing: true",
        "  executing: false",
        "  result: hello, Ada!",
        "  requests the server counted: 1",
      ]
    )
  }

  @Test func aSharedRequestIsSentOnceForTwoSubscribers() async throws {
    #expect(
      try await lines(of: "hot") == [
        "  created the request signal; requests so far: 0",
        "  cold, first subscriber: ada's profile",
        "  cold, second subscriber: ada's profile",
        "  requests the server counted: 2 (one per subscription)",
        "  shared, first subscriber: ada's profile",
        "  shared, second subscriber: ada's profile",
        "  requests the server counted after sharing: 3 (one more, not two)",
        "  subject subscriber A got hello",
        "  subject subscriber A got world",
        "  subject subscriber B got world",
        "  (B subscribed late and missed \"hello\")",
      ]
    )
  }

  @Test func observingAPropertySendsTheCurrentValueFirst() async throws {
    #expect(
      try await lines(of: "observe") == [
        "  name is \"Ada\"; subscribing to name.signal",
        "    observed \"Ada\"",
        "  name.value = \"Grace\"",
        "    observed \"Grace\"",
        "  name.modify { $0 += \" Hopper\" }",
        "    observed \"Grace Hopper\"",
        "  disposed, then name.value = \"Barbara\": nothing more observed",
        "  a for await loop starts with the current value too: \"Barbara\"",
      ]
    )
  }

  @Test func observingAMainActorModelSendsTheCurrentValueThenEachChangeAfterItIsStored() async throws {
    #expect(
      try await lines(of: "observing") == [
        "  on the main actor: Signal.observing(model, \\.name).subscribe(…)",
        "    observed \"Ada\"",
        "  subscribe returned (the current value was sent before it did)",
        "  model.name = \"Grace\"",
        "  (read in a later turn of the main actor, after the change was stored)",
        "    observed \"Grace\"",
        "  model.name = \"Grace Hopper\", then \"Barbara\", in one turn",
        "    observed \"Barbara\"",
        "  the model is released",
        "    completed",
      ]
    )
  }

  @Test func virtualTimeShowsTheDebouncedHistoryStepByStep() async throws {
    #expect(
      try await lines(of: "virtual-time") == [
        "  keystrokes \"s\", \"sw\", \"swi\" at 0.1, 0.2, 0.3 s and \"swift\" at 1.5 s, debounced by 0.5 s",
        "  advance(by: 0.7 s) → []  (\"swi\" is due 0.5 s after it was typed)",
        "  advance(by: 0.1 s) → [value(swi) @ 0.8 seconds]",
        "  run()              → [value(swi) @ 0.8 seconds, value(swift) @ 2.0 seconds, completed @ 3.0 seconds]",
        "  the source's subscriptions (from, to): [(0.0 seconds, 3.0 seconds)]",
        "  virtual time now: 3.0 seconds; a test compares the whole history with one #expect",
      ]
    )
  }

  @Test func theMarblesSectionDrawsTheDebounceAndChecksIt() async throws {
    #expect(
      try await lines(of: "marbles") == [
        "  one frame (-) is 100 ms; s = \"s\", w = \"sw\", f = \"swift\"; debounce(for: 300 ms)",
        "  keystrokes  -s-w------f---|",
        "  debounced   ------w------f|   (recorder.marbles)",
        "  subscribed  ^-------------!   (keystrokes.subscriptionMarbles)",
        "  recorder.expectMarbles(\"------w------f|\") → true; in a test, a mismatch draws both timelines",
      ]
    )
  }

  @Test func theLoginCommandIsEnabledByBothFieldsAndExecutesOncePerTap() async throws {
    #expect(
      try await lines(of: "login") == [
        "  both fields empty → submit enabled: false",
        "  tap submit",
        "    → ignored: submit is not enabled",
        "  username \"ada\" → submit enabled: false",
        "  password \"correct horse\" → submit enabled: true",
        "  tap submit",
        "    → welcome, ada",
        "  tap submit",
        "    → welcome, ada",
        "  3 taps: 2 executions, 2 requests on the server",
      ]
    )
  }

  @Test(arguments: [
    (section: "search", result: "  results: ", end: "  completed: the user stopped typing and the last search ended"),
    (
      section: "search-for-await", result: "  for await got results: ",
      end: "  the loop ended: the user stopped typing and the last search ended"
    ),
  ])
  func searchAsYouTypeCancelsTheStaleSearch(section: String, result: String, end: String) async throws {
    let lines = try await lines(of: section)
    // Each burst of keystrokes is sent at once, so the debounce lets through its last term; should a stalled
    // machine let an earlier term through too, that search is cancelled as well, which this allows.
    try expectInOrder(
      lines,
      [
        "  typing \"s\", \"sw\", \"swi\" quickly",
        "    searching \"swi\"…",
        "  typing \"swif\", \"swift\" while the search for \"swi\" waits for the slow backend",
        "    search \"swi\" cancelled: a newer term replaced it",
        "  the user stops typing; the backend answers",
        result + "3 matches for \"swift\": swift, swift-format, swiftui",
        end,
      ]
    )
    #expect(lines.filter { $0.hasPrefix(result) }.count == 1)
    #expect(lines.filter { $0.hasPrefix("    searching") }.last == "    searching \"swift\"…")
    let started = lines.filter { $0.hasPrefix("    searching") }.count
    let cancelled = lines.filter { $0.hasSuffix("cancelled: a newer term replaced it") }.count
    #expect(cancelled == started - 1)
    #expect(lines.last == end)
  }

  /// Expects `expected` to appear in `lines` in this order, with any lines in between.
  func expectInOrder(_ lines: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    var remaining = lines[...]
    for line in expected {
      let index = try #require(
        remaining.firstIndex(of: line),
        "missing, or out of order: \(line)",
        sourceLocation: sourceLocation
      )
      remaining = remaining[(index + 1)...]
    }
  }
}
