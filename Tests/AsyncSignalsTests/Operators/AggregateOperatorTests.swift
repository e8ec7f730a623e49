import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct AggregateOperatorTests {
  final class Tally: Sendable {
    let count = Counter()
  }

  @Test(arguments: ConsumptionPath.allCases)
  func reduceSendsOneResultAtCompletion(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 3]).reduce(0, +)) == [.value(6), .completed])
    #expect(await path.events(of: source([]).reduce(10, +)) == [.value(10), .completed])
    let letters = Signal(values: ["a", "b", "a"]).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
    #expect(await path.events(of: letters) == [.value(["a": 2, "b": 1]), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func reduceWithAStartFactoryMakesOneStartPerSubscription(path: ConsumptionPath) async {
    let made = Counter()
    let tallies = source([1, 2]).reduce(
      makeInitial: { () -> Tally in
        made.increment()
        return Tally()
      },
      { tally, _ in tally.count.increment() }
    )
    let first = await path.events(of: tallies).first?.value
    let second = await path.events(of: tallies).first?.value
    #expect(made.value == 2)
    #expect(first?.count.value == 2)
    #expect(second?.count.value == 2)
    #expect(first !== second)
  }

  @Test func reduceSendsNothingBeforeCompletion() {
    let probe = Probe<Int, Boom>()
    let recorder = TestRecorder<Int, Boom>()
    probe.signal.reduce(0, +).subscribe(recorder.observer)
    probe.send(1)
    #expect(recorder.untimedEvents.isEmpty)
    probe.complete()
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func collectSendsOneArray(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 3]).collect()) == [.value([1, 2, 3]), .completed])
    #expect(await path.events(of: source([]).collect()) == [.value([]), .completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).collect()) == [.failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func collectCountSendsFullArraysThenTheRest(path: ConsumptionPath) async {
    let chunks = source([1, 2, 3, 4, 5]).collect(count: 2)
    #expect(await path.events(of: chunks) == [.value([1, 2]), .value([3, 4]), .value([5]), .completed])
    #expect(await path.events(of: source([1, 2]).collect(count: 2)) == [.value([1, 2]), .completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).collect(count: 2)) == [.failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func countCountsTheValues(path: ConsumptionPath) async {
    #expect(await path.events(of: source([4, 5, 6]).count()) == [.value(3), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func anyAnswersAtTheFirstMatchOrAtCompletion(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal(values: 1...).any { $0 > 3 }) == [.value(true), .completed])
    #expect(await path.events(of: source([1, 2]).any { $0 > 3 }) == [.value(false), .completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).any { $0 > 3 }) == [.failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func allAnswersAtTheFirstMismatchOrAtCompletion(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal(values: 1...).all { $0 < 3 }) == [.value(false), .completed])
    #expect(await path.events(of: source([1, 2]).all { $0 < 3 }) == [.value(true), .completed])
    #expect(await path.events(of: source([]).all { $0 < 3 }) == [.value(true), .completed])
  }

  @Test func anyDisposesTheSourceOnceAnswered() {
    let probe = Probe<Int, Boom>()
    let recorder = TestRecorder<Bool, Boom>()
    probe.signal.any { $0 == 2 }.subscribe(recorder.observer)
    probe.send(1)
    #expect(probe.disposals.value == 0)
    probe.send(2)
    #expect(probe.disposals.value == 1)
    #expect(recorder.untimedEvents == [.value(true), .completed])
  }

  // MARK: Async accessors

  @Test func firstReturnsTheFirstValueAndStopsAnInfiniteProducer() async throws {
    #expect(await Signal(values: 1...).first() == 1)
    #expect(await Signal<Int, Never>.empty.first() == nil)
    await #expect(throws: Boom()) { try await source([], then: .failed(Boom())).first() }
  }

  @Test func firstEndsTheSubscription() async throws {
    let probe = Probe<Int, Boom>()
    let task = Task { try await probe.signal.first() }
    await probe.subscribed.wait()
    probe.send(5)
    #expect(try await task.value == 5)
    #expect(probe.disposals.value == 1)
  }

  @Test func lastReturnsTheLastValue() async throws {
    #expect(try await source([1, 2, 3]).last() == 3)
    #expect(try await source([]).last() == nil)
    await #expect(throws: Boom()) { try await source([1], then: .failed(Boom())).last() }
  }

  @Test func arrayReturnsEveryValue() async throws {
    #expect(try await source([1, 2, 3]).array() == [1, 2, 3])
    #expect(await Signal(values: 1...).take(2).array() == [1, 2])
    await #expect(throws: Boom()) { try await source([1], then: .failed(Boom())).array() }
  }

  @Test func waitUntilCompletedReturnsAtCompletionAndThrowsTheFailure() async throws {
    try await source([1, 2]).waitUntilCompleted()
    await #expect(throws: Boom(code: 4)) { try await source([1], then: .failed(Boom(code: 4))).waitUntilCompleted() }
  }

  @Test func accessorsWorkWithAsynchronousBodies() async throws {
    let numbers = Signal<Int, Boom> { observer in
      for value in 1...3 {
        await observer.send(value)
      }
    }
    #expect(try await numbers.first() == 1)
    #expect(try await numbers.last() == 3)
    #expect(try await numbers.array() == [1, 2, 3])
  }
}
