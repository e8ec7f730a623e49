import AsyncSignals
import TestSupport
import Testing

/// `combineLatest` and `zip`, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct CombineLatestZipTests {
  let a = Probe<Int, Boom>()
  let b = Probe<Int, Boom>()
  let c = Probe<Int, Boom>()

  /// Runs `signal` through `path` in a Task and returns once `probe` has been subscribed.
  func start(
    _ signal: Signal<String, Boom>,
    on path: ConsumptionPath,
    awaiting probe: Probe<Int, Boom>
  ) async -> Task<[Event<String, Boom>], Never> {
    let task = Task { await path.events(of: signal) }
    await probe.subscribed.wait()
    return task
  }

  // MARK: combineLatest

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestWaitsForEverySourceThenSendsOnEachValue(path: ConsumptionPath) async {
    let task = await start(Signal.combineLatest(a.signal, b.signal).map { "\($0)\($1)" }, on: path, awaiting: b)
    a.send(1)
    a.send(2)
    b.send(5)
    a.send(3)
    b.send(6)
    a.complete()
    b.send(7)
    b.complete()
    #expect(await task.value == [.value("25"), .value("35"), .value("36"), .value("37"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestCompletesWhenEverySourceCompleted(path: ConsumptionPath) async {
    let task = await start(Signal.combineLatest(a.signal, b.signal) { "\($0)\($1)" }, on: path, awaiting: b)
    a.send(1)
    a.complete()
    b.send(2)
    #expect(b.disposals.value == 0)
    b.complete()
    #expect(await task.value == [.value("12"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestCompletesAtOnceWhenASourceCompletesWithoutAValue(path: ConsumptionPath) async {
    let task = await start(Signal.combineLatest(a.signal, b.signal) { "\($0)\($1)" }, on: path, awaiting: b)
    b.send(1)
    a.complete()
    #expect(await task.value == [.completed])
    #expect(b.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestFailsImmediatelyAndDisposesTheOthers(path: ConsumptionPath) async {
    let task = await start(
      Signal.combineLatest(a.signal, b.signal, c.signal).map { "\($0)\($1)\($2)" },
      on: path,
      awaiting: c
    )
    a.send(1)
    b.send(2)
    c.send(3)
    b.fail(Boom(code: 4))
    #expect(await task.value == [.value("123"), .failed(Boom(code: 4))])
    #expect(a.disposals.value == 1)
    #expect(c.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestOfThreeWithATransformCombinesTheLatestOfEach(path: ConsumptionPath) async {
    let task = await start(
      Signal.combineLatest(a.signal, b.signal, c.signal) { "\($0)\($1)\($2)" },
      on: path,
      awaiting: c
    )
    a.send(1)
    b.send(2)
    c.send(3)
    a.send(4)
    c.send(5)
    a.complete()
    b.complete()
    c.complete()
    #expect(await task.value == [.value("123"), .value("423"), .value("425"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestOfOneSourceSendsOneElementArraysAndOfNoneCompletes(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal.combineLatest([source([1, 2])])) == [.value([1]), .value([2]), .completed])
    #expect(await path.events(of: Signal<[Int], Boom>.combineLatest([Signal<Int, Boom>]())) == [.completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestOfACollectionKeepsTheCollectionsOrder(path: ConsumptionPath) async {
    let combined = Signal.combineLatest([source([1]), source([2, 3]), source([4])]) { $0.map(String.init).joined() }
    #expect(await path.events(of: combined) == [.value("134"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func combineLatestOfASignalWithItselfSendsTheIntermediateCombination(path: ConsumptionPath) async {
    let numbers = source([1, 2])
    let combined: Signal<String, Boom> = numbers.combineLatest(with: numbers).map { "\($0)\($1)" }
    // The first subscription runs to its end (keeping 2) before the second one starts.
    #expect(await path.events(of: combined) == [.value("21"), .value("22"), .completed])
  }

  // MARK: zip

  @Test(arguments: ConsumptionPath.allCases)
  func zipPairsInOrderAndCompletesWhenNoFurtherPairIsPossible(path: ConsumptionPath) async {
    let task = await start(Signal.zip(a.signal, b.signal).map { "\($0)\($1)" }, on: path, awaiting: b)
    a.send(1)
    a.send(2)
    a.send(3)
    b.send(5)
    b.complete()
    #expect(await task.value == [.value("15"), .completed])
    #expect(a.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zipWaitsForTheBufferedValuesOfACompletedSource(path: ConsumptionPath) async {
    let task = await start(Signal.zip(a.signal, b.signal) { "\($0)\($1)" }, on: path, awaiting: b)
    a.send(1)
    a.send(2)
    a.complete()
    b.send(5)
    #expect(b.disposals.value == 0)
    b.send(6)
    #expect(await task.value == [.value("15"), .value("26"), .completed])
    #expect(b.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zipOfThreeWithATransformCombinesEachPosition(path: ConsumptionPath) async {
    let task = await start(Signal.zip(a.signal, b.signal, c.signal) { "\($0)\($1)\($2)" }, on: path, awaiting: c)
    a.send(1)
    a.send(2)
    b.send(3)
    c.send(5)
    b.send(4)
    a.complete()
    #expect(c.disposals.value == 0)
    c.send(6)
    #expect(await task.value == [.value("135"), .value("246"), .completed])
    #expect(b.disposals.value == 1)
    #expect(c.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zipTruncatesToTheShortestAndFails(path: ConsumptionPath) async {
    let three: Signal<String, Boom> = Signal.zip(source([1, 2, 3]), source([4, 5]), source([6, 7, 8])).map {
      "\($0)\($1)\($2)"
    }
    #expect(await path.events(of: three) == [.value("146"), .value("257"), .completed])
    let failing = Signal.zip(source([1, 2]), source([3], then: .failed(Boom()))) { "\($0)\($1)" }
    #expect(await path.events(of: failing) == [.value("13"), .failed(Boom())])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func zipOfACollectionOfOneOrNoSource(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal.zip([source([1, 2])])) == [.value([1]), .value([2]), .completed])
    #expect(await path.events(of: Signal<[Int], Boom>.zip([Signal<Int, Boom>]())) == [.completed])
    let summed: Signal<String, Boom> = source([1, 2]).zip(with: source([10, 20])).map { "\($0 + $1)" }
    #expect(await path.events(of: summed) == [.value("11"), .value("22"), .completed])
  }
}
