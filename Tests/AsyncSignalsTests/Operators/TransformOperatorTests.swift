import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TransformOperatorTests {
  struct User: Sendable {
    var name: String
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mapTransformsEachValue(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2]).map { $0 * 10 }) == [.value(10), .value(20), .completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).map { $0 * 10 }) == [.value(10), .failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mapReadsAKeyPath(path: ConsumptionPath) async {
    let users = Signal<User, Never> { observer, _ in
      observer.send(User(name: "ada"))
      observer.complete()
    }
    #expect(await path.events(of: users.map(\.name)) == [.value("ada"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mapToAConstantReplacesEachValue(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2]).map(to: "tap")) == [.value("tap"), .value("tap"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func compactMapDropsNilResults(path: ConsumptionPath) async {
    let parsed = Signal(values: ["1", "x", "3"]).compactMap { Int($0) }
    #expect(await path.events(of: parsed) == [.value(1), .value(3), .completed])
    #expect(await path.events(of: Signal(values: [1, nil, 3]).skipNil()) == [.value(1), .value(3), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func reduceEachSpreadsTuples(path: ConsumptionPath) async {
    let pairs = Signal(values: [(1, "a"), (2, "b")]).mapElements { number, letter in "\(letter)\(number)" }
    #expect(await path.events(of: pairs) == [.value("a1"), .value("b2"), .completed])
    let triples = Signal(values: [(1, 2, 3)]).mapElements { $0 + $1 + $2 }
    #expect(await path.events(of: triples) == [.value(6), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func scanSendsEachPartialResult(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 3]).scan(0, +)) == [.value(1), .value(3), .value(6), .completed])
    let indexed = source([10, 20, 30]).scan("") { partial, value, index in partial + "\(index):\(value) " }
    #expect(
      await path.events(of: indexed) == [.value("0:10 "), .value("0:10 1:20 "), .value("0:10 1:20 2:30 "), .completed]
    )
    let appended = source([1, 2]).scan(into: [Int]()) { $0.append($1) }
    #expect(await path.events(of: appended) == [.value([1]), .value([1, 2]), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func scanRestartsForEachSubscription(path: ConsumptionPath) async {
    let sums = source([1, 2]).scan(0, +)
    #expect(await path.events(of: sums) == [.value(1), .value(3), .completed])
    #expect(await path.events(of: sums) == [.value(1), .value(3), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combinePreviousPairsEachValueWithThePreviousOne(path: ConsumptionPath) async {
    let withStart = await path.events(of: source([1, 2]).combinePrevious(0).map { "\($0.previous)>\($0.current)" })
    #expect(withStart == [.value("0>1"), .value("1>2"), .completed])
    let withoutStart = await path.events(
      of: source([1, 2, 3]).combinePrevious().map { "\($0.previous)>\($0.current)" }
    )
    #expect(withoutStart == [.value("1>2"), .value("2>3"), .completed])
    #expect(await path.events(of: source([1]).combinePrevious().map { "\($0.previous)>\($0.current)" }) == [.completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func prependSendsItsValuesBeforeSubscribing(path: ConsumptionPath) async {
    #expect(await path.events(of: source([3]).prepend(1, 2)) == [.value(1), .value(2), .value(3), .completed])
    let fromSequence = source([], then: .failed(Boom())).prepend(contentsOf: [1])
    #expect(await path.events(of: fromSequence) == [.value(1), .failed(Boom())])
  }

  @Test func prependStopsWhenTheSubscriptionEndsAndNeverSubscribesThen() {
    let probe = Probe<Int, Boom>()
    let recorder = TestRecorder<Int, Boom>()
    probe.signal.prepend(1, 2, 3).take(2).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
    #expect(probe.subscriptions.value == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func materializeTurnsEveryEventIntoAValue(path: ConsumptionPath) async {
    let failing = await path.events(of: source([1], then: .failed(Boom())).materialize())
    #expect(failing == [.value(.value(1)), .value(.failed(Boom())), .completed])
    let completing = await path.events(of: source([]).materialize())
    #expect(completing == [.value(.completed), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func dematerializeSendsTheCarriedEventsAndStopsAtTheFirstTerminal(path: ConsumptionPath) async {
    let events = Signal<Event<Int, Boom>, Never>(values: [.value(1), .failed(Boom()), .value(2), .completed])
    #expect(await path.events(of: events.dematerialize()) == [.value(1), .failed(Boom())])
    let unterminated = Signal<Event<Int, Boom>, Never>(values: [.value(1)])
    #expect(await path.events(of: unterminated.dematerialize()) == [.value(1), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases, [Event<Int, Boom>.completed, .failed(Boom(code: 3))])
  func materializeThenDematerializeRoundTrips(path: ConsumptionPath, terminal: Event<Int, Boom>) async {
    let original = source([1, 2], then: terminal)
    #expect(await path.events(of: original.materialize().dematerialize()) == [.value(1), .value(2), terminal])
  }

  @Test func dematerializeEndsTheSubscriptionAtTheCarriedTerminal() {
    let probe = Probe<Event<Int, Boom>, Never>()
    let recorder = TestRecorder<Int, Boom>()
    probe.signal.dematerialize().subscribe(recorder.observer)
    probe.send(.completed)
    probe.send(.value(9))
    #expect(recorder.untimedEvents == [.completed])
    #expect(probe.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func boolAlgebra(path: ConsumptionPath) async {
    #expect(
      await path.events(of: Signal(values: [true, false]).negated()) == [.value(false), .value(true), .completed]
    )
    let lists = Signal(values: [[true, true], [true, false], []])
    #expect(await path.events(of: lists.allTrue()) == [.value(true), .value(false), .value(true), .completed])
    #expect(await path.events(of: lists.anyTrue()) == [.value(true), .value(true), .value(false), .completed])
    let pairs = Signal(values: [(true, true), (false, true), (false, false)])
    #expect(await path.events(of: pairs.allTrue()) == [.value(true), .value(false), .value(false), .completed])
    #expect(await path.events(of: pairs.anyTrue()) == [.value(true), .value(true), .value(false), .completed])
    let triples = Signal(values: [(true, true, true), (false, false, true)])
    #expect(await path.events(of: triples.allTrue()) == [.value(true), .value(false), .completed])
    #expect(await path.events(of: triples.anyTrue()) == [.value(true), .value(true), .completed])
  }
}
