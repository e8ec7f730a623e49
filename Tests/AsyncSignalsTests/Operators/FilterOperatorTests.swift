import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct FilterOperatorTests {
  @Test(arguments: ConsumptionPath.allCases)
  func filterKeepsTheIncludedValues(path: ConsumptionPath) async {
    let evens = source([1, 2, 3, 4]).filter { $0.isMultiple(of: 2) }
    #expect(await path.events(of: evens) == [.value(2), .value(4), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func ignoreDropsOneValue(path: ConsumptionPath) async {
    #expect(await path.events(of: source([0, 1, 0, 2]).filter { $0 != 0 }) == [.value(1), .value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func ignoreValuesKeepsOnlyTheTerminalEvent(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2]).ignoreValues()) == [.completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).ignoreValues()) == [.failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func distinctUntilChangedDropsConsecutiveRepeats(path: ConsumptionPath) async {
    let values = source([1, 1, 2, 2, 1])
    #expect(await path.events(of: values.distinctUntilChanged()) == [.value(1), .value(2), .value(1), .completed])
    let byTens = source([10, 12, 25, 21, 11]).distinctUntilChanged { $0 / 10 == $1 / 10 }
    #expect(await path.events(of: byTens) == [.value(10), .value(25), .value(11), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func skipDropsTheFirstValues(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 3]).skip(2)) == [.value(3), .completed])
    #expect(await path.events(of: source([1, 2, 3]).skip(0)) == [.value(1), .value(2), .value(3), .completed])
    #expect(await path.events(of: source([1], then: .failed(Boom())).skip(5)) == [.failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeLastSendsTheLastValuesAtCompletion(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 3, 4]).take(last: 2)) == [.value(3), .value(4), .completed])
    #expect(await path.events(of: source([1]).take(last: 3)) == [.value(1), .completed])
    #expect(await path.events(of: source([1, 2]).take(last: 0)) == [.completed])
    #expect(await path.events(of: source([1, 2], then: .failed(Boom())).take(last: 1)) == [.failed(Boom())])
  }

  @Test func takeLastSendsNothingBeforeCompletion() {
    let probe = Probe<Int, Boom>()
    let recorder = TestRecorder<Int, Boom>()
    probe.signal.take(last: 1).subscribe(recorder.observer)
    probe.send(1)
    probe.send(2)
    #expect(recorder.untimedEvents.isEmpty)
    probe.complete()
    #expect(recorder.untimedEvents == [.value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeWhileStopsBeforeTheFirstFailingValue(path: ConsumptionPath) async {
    #expect(await path.events(of: source([1, 2, 5, 1]).take(while: { $0 < 3 })) == [.value(1), .value(2), .completed])
    #expect(await path.events(of: source([5]).take(while: { $0 < 3 })) == [.completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilPredicateIncludesTheLastValue(path: ConsumptionPath) async {
    let values = source([1, 2, 5, 1]).take(until: { $0 >= 2 })
    #expect(await path.events(of: values) == [.value(1), .value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeWhileAndUntilStopAnInfiniteProducer(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal(values: 1...).take(while: { $0 < 3 })) == [.value(1), .value(2), .completed])
    #expect(await path.events(of: Signal(values: 1...).take(until: { $0 == 2 })) == [.value(1), .value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func skipWhileAndUntilDropTheLeadingValues(path: ConsumptionPath) async {
    let values = source([1, 2, 5, 1])
    #expect(await path.events(of: values.skip(while: { $0 < 3 })) == [.value(5), .value(1), .completed])
    #expect(await path.events(of: values.skip(until: { $0 >= 2 })) == [.value(2), .value(5), .value(1), .completed])
  }

  @Test func skipWhileStopsAskingOnceAValueGotThrough() {
    let asked = Counter()
    let recorder = TestRecorder<Int, Never>()
    Signal(values: [1, 5, 1, 1]).skip(while: { asked.increment() > 0 && $0 < 3 }).subscribe(recorder.observer)
    #expect(recorder.values == [5, 1, 1])
    #expect(asked.value == 2)
  }
}
