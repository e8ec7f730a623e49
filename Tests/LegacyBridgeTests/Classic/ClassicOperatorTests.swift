import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// Subscribes to a synchronous signal and returns the events it delivered during the subscription.
private func recorded<V: Sendable, F: Error>(_ signal: Signal<V, F>) -> [Event<V, F>] {
  let recorder = TestRecorder<V, F>()
  signal.subscribe(recorder.observer)
  return recorder.untimedEvents
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicTransformTests {
  struct Boom: Error, Equatable {}

  private let numbers = Signal<Int, Boom>.createSignal { subscriber in
    for value in [1, 2, 3] { subscriber.sendNext(value) }
    subscriber.sendCompleted()
    return nil
  }

  @Test func flattenMapMergesTheInnerSignals() {
    #expect(
      recorded(numbers.flattenMap { Signal.concat(.return($0), .return($0 * 10)) }) == [
        .value(1), .value(10), .value(2), .value(20), .value(3), .value(30), .completed,
      ]
    )
  }

  @Test func mapReplaceAndStartWith() {
    #expect(recorded(numbers.mapReplace("x")) == [.value("x"), .value("x"), .value("x"), .completed])
    #expect(recorded(numbers.startWith(0)) == [.value(0), .value(1), .value(2), .value(3), .completed])
  }

  @Test func scanWithStartReducesAndIndexes() {
    #expect(recorded(numbers.scanWithStart(0, reduce: +)) == [.value(1), .value(3), .value(6), .completed])
    #expect(
      recorded(numbers.scanWithStart(0, reduceWithIndex: { $0 + $1 * $2 })) == [
        .value(0), .value(2), .value(8), .completed,
      ]
    )
  }

  @Test func combinePreviousWithStartPairsEachValueWithTheOneBefore() {
    #expect(
      recorded(numbers.combinePreviousWithStart(10, reduce: { $1 - $0 })) == [
        .value(-9), .value(1), .value(1), .completed,
      ]
    )
  }

  @Test func aggregatesSendOneResultAtCompletion() {
    #expect(recorded(numbers.aggregateWithStart(0, reduce: +)) == [.value(6), .completed])
    let factoryRuns = Counter()
    let aggregated = numbers.aggregateWithStartFactory(
      {
        factoryRuns.increment()
        return [Int]()
      },
      reduce: { $0 + [$1] }
    )
    #expect(recorded(aggregated) == [.value([1, 2, 3]), .completed])
    #expect(recorded(aggregated) == [.value([1, 2, 3]), .completed])
    #expect(factoryRuns.value == 2)
  }

  @Test func flattenMergesAndFlattenWithALimitQueues() {
    let first = PassthroughSubject<Int, Boom>()
    let second = PassthroughSubject<Int, Boom>()
    let outer = Signal<Signal<Int, Boom>, Boom>.createSignal { subscriber in
      subscriber.sendNext(first.signal)
      subscriber.sendNext(second.signal)
      return nil
    }
    let merged = TestRecorder<Int, Boom>()
    let limited = TestRecorder<Int, Boom>()
    let unlimited = TestRecorder<Int, Boom>()
    outer.flatten().subscribe(merged.observer)
    outer.flatten(1).subscribe(limited.observer)
    outer.flatten(0).subscribe(unlimited.observer)
    second.send(2)
    first.send(1)
    first.complete()
    second.send(3)
    #expect(merged.values == [2, 1, 3])
    #expect(unlimited.values == [2, 1, 3])
    #expect(limited.values == [1, 3])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicFilteringTests {
  struct Boom: Error, Equatable {}

  private let numbers = Signal<Int, Boom>.createSignal { subscriber in
    for value in [1, 2, 3, 1] { subscriber.sendNext(value) }
    subscriber.sendCompleted()
    return nil
  }

  @Test func blockFormsTakeAndSkip() {
    #expect(recorded(numbers.takeUntilBlock { $0 == 2 }) == [.value(1), .completed])
    #expect(recorded(numbers.takeWhileBlock { $0 < 3 }) == [.value(1), .value(2), .completed])
    #expect(recorded(numbers.skipUntilBlock { $0 == 2 }) == [.value(2), .value(3), .value(1), .completed])
    #expect(recorded(numbers.skipWhileBlock { $0 < 3 }) == [.value(3), .value(1), .completed])
  }

  @Test func takeLastAndAny() {
    #expect(recorded(numbers.takeLast(2)) == [.value(3), .value(1), .completed])
    #expect(recorded(numbers.any()) == [.value(true), .completed])
    #expect(recorded(Signal<Int, Boom>.empty.any()) == [.value(false), .completed])
  }

  @Test func takeUntilTriggerAndReplacementAndSample() {
    let source = PassthroughSubject<Int, Boom>()
    let trigger = PassthroughSubject<Void, Never>()
    let replacement = PassthroughSubject<Int, Boom>()
    let sampler = PassthroughSubject<Void, Never>()
    let untilTrigger = TestRecorder<Int, Boom>()
    let untilReplacement = TestRecorder<Int, Boom>()
    let sampled = TestRecorder<Int, Boom>()
    source.signal.takeUntil(trigger.signal).subscribe(untilTrigger.observer)
    source.signal.takeUntilReplacement(replacement.signal).subscribe(untilReplacement.observer)
    source.signal.sample(sampler.signal).subscribe(sampled.observer)
    source.send(1)
    sampler.send(())
    trigger.send(())
    replacement.send(9)
    source.send(2)
    #expect(untilTrigger.untimedEvents == [.value(1), .completed])
    #expect(untilReplacement.untimedEvents == [.value(1), .value(9)])
    #expect(sampled.untimedEvents == [.value(1)])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicCombiningTests {
  struct Boom: Error, Equatable {}

  @Test func zipWithAndCombineLatestWithPairValues() {
    let left = PassthroughSubject<Int, Boom>()
    let right = PassthroughSubject<String, Boom>()
    let zipped = TestRecorder<String, Boom>()
    let combined = TestRecorder<String, Boom>()
    left.signal.zipWith(right.signal).map { "\($0)\($1)" }.subscribe(zipped.observer)
    left.signal.combineLatestWith(right.signal).map { "\($0)\($1)" }.subscribe(combined.observer)
    left.send(1)
    left.send(2)
    right.send("a")
    right.send("b")
    #expect(zipped.values == ["1a", "2b"])
    #expect(combined.values == ["2a", "2b"])
  }

  @Test func combineLatestKeepsRACsCompletionAfterAnEmptySource() {
    let left = PassthroughSubject<Int, Boom>()
    let right = PassthroughSubject<Int, Boom>()
    let pairs = TestRecorder<String, Boom>()
    let reduced = TestRecorder<Int, Boom>()
    left.signal.combineLatestWith(right.signal).map { "\($0)\($1)" }.subscribe(pairs.observer)
    Signal<Int, Boom>.combineLatest([left.signal, right.signal], reduce: { $0.reduce(0, +) })
      .subscribe(reduced.observer)
    left.complete()
    right.send(1)
    #expect(pairs.untimedEvents == [])  // RAC waits for every signal to complete
    #expect(reduced.untimedEvents == [])
    right.complete()
    #expect(pairs.untimedEvents == [.completed])
    #expect(reduced.untimedEvents == [.completed])
  }

  @Test func mergeAndStaticReduceForms() {
    let merged = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.return(1).merge(.return(2)).subscribe(merged.observer)
    #expect(merged.untimedEvents == [.value(1), .value(2), .completed])

    let combined = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.combineLatest([.return(1), .return(2)], reduce: { $0.reduce(0, +) })
      .subscribe(combined.observer)
    #expect(combined.untimedEvents == [.value(3), .completed])

    let zipped = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.zip([.return(3), .return(4)], reduce: { $0.reduce(0, +) }).subscribe(zipped.observer)
    #expect(zipped.untimedEvents == [.value(7), .completed])
  }

  @Test func ifThenElseSwitchesWithTheCondition() {
    let condition = PassthroughSubject<Bool, Boom>()
    let yes = PassthroughSubject<String, Boom>()
    let recorder = TestRecorder<String, Boom>()
    Signal<String, Boom>.if(condition.signal, then: yes.signal, else: .return("no")).subscribe(recorder.observer)
    condition.send(true)
    yes.send("yes 1")
    condition.send(false)
    yes.send("ignored")
    condition.send(true)
    yes.send("yes 2")
    #expect(recorder.values == ["yes 1", "no", "yes 2"])
  }

  @Test func switchCasesDefaultPicksTheCaseOrTheDefault() {
    let key = PassthroughSubject<Int, Boom>()
    let recorder = TestRecorder<String, Boom>()
    Signal<String, Boom>.switch(key.signal, cases: [0: .return("zero"), 1: .return("one")], default: .return("other"))
      .subscribe(recorder.observer)
    key.send(1)
    key.send(7)
    key.send(0)
    key.complete()
    #expect(recorder.untimedEvents == [.value("one"), .value("other"), .value("zero"), .completed])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicSchedulingTests {
  @Test func throttleIsRACsDebounce() {
    let scheduler = TestScheduler()
    let source = PassthroughSubject<Int, Never>()
    let recorder = TestRecorder<Int, Never>()
    source.signal.throttle(.seconds(1), scheduler: scheduler).subscribe(recorder.observer)
    source.send(1)
    scheduler.advance(by: .milliseconds(500))
    source.send(2)
    scheduler.advance(by: .milliseconds(999))
    #expect(recorder.values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values == [2])
  }

  @Test func bufferWithTimeCollectsEachWindow() {
    let scheduler = TestScheduler()
    let source = PassthroughSubject<Int, Never>()
    let recorder = TestRecorder<[Int], Never>()
    source.signal.bufferWithTime(.seconds(1), onScheduler: scheduler).subscribe(recorder.observer)
    source.send(1)
    source.send(2)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [[1, 2]])
  }

  @Test func timeoutFailsAfterTheInterval() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder<Int, TimeoutFailure<Never>>()
    Signal<Int, Never>.never.timeout(.seconds(2), onScheduler: scheduler).subscribe(recorder.observer)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.untimedEvents.count == 1)
    #expect(recorder.untimedEvents.first?.failure != nil)
  }

  @Test func intervalTicksOnTheScheduler() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder<Int, Never>()
    Signal<Int, Never>.interval(.seconds(1), onScheduler: scheduler).subscribe(recorder.observer)
    scheduler.advance(by: .seconds(3))
    #expect(recorder.values == [0, 1, 2])
  }

  @Test func deliverOnAndSubscribeOnUseTheScheduler() {
    let scheduler = TestScheduler()
    let subscribed = Counter()
    let delivered = TestRecorder<Int, Never>()
    let subscribedOn = TestRecorder<Int, Never>()
    Signal<Int, Never>.return(1).deliverOn(scheduler).subscribe(delivered.observer)
    Signal<Int, Never>.defer {
      subscribed.increment()
      return .return(2)
    }.subscribeOn(scheduler).subscribe(subscribedOn.observer)
    #expect(delivered.untimedEvents == [])
    #expect(subscribed.value == 0)
    scheduler.run()
    #expect(delivered.untimedEvents == [.value(1), .completed])
    #expect(subscribedOn.untimedEvents == [.value(2), .completed])
  }

  @Test func deliverOnMainThreadDeliversOnTheMainActor() async {
    let done = Gate()
    let onMain = Locked<Bool?>(nil)
    _ = Signal<Int, Never>.return(1).deliverOnMainThread().subscribeNext(isolation: nil) { _ in
      MainActor.assumeIsolated {}  // traps unless on the main thread
      onMain.withLock { $0 = true }
      done.open()
    }
    await done.wait()
    #expect(onMain.withLock { $0 } == true)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicSideEffectTests {
  struct Boom: Error, Equatable {}

  @Test func doHooksRunInOrderBeforeDelivery() {
    let log = Locked<[String]>([])
    let append: @Sendable (String) -> Void = { entry in log.withLock { $0.append(entry) } }
    Signal<Int, Boom>.return(1)
      .initially { append("initially") }
      .doNext { append("doNext \($0)") }
      .doCompleted { append("doCompleted") }
      .finally { append("finally") }
      .subscribeNext(isolation: nil) { append("next \($0)") }
    Signal<Int, Boom>.error(Boom())
      .doError { _ in append("doError") }
      .finally { append("finally") }
      .subscribeError(isolation: nil) { _ in append("error") }
    #expect(
      log.withLock { $0 } == [
        "initially", "doNext 1", "next 1", "doCompleted", "finally", "doError", "finally", "error",
      ]
    )
  }

  @Test func logFormsWriteToTheSink() {
    let lines = Locked<[String]>([])
    let sink: @Sendable (String) -> Void = { line in lines.withLock { $0.append(line) } }
    Signal<Int, Boom>.return(1).logNext(to: sink).logCompleted(to: sink).subscribeNext(isolation: nil) { _ in }
    Signal<Int, Boom>.error(Boom()).logError(to: sink).subscribeNext(isolation: nil) { _ in }
    #expect(lines.withLock { $0 } == ["next: 1", "completed", "error: Boom()"])
    let all = Locked<[String]>([])
    Signal<Int, Boom>.return(1).logAll(to: { line in all.withLock { $0.append(line) } }).subscribeNext(isolation: nil) {
      _ in
    }
    #expect(all.withLock { $0.count } >= 2)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicAwaitingAndSubjectTests {
  struct Boom: Error, Equatable {}

  @Test func toArrayAndFirstOrDefault() async throws {
    #expect(
      try await Signal<Int, Boom>.createSignal { subscriber in
        subscriber.sendNext(1)
        subscriber.sendNext(2)
        subscriber.sendCompleted()
        return nil
      }.toArray() == [1, 2]
    )
    #expect(try await Signal<Int, Boom>.empty.firstOrDefault(7) == 7)
    #expect(try await Signal<Int, Boom>.return(3).firstOrDefault(7) == 3)
    await #expect(throws: Boom()) { try await Signal<Int, Boom>.error(Boom()).firstOrDefault(7) }
  }

  @Test func classicSubjectFactories() {
    let subject = PassthroughSubject<Int, Never>.subject()
    let replay = ReplaySubject<Int, Never>.replaySubject(withCapacity: 1)
    let behavior = CurrentValueSubject<Int, Never>.behaviorSubject(withDefaultValue: 5)
    let live = TestRecorder<Int, Never>()
    subject.signal.subscribe(live.observer)
    subject.sendNext(1)
    replay.sendNext(1)
    replay.sendNext(2)
    let replayed = TestRecorder<Int, Never>()
    replay.signal.subscribe(replayed.observer)
    let current = TestRecorder<Int, Never>()
    behavior.signal.subscribe(current.observer)
    #expect(live.values == [1])
    #expect(replayed.values == [2])
    #expect(current.values == [5])
  }

  @Test func autoconnectConnectsAtTheFirstSubscription() {
    let subscriptions = Counter()
    let shared = Signal<Int, Never>.createSignal { subscriber in
      subscriber.sendNext(subscriptions.increment())
      return nil
    }.publish().autoconnect()
    #expect(subscriptions.value == 0)
    let recorder = TestRecorder<Int, Never>()
    shared.subscribe(recorder.observer)
    #expect(recorder.values == [1])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicErrorTests {
  struct Boom: Error, Equatable {}

  @Test func catchToSwitchesToTheReplacementAfterAFailure() {
    let recorder = TestRecorder<Int, Never>()
    Signal<Int, Boom>.return(1).concat(.error(Boom())).catchTo(.return(9)).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(9), .completed])
  }

  @Test func tryLetsPassingValuesThroughAndFailsAtTheFirstThatDoesNot() {
    let recorder = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.createSignal { subscriber in
      for value in [1, 2, -1, 3] { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
    .try { (value: Int) throws(Boom) in
      if value < 0 { throw Boom() }
    }
    .subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .failed(Boom())])
  }
}
