import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Every malformed marble stops the test with a message that names the API, the string and the column: one exit
/// test per message, through the public API that reads the marble.
@Suite struct MarblePreconditionTests {
  /// A call that must stop, and the message it must stop with.
  struct Case: Codable, Sendable, CustomTestStringConvertible {
    /// Which API reads `marbles`: one of the cases of ``call()``.
    var api: String
    var marbles: String
    var message: String

    var testDescription: String { "\(api) \"\(marbles)\"" }

    /// Calls `api` with `marbles`.
    func call() {
      let scheduler = TestScheduler(frame: .seconds(1))
      switch api {
      case "makeColdSignal(_:)": _ = scheduler.makeColdSignal(marbles)
      case "makeColdSignal(_:values:)": _ = scheduler.makeColdSignal(marbles, values: ["a": 1])
      case "makeHotSignal(_:)": _ = scheduler.makeHotSignal(marbles)
      case "makeHotSignal(_:values:)": _ = scheduler.makeHotSignal(marbles, values: ["a": 1])
      case "expectMarbles(_:values:failure:)": scheduler.record(Signal<String, Never>.never).expectMarbles(marbles)
      case "expectMarbles(_:values:failure:for:)":
        scheduler.expectMarbles(marbles, for: [] as [Recorded<String, Never>])
      case "expectSubscriptions(_:)": scheduler.makeColdSignal("-a|").expectSubscriptions(marbles)
      default: Issue.record("unknown API \(api)")
      }
    }
  }

  static let cases = [
    Case(api: "makeColdSignal(_:values:)", marbles: "-a-x|", message: "no value for 'x' in values at column 4"),
    Case(
      api: "makeHotSignal(_:values:)",
      marbles: "-a-#",
      message: "'#' fails, but no failure was given (pass failure:) at column 4"
    ),
    Case(
      api: "makeColdSignal(_:)",
      marbles: "-a|#",
      message: "a second terminal event (the first is at column 3) at column 4"
    ),
    Case(
      api: "makeColdSignal(_:)",
      marbles: "-|a",
      message: "the value 'a' after the terminal event at column 2 at column 3"
    ),
    Case(
      api: "makeColdSignal(_:)",
      marbles: "-^a",
      message: "'^' in a cold source, which has no subscription point at column 2"
    ),
    Case(
      api: "expectMarbles(_:values:failure:)",
      marbles: "^a",
      message: "'^' in an expected history, which starts at time zero at column 1"
    ),
    Case(
      api: "expectMarbles(_:values:failure:for:)",
      marbles: "a||",
      message: "a second terminal event (the first is at column 2) at column 3"
    ),
    Case(api: "makeHotSignal(_:)", marbles: "^-^", message: "a second '^' (the first is at column 1) at column 3"),
    Case(api: "makeHotSignal(_:)", marbles: "(^a)", message: "'^' inside the group opened at column 1 at column 2"),
    Case(
      api: "makeColdSignal(_:)",
      marbles: "a!",
      message: "'!' marks where a subscription ends: it belongs in a subscription marble at column 2"
    ),
    Case(api: "makeColdSignal(_:)", marbles: "-(ab", message: "'(' without ')' at column 2"),
    Case(api: "makeColdSignal(_:)", marbles: "a)", message: "')' without '(' at column 2"),
    Case(
      api: "makeColdSignal(_:)",
      marbles: "(a(b))",
      message: "a group inside the group opened at column 1 at column 3"
    ),
    Case(api: "makeColdSignal(_:)", marbles: "-()", message: "an empty group at column 3"),
    Case(api: "makeColdSignal(_:)", marbles: "(a-b)", message: "'-' inside the group opened at column 1 at column 3"),
    Case(api: "expectSubscriptions(_:)", marbles: "---", message: "no '^' where the subscription starts at column 4"),
    Case(
      api: "expectSubscriptions(_:)",
      marbles: "^-^",
      message: "a second '^' (the first is at column 1): draw each subscription in its own marble at column 3"
    ),
    Case(api: "expectSubscriptions(_:)", marbles: "-!^", message: "'!' before the '^' it would end at column 2"),
    Case(
      api: "expectSubscriptions(_:)",
      marbles: "^!!",
      message: "a second '!' (the first is at column 2) at column 3"
    ),
    Case(
      api: "expectSubscriptions(_:)",
      marbles: "^a!",
      message: "'a' in a subscription marble, which has only '-', '^', '!', '(', ')' and times at column 2"
    ),
  ]

  @Test(arguments: cases)
  func aMalformedMarbleStopsWithItsColumn(_ malformed: Case) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [malformed] in
      malformed.call()
    }
    let expected = "\(malformed.api): \(malformed.message) of \"\(malformed.marbles)\""
    #expect(result?.standardErrorText.contains(expected) == true, "\(result?.standardErrorText ?? "")")
  }

  @Test func theMessageShowsTheStringWithACaretUnderTheColumn() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestScheduler().makeColdSignal("-a-x|", values: ["a": 1])
    }
    #expect(result?.standardErrorText.contains("of \"-a-x|\"\n  -a-x|\n     ^") == true)
  }

  @Test func anUntimedRecorderHasNoMarbles() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestRecorder<String, Never>().marbles()
    }
    #expect(
      result?.standardErrorText.contains(
        "marbles(values:): an untimed recorder (TestRecorder()) has no virtual time to draw"
      ) == true
    )
  }

  @Test func aFrameMustBeLongerThanZero() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestScheduler(frame: .zero)
    }
    #expect(result?.standardErrorText.contains("TestScheduler(frame:): frame must be > 0") == true)
  }
}
