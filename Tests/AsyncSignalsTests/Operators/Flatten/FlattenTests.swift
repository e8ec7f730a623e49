import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// `flatten(_:)`, `flatMap(_:_:)` and `switchToLatest()` with each strategy, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct FlattenTests {
  typealias Inner = Signal<Int, Boom>
  let outer = Probe<Inner, Boom>()
  let a = Probe<Int, Boom>()
  let b = Probe<Int, Boom>()

  /// Runs `signal` through `path` in a Task and returns once the outer probe has been subscribed.
  func start(_ signal: Inner, on path: ConsumptionPath) async -> Task<[Event<Int, Boom>], Never> {
    let task = Task { await path.events(of: signal) }
    await outer.subscribed.wait()
    return task
  }

  // MARK: .merge

  @Test(arguments: ConsumptionPath.allCases)
  func mergeInterleavesAndCompletesAfterTheOuterAndEveryInner(path: ConsumptionPath) async {
    let task = await start(outer.signal.flatten(.merge), on: path)
    outer.send(a.signal)
    outer.send(b.signal)
    a.send(1)
    b.send(2)
    a.send(3)
    a.complete()
    outer.complete()
    b.send(4)
    #expect(a.disposals.value == 1)
    #expect(b.disposals.value == 0)
    b.complete()
    #expect(await task.value == [.value(1), .value(2), .value(3), .value(4), .completed])
    #expect(outer.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func anInnerFailureFailsTheResultAndDisposesTheOuterAndTheOtherInners(path: ConsumptionPath) async {
    let task = await start(outer.signal.flatten(.merge), on: path)
    outer.send(a.signal)
    outer.send(b.signal)
    a.send(1)
    b.fail(Boom(code: 2))
    a.send(3)
    #expect(await task.value == [.value(1), .failed(Boom(code: 2))])
    #expect(a.disposals.value == 1)
    #expect(outer.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func anOuterFailureFailsTheResultAndDisposesEveryInner(path: ConsumptionPath) async {
    let task = await start(outer.signal.flatten(.merge), on: path)
    outer.send(a.signal)
    a.send(1)
    outer.fail(Boom(code: 7))
    #expect(await task.value == [.value(1), .failed(Boom(code: 7))])
    #expect(a.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func disposingTheResultDisposesTheOuterAndEveryInner(path: ConsumptionPath) async {
    let innersRunning = Gate()
    Task { [outer, a, b] in
      await outer.subscribed.wait()
      outer.send(a.signal)
      outer.send(b.signal)
      innersRunning.open()
    }
    await path.subscribeThenEnd(outer.signal.flatten(.merge), once: innersRunning)
    #expect(outer.disposals.value == 1)
    #expect(a.disposals.value == 1)
    #expect(b.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func finishedInnersAreReleasedFromTheSubscriptionAtOnce(path: ConsumptionPath) async {
    let innerLifetime = WeakReference<Lifetime>()
    let task = await start(outer.signal.flatten(.merge), on: path)
    outer.send(
      Signal { observer, lifetime in
        innerLifetime.object = lifetime
        observer.send(1)
        observer.complete()
      }
    )
    // The outer is still running, so only the inner's own end can have released its lifetime.
    #expect(innerLifetime.object == nil)
    outer.complete()
    #expect(await task.value == [.value(1), .completed])
  }

  // MARK: .concat

  @Test(arguments: ConsumptionPath.allCases)
  func concatSubscribesTheNextInnerOnlyAfterThePreviousCompleted(path: ConsumptionPath) async {
    let task = await start(outer.signal.flatten(.concat), on: path)
    outer.send(a.signal)
    outer.send(b.signal)
    a.send(1)
    #expect(b.subscriptions.value == 0)
    a.complete()
    #expect(b.subscriptions.value == 1)
    b.send(2)
    outer.complete()
    b.complete()
    #expect(await task.value == [.value(1), .value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func concatOf100000SynchronousInnersDoesNotGrowTheStack(path: ConsumptionPath) async {
    let count = 100_000
    let events = await path.events(of: Signal(values: 0..<count).flatMap(.concat) { Signal.just($0) })
    #expect(events.count == count + 1)
    #expect(events.dropLast().last == .value(count - 1))
    #expect(events.last == .completed)
  }

  // MARK: .latest

  @Test(arguments: ConsumptionPath.allCases)
  func latestDisposesThePreviousInnerBeforeSubscribingTheNext(path: ConsumptionPath) async {
    let disposalsOfAAtSubscriptionOfB = Locked<Int?>(nil)
    let next = Signal<Int, Boom> { [a, b] observer, lifetime in
      disposalsOfAAtSubscriptionOfB.withLock { $0 = a.disposals.value }
      b.signal.start(observer, in: lifetime)
    }
    let task = await start(outer.signal.flatten(.latest), on: path)
    outer.send(a.signal)
    a.send(1)
    outer.send(next)
    #expect(disposalsOfAAtSubscriptionOfB.withLock { $0 } == 1)
    a.send(2)
    b.send(3)
    outer.complete()
    b.send(4)
    b.complete()
    #expect(await task.value == [.value(1), .value(3), .value(4), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func switchToLatestIsTheLatestStrategy(path: ConsumptionPath) async {
    let task = await start(outer.signal.switchToLatest(), on: path)
    outer.send(a.signal)
    outer.send(b.signal)
    a.send(1)
    b.send(2)
    b.complete()
    outer.complete()
    #expect(await task.value == [.value(2), .completed])
    #expect(a.disposals.value == 1)
  }

  // MARK: .concurrent(limit:)

  @Test(arguments: ConsumptionPath.allCases)
  func concurrentNeverRunsMoreThanItsLimit(path: ConsumptionPath) async {
    let gauge = Locked((running: 0, most: 0))
    let probes = (0..<5).map { _ in Probe<Int, Boom>() }
    let counted = probes.map { probe in
      Signal<Int, Boom> { observer, lifetime in
        gauge.withLock {
          $0.running += 1
          $0.most = max($0.most, $0.running)
        }
        lifetime.onDispose { gauge.withLock { $0.running -= 1 } }
        probe.signal.start(observer, in: lifetime)
      }
    }
    let task = await start(outer.signal.flatten(.concurrent(limit: 2)), on: path)
    for signal in counted { outer.send(signal) }
    outer.complete()
    #expect(probes.map(\.subscriptions.value) == [1, 1, 0, 0, 0])
    probes[1].send(1)
    probes[1].complete()
    #expect(probes.map(\.subscriptions.value) == [1, 1, 1, 0, 0])
    probes[0].complete()
    probes[2].complete()
    #expect(probes.map(\.subscriptions.value) == [1, 1, 1, 1, 1])
    probes[4].send(4)
    probes[3].complete()
    probes[4].complete()
    #expect(await task.value == [.value(1), .value(4), .completed])
    #expect(gauge.withLock { $0.most } == 2)
    #expect(gauge.withLock { $0.running } == 0)
  }

  @Test func concurrentLimitMustBePositive() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = FlattenStrategy.concurrent(limit: 0)
    }
    #expect(result?.standardErrorText.contains("concurrent(limit:): limit must be >= 1, got 0") == true)
  }

  @Test func strategiesDescribeThemselvesAsWrittenInCode() {
    #expect(
      [FlattenStrategy.merge, .concat, .latest, .first, .concurrent(limit: 3)].map(\.description)
        == [".merge", ".concat", ".latest", ".first", ".concurrent(limit: 3)"]
    )
  }

  // MARK: flatMap

  @Test(arguments: ConsumptionPath.allCases)
  func flatMapMapsEachValueToAnInnerSignal(path: ConsumptionPath) async {
    let events = await path.events(of: source([1, 2, 3]).flatMap(.merge) { source([$0, $0 * 10]) })
    #expect(events == [.value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func flatMapFromANeverFailingSignalTakesTheInnerFailure(path: ConsumptionPath) async {
    let results = Signal<Int, Never>(values: [1, 2, 3]).flatMap(.concat) { value in
      value == 3 ? source([], then: .failed(Boom(code: 3))) : source([value * 10])
    }
    #expect(await path.events(of: results) == [.value(10), .value(20), .failed(Boom(code: 3))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func flatMapBetweenNeverFailingSignalsStillPicksTheGeneralOverload(path: ConsumptionPath) async {
    let neverFailing = Signal(values: [1, 2]).flatMap(.merge) { Signal<Int, Never>.just($0) }
    let inferredInner = Signal<Int, Never>(values: [3]).flatMap(.latest) { .just($0 * 2) }
    let inferredOuter = Signal.just(4).flatMap(.concat) { source([$0]) }  // the outer fails with Boom, as before
    #expect(await path.events(of: neverFailing) == [.value(1), .value(2), .completed])
    #expect(await path.events(of: inferredInner) == [.value(6), .completed])
    #expect(await path.events(of: inferredOuter) == [.value(4), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func anEmptyOuterCompletesAtOnce(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal<Inner, Boom>.empty.flatten(.latest)) == [.completed])
    #expect(await path.events(of: Signal<Inner, Boom>.empty.flatten(.merge)) == [.completed])
  }

  // MARK: Inner signals drawn as marbles

  @Test func mergeInterleavesInnersDrawnAsMarbles() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let outer = scheduler.makeColdSignal("-a-b---|", inner: ["a": "x---y|", "b": "p--q|"])
    let recorder = scheduler.record(outer.signal.flatMap(.merge) { $0 })
    scheduler.run()
    recorder.expectMarbles("-x-p-yq|")  // each inner plays from when it arrives; the end waits for the last one
  }

  @Test func concatSubscribesTheNextInnerDrawnAsMarblesWhenThePreviousEnds() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let first = scheduler.makeColdSignal("x-y|")
    let second = scheduler.makeColdSignal("z|")
    let outer = scheduler.makeColdSignal("-ab---|", values: ["a": first.signal, "b": second.signal])
    let recorder = scheduler.record(outer.signal.flatten(.concat))
    scheduler.run()
    recorder.expectMarbles("-x-yz-|")
    first.expectSubscriptions("-^--!")
    second.expectSubscriptions("----^!")  // b arrived at frame 2, but waited for a to end
  }

  @Test func switchToLatestDisposesTheOlderInnerDrawnAsMarblesWhenANewerOneArrives() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let outer = scheduler.makeColdSignal("-a-b-c|", inner: ["a": "x--y|", "b": "---p|", "c": "r|"])
    let recorder = scheduler.record(outer.signal.switchToLatest())
    scheduler.run()
    recorder.expectMarbles("-x---r|")  // b is dropped for c before its first value; a's y never comes
  }

  @Test func flatMapLatestDisposesTheOlderInnerAtTheNewerOnesArrival() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let first = scheduler.makeColdSignal("x-y-z|")
    let second = scheduler.makeColdSignal("p-q|")
    let outer = scheduler.makeColdSignal("-a--b----|", values: ["a": first.signal, "b": second.signal])
    let recorder = scheduler.record(outer.signal.flatMap(.latest) { $0 })
    scheduler.run()
    recorder.expectMarbles("-x-yp-q--|")
    first.expectSubscriptions("-^--!")
    second.expectSubscriptions("----^--!")
  }

  @Test func anInnerFailureDrawnAsMarblesFailsTheMerge() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let outer = scheduler.makeColdSignal(
      "-ab----|",
      inner: ["a": "1---2|", "b": "-#"],
      values: ["1": 1, "2": 2],
      failure: Boom()
    )
    let recorder = scheduler.record(outer.signal.flatten(.merge))
    scheduler.run()
    recorder.expectMarbles("-1-#", failure: Boom())
    outer.expectSubscriptions("^--!")
  }

  @Test func mapToInnersIsASignalOfSignalsThatMatchesItsMarbles() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let taps = scheduler.makeColdSignal("-a--b|")
    let requests = scheduler.makeColdSignal("-r|")
    let recorder = scheduler.recordHigherOrder(taps.signal.map { _ in requests.signal })
    scheduler.run()
    recorder.expectMarbles("-a--a|", inner: ["a": "-r|"])
  }
}
