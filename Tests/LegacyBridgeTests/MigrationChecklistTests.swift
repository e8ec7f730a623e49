import Foundation
import Testing

/// Checks that `Docs/MigratingFromReactiveCocoa.md` has a row, with a Swift name or a reason, for every entry of
/// the ReactiveCocoa 2.x API list (`Docs/Reference/rac-api.md`, copied below so the check runs anywhere), and
/// that every name of the library a row gives is declared in the sources (``PublicAPIIndex``).
@Suite
struct MigrationChecklistTests {
  /// The headers and entries of `rac-api.md`, without repeats within a header.
  static let checklist: [(header: String, entries: [String])] = [
    (
      "RACStream",
      [
        "+empty", "+return:", "-bind:", "-concat:", "-zipWith:", "-setNameWithFormat:", "-flattenMap:", "-flatten",
        "-map:", "-mapReplace:", "-filter:", "-ignore:", "-reduceEach:", "-startWith:", "-skip:", "-take:", "+zip:",
        "+zip:reduce:", "+concat:", "-scanWithStart:reduce:", "-scanWithStart:reduceWithIndex:",
        "-combinePreviousWithStart:reduce:", "-takeUntilBlock:", "-takeWhileBlock:", "-skipUntilBlock:",
        "-skipWhileBlock:", "-distinctUntilChanged",
      ]
    ),
    (
      "RACSignal",
      [
        "+createSignal:", "+error:", "+never", "+startEagerlyWithScheduler:block:", "+startLazilyWithScheduler:block:",
        "+return:", "+empty", "-bind:", "-concat:", "-zipWith:", "-flattenMap:", "-flatten", "-map:", "-mapReplace:",
        "-filter:", "-ignore:", "-reduceEach:", "-startWith:", "-skip:", "-take:", "+zip:", "+zip:reduce:", "+concat:",
        "-scanWithStart:reduce:", "-scanWithStart:reduceWithIndex:", "-combinePreviousWithStart:reduce:",
        "-takeUntilBlock:", "-takeWhileBlock:", "-skipUntilBlock:", "-skipWhileBlock:", "-distinctUntilChanged",
        "-subscribe:", "-subscribeNext:", "-subscribeNext:completed:", "-subscribeNext:error:completed:",
        "-subscribeError:", "-subscribeCompleted:", "-subscribeNext:error:", "-subscribeError:completed:", "-logAll",
        "-logNext", "-logError", "-logCompleted", "-asynchronousFirstOrDefault:success:error:timeout:",
        "-asynchronousFirstOrDefault:success:error:", "-asynchronouslyWaitUntilCompleted:timeout:",
        "-asynchronouslyWaitUntilCompleted:",
      ]
    ),
    (
      "RACSignal+Operations",
      [
        "-doNext:", "-doError:", "-doCompleted:", "-throttle:", "-throttle:valuesPassingTest:", "-delay:", "-repeat",
        "-initially:", "-finally:", "-bufferWithTime:onScheduler:", "-collect", "-takeLast:", "-combineLatestWith:",
        "+combineLatest:", "+combineLatest:reduce:", "-merge:", "+merge:", "-flatten:", "-then:", "-concat",
        "-aggregateWithStart:reduce:", "-aggregateWithStart:reduceWithIndex:", "-aggregateWithStartFactory:reduce:",
        "-setKeyPath:onObject:", "-setKeyPath:onObject:nilValue:", "+interval:onScheduler:",
        "+interval:onScheduler:withLeeway:", "-takeUntil:", "-takeUntilReplacement:", "-catch:", "-catchTo:", "+try:",
        "-try:", "-tryMap:", "-first", "-firstOrDefault:", "-firstOrDefault:success:error:", "-waitUntilCompleted:",
        "+defer:", "-switchToLatest", "+switch:cases:default:", "+if:then:else:", "-toArray", "-publish",
        "-multicast:", "-replay", "-replayLast", "-replayLazily", "-timeout:onScheduler:", "-deliverOn:",
        "-subscribeOn:", "-deliverOnMainThread", "-groupBy:transform:", "-groupBy:", "-any", "-any:", "-all:",
        "-retry:", "-retry", "-sample:", "-ignoreValues", "-materialize", "-dematerialize", "-not", "-and", "-or",
        "-reduceApply",
      ]
    ),
    (
      "RACCommand",
      [
        "-initWithSignalBlock:", "-initWithEnabled:signalBlock:", "-execute:",
      ]
    ),
    (
      "RACMulticastConnection",
      [
        "-connect", "-autoconnect",
      ]
    ),
    (
      "RACSubject",
      [
        "+subject", "-sendNext:",
      ]
    ),
    (
      "RACReplaySubject",
      [
        "+replaySubjectWithCapacity:"
      ]
    ),
    (
      "RACBehaviorSubject",
      [
        "+behaviorSubjectWithDefaultValue:"
      ]
    ),
    (
      "RACScheduler",
      [
        "+immediateScheduler", "+mainThreadScheduler", "+schedulerWithPriority:name:", "+schedulerWithPriority:",
        "+scheduler", "+currentScheduler", "-schedule:", "-after:schedule:", "-afterDelay:schedule:",
        "-after:repeatingEvery:withLeeway:schedule:", "-scheduleRecursiveBlock:",
      ]
    ),
    (
      "RACDisposable",
      [
        "+disposableWithBlock:", "-dispose", "-asScopedDisposable",
      ]
    ),
    (
      "RACCompoundDisposable",
      [
        "+compoundDisposable", "+compoundDisposableWithDisposables:", "-addDisposable:", "-removeDisposable:",
      ]
    ),
    (
      "RACSerialDisposable",
      [
        "+serialDisposableWithDisposable:", "-swapInDisposable:",
      ]
    ),
    (
      "RACScopedDisposable",
      [
        "+scopedDisposableWithDisposable:"
      ]
    ),
    (
      "RACChannel",
      [
        "-init", "-sendNext:",
      ]
    ),
    (
      "RACKVOChannel",
      [
        "-initWithTarget:keyPath:nilValue:", "-init", "-objectForKeyedSubscript:", "-setObject:forKeyedSubscript:",
      ]
    ),
    (
      "NSObject+RACPropertySubscribing",
      [
        "-rac_valuesForKeyPath:observer:", "-rac_valuesAndChangesForKeyPath:options:observer:",
      ]
    ),
    (
      "NSNotificationCenter+RACSupport",
      [
        "-rac_addObserverForName:object:"
      ]
    ),
    (
      "NSObject+RACSelectorSignal",
      [
        "-rac_signalForSelector:", "-rac_signalForSelector:fromProtocol:",
      ]
    ),
    (
      "RACDelegateProxy",
      [
        "-initWithProtocol:", "-signalForSelector:",
      ]
    ),
    (
      "NSURLConnection+RACSupport",
      [
        "+rac_sendAsynchronousRequest:"
      ]
    ),
    (
      "NSObject+RACDeallocating",
      [
        "-rac_willDeallocSignal"
      ]
    ),
    (
      "NSObject+RACLifting",
      [
        "-rac_liftSelector:withSignals:", "-rac_liftSelector:withSignalsFromArray:",
        "-rac_liftSelector:withSignalOfArguments:",
      ]
    ),
    (
      "RACSubscriber",
      [
        "-sendNext:", "-sendError:", "-sendCompleted", "-didSubscribeWithDisposable:",
      ]
    ),
    (
      "RACEvent",
      [
        "+completedEvent", "+eventWithError:", "+eventWithValue:",
      ]
    ),
    (
      "RACTestScheduler",
      [
        "-init", "-step", "-step:", "-stepAll",
      ]
    ),
    (
      "RACSequence",
      [
        "-signal", "-signalWithScheduler:", "-foldLeftWithStart:reduce:", "-foldRightWithStart:reduce:", "-any:",
        "-all:", "-objectPassingTest:", "+sequenceWithHeadBlock:tailBlock:", "+return:", "+empty", "-bind:",
        "-concat:", "-zipWith:", "-flattenMap:", "-flatten", "-map:", "-mapReplace:", "-filter:", "-ignore:",
        "-reduceEach:", "-startWith:", "-skip:", "-take:", "+zip:", "+zip:reduce:", "+concat:",
        "-scanWithStart:reduce:", "-scanWithStart:reduceWithIndex:", "-combinePreviousWithStart:reduce:",
        "-takeUntilBlock:", "-takeWhileBlock:", "-skipUntilBlock:", "-skipWhileBlock:", "-distinctUntilChanged",
      ]
    ),
    (
      "NSUserDefaults+RACSupport",
      [
        "-rac_channelTerminalForKey:"
      ]
    ),
    (
      "NSFileHandle+RACSupport",
      [
        "-rac_readInBackground"
      ]
    ),
    (
      "NSData+RACSupport",
      [
        "+rac_readContentsOfURL:options:scheduler:"
      ]
    ),
    (
      "NSString+RACSupport",
      [
        "+rac_readContentsOfURL:usedEncoding:scheduler:"
      ]
    ),
  ]

  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The migration guide's rows, by section header, as `entry: (swift, notes)`.
  static func guideRows() throws -> [String: [String: (swift: String, notes: String)]] {
    let guide = try String(
      contentsOf: root.appendingPathComponent("Docs/MigratingFromReactiveCocoa.md"),
      encoding: .utf8
    )
    var rows: [String: [String: (swift: String, notes: String)]] = [:]
    var header = ""
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### ") {
        header = String(line.dropFirst(4))
        continue
      }
      guard line.hasPrefix("| `") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 4 else { continue }
      let entry = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      rows[header, default: [:]][entry] = (cells[2], cells[3])
    }
    return rows
  }

  @Test func everyEntryHasASwiftNameOrAReason() throws {
    let rows = try Self.guideRows()
    var missing: [String] = []
    for (header, entries) in Self.checklist {
      for entry in entries {
        guard let row = rows[header]?[entry], !row.swift.isEmpty, !row.notes.isEmpty else {
          missing.append("\(header) \(entry)")
          continue
        }
        if row.swift.hasPrefix("—") && !row.notes.hasPrefix("No counterpart") {
          missing.append("\(header) \(entry): no Swift name and no reason")
        }
      }
    }
    #expect(missing == [])
  }

  /// How a row's notes start when its Swift name is not the library's: the standard library's, or the language's.
  static let notTheLibrary = ["Swift standard library", "The standard library has", "No counterpart needed"]

  /// The text of each `code span` in a table cell.
  static func codeSpans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
  }

  /// Every name of the library a row gives: the code spans of its Swift cell, and in its notes the name a classic
  /// one forwards to ("Forwards to `debounce(for:scheduler:)`").
  static func namedAPIs(of row: (swift: String, notes: String)) -> [String] {
    let forwards = row.notes.components(separatedBy: "Forwards to `").dropFirst().compactMap {
      $0.split(separator: "`", maxSplits: 1).first.map(String.init)
    }
    return codeSpans(row.swift) + forwards
  }

  @Test func everyAPIARowNamesExists() throws {
    let index = try PublicAPIIndex(
      folders: ["AsyncSignals", "LegacyBridge", "AsyncSignalsTesting"].map {
        Self.root.appendingPathComponent("Sources/\($0)")
      }
    )
    let rows = try Self.guideRows()
    var missing: [String] = []
    var unreadable: [String] = []
    var checked = 0
    for (header, _) in Self.checklist {
      for (entry, row) in (rows[header] ?? [:]).sorted(by: { $0.key < $1.key })
      where !Self.notTheLibrary.contains(where: row.notes.hasPrefix) {
        for name in Self.namedAPIs(of: row) {
          guard let reference = APIReference(name) else {
            unreadable.append("\(header) \(entry): `\(name)`")
            continue
          }
          checked += 1
          if !reference.exists(in: index) { missing.append("\(header) \(entry): `\(name)`") }
        }
      }
    }
    #expect(checked >= 250, "so few names checked: the guide's tables or this parser changed")
    #expect(missing == [], "the guide names these, the sources do not declare them")
    #expect(unreadable == [], "write these as a name (`take(while:)`) or a call on one value (`signal.first`)")
  }

  @Test func theCopiedChecklistMatchesTheReference() throws {
    let reference = Self.root.appendingPathComponent("Docs/Reference/rac-api.md")
    let text = try String(contentsOf: reference, encoding: .utf8)
    var parsed: [(header: String, entries: [String])] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("## ") {
        parsed.append((String(line.dropFirst(3)), []))
      } else if line.hasPrefix("- `"), line.hasSuffix("`"), !parsed.isEmpty {
        let entry = String(line.dropFirst(3).dropLast())
        if !parsed[parsed.count - 1].entries.contains(entry) { parsed[parsed.count - 1].entries.append(entry) }
      }
    }
    #expect(parsed.map(\.header) == Self.checklist.map(\.header))
    #expect(parsed.map(\.entries) == Self.checklist.map(\.entries))
  }
}
