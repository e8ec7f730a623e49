import AsyncSignals
import TestSupport
import Testing

/// `merge` and `concat` over several signals, on both consumption paths.
@Suite(.timeLimit(.minutes(1)))
struct MergeConcatTests {
  let a = Probe<Int, Boom>()
  let b = Probe<Int, Boom>()

  /// Runs `signal` through `path` in a Task and returns once `probe` has been subscribed.
  func start(
    _ signal: Signal<Int, Boom>,
    on path: ConsumptionPath,
    awaiting probe: Probe<Int, Boom>
  ) async -> Task<[Event<Int, Boom>], Never> {
    let task = Task { await path.events(of: signal) }
    await probe.subscribed.wait()
    return task
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mergeInterleavesAndCompletesAfterEverySource(path: ConsumptionPath) async {
    let task = await start(Signal.merge(a.signal, b.signal), on: path, awaiting: b)
    a.send(1)
    b.send(2)
    a.send(3)
    a.complete()
    b.send(4)
    b.complete()
    #expect(await task.value == [.value(1), .value(2), .value(3), .value(4), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mergeFailsFastAndDisposesTheOtherSources(path: ConsumptionPath) async {
    let task = await start(a.signal.merge(with: b.signal), on: path, awaiting: b)
    a.send(1)
    b.fail(Boom(code: 2))
    a.send(3)
    #expect(await task.value == [.value(1), .failed(Boom(code: 2))])
    #expect(a.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mergeDoesNotSubscribeLaterSourcesAfterAFailure(path: ConsumptionPath) async {
    let events = await path.events(of: Signal.merge(source([1], then: .failed(Boom())), a.signal, b.signal))
    #expect(events == [.value(1), .failed(Boom())])
    #expect(a.subscriptions.value == 0)
    #expect(b.subscriptions.value == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mergeOfASignalOfSignalsFlattensThem(path: ConsumptionPath) async {
    let signals = Signal<Signal<Int, Boom>, Boom>.merge(.just(source([1, 2])), .just(source([3])))
    #expect(await path.events(of: signals.merge()) == [.value(1), .value(2), .value(3), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func mergeAndConcatOfNothingCompleteAtOnce(path: ConsumptionPath) async {
    #expect(await path.events(of: Signal<Int, Boom>.merge([])) == [.completed])
    #expect(await path.events(of: Signal<Int, Boom>.concat([])) == [.completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func concatSubscribesEachSourceAfterThePreviousCompleted(path: ConsumptionPath) async {
    let task = await start(Signal.concat(a.signal, b.signal, source([9])), on: path, awaiting: a)
    a.send(1)
    #expect(b.subscriptions.value == 0)
    a.complete()
    #expect(a.disposals.value == 1)
    #expect(b.subscriptions.value == 1)
    b.send(2)
    b.complete()
    #expect(await task.value == [.value(1), .value(2), .value(9), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func concatOfASignalOfSignalsSubscribesEachInnerAfterThePreviousCompleted(path: ConsumptionPath) async {
    let outer = Probe<Signal<Int, Boom>, Boom>()
    let task = Task { await path.events(of: outer.signal.concat()) }
    await outer.subscribed.wait()
    outer.send(a.signal)
    outer.send(b.signal)
    #expect(a.subscriptions.value == 1)
    a.send(1)
    #expect(b.subscriptions.value == 0)
    a.complete()
    #expect(a.disposals.value == 1)
    #expect(b.subscriptions.value == 1)
    outer.complete()
    b.send(2)
    #expect(b.disposals.value == 0)
    b.complete()
    #expect(await task.value == [.value(1), .value(2), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func concatStopsAtAFailureWithoutSubscribingLaterSources(path: ConsumptionPath) async {
    let events = await path.events(of: source([1], then: .failed(Boom())).concat(a.signal))
    #expect(events == [.value(1), .failed(Boom())])
    #expect(a.subscriptions.value == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func concatOf10000JustsRunsInConstantStackDepth(path: ConsumptionPath) async {
    let events = await path.events(of: Signal.concat((0..<10_000).map { Signal<Int, Boom>.just($0) }))
    #expect(events == (0..<10_000).map { .value($0) } + [.completed])
  }
}
