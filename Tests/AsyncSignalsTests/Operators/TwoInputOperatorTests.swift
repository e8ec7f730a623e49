import AsyncSignals
import TestSupport
import Testing

/// `take(until:)`, `take(untilReplacement:)`, `sample(on:)` and `withLatest(from:)`, driven by probes.
@Suite(.timeLimit(.minutes(1)))
struct TwoInputOperatorTests {
  let receiver = Probe<Int, Boom>()
  let trigger = Probe<Void, Never>()

  /// Runs `signal` through `path` in a Task and returns once the receiver has been subscribed.
  func start<Value: Sendable>(
    _ signal: Signal<Value, Boom>,
    on path: ConsumptionPath
  ) async -> Task<[Event<Value, Boom>], Never> {
    let task = Task { await path.events(of: signal) }
    await receiver.subscribed.wait()
    return task
  }

  // MARK: take(until:)

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilCompletesWhenTheTriggerSendsAValue(path: ConsumptionPath) async {
    let task = await start(receiver.signal.take(until: trigger.signal), on: path)
    receiver.send(1)
    receiver.send(2)
    trigger.send(())
    receiver.send(3)
    #expect(await task.value == [.value(1), .value(2), .completed])
    #expect(receiver.disposals.value == 1)
    #expect(trigger.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilCompletesWhenTheTriggerCompletes(path: ConsumptionPath) async {
    let task = await start(receiver.signal.take(until: trigger.signal), on: path)
    receiver.send(1)
    trigger.complete()
    #expect(await task.value == [.value(1), .completed])
    #expect(receiver.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilPassesTheReceiversTerminalEventAndEndsTheTrigger(path: ConsumptionPath) async {
    let task = await start(receiver.signal.take(until: trigger.signal), on: path)
    receiver.send(1)
    receiver.fail(Boom())
    #expect(await task.value == [.value(1), .failed(Boom())])
    #expect(trigger.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aTriggerFiringDuringSubscriptionMeansTheReceiverIsNeverSubscribed(path: ConsumptionPath) async {
    let events = await path.events(of: receiver.signal.take(until: Signal<Void, Never>.just(())))
    #expect(events == [.completed])
    #expect(receiver.subscriptions.value == 0)
    let completedTrigger = await path.events(of: receiver.signal.take(until: Signal<Void, Never>.empty))
    #expect(completedTrigger == [.completed])
    #expect(receiver.subscriptions.value == 0)
  }

  // MARK: take(untilReplacement:)

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilReplacementSwitchesAtTheReplacementsFirstEvent(path: ConsumptionPath) async {
    let replacement = Probe<Int, Boom>()
    let task = await start(receiver.signal.take(untilReplacement: replacement.signal), on: path)
    receiver.send(1)
    replacement.send(10)
    #expect(receiver.disposals.value == 1)
    receiver.send(2)
    replacement.send(11)
    replacement.complete()
    #expect(await task.value == [.value(1), .value(10), .value(11), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilReplacementWaitsForTheReplacementAfterTheReceiverCompletes(path: ConsumptionPath) async {
    let replacement = Probe<Int, Boom>()
    let task = await start(receiver.signal.take(untilReplacement: replacement.signal), on: path)
    receiver.send(1)
    receiver.complete()
    replacement.send(10)
    replacement.fail(Boom(code: 2))
    #expect(await task.value == [.value(1), .value(10), .failed(Boom(code: 2))])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func takeUntilReplacementForwardsTheReceiversFailure(path: ConsumptionPath) async {
    let replacement = Probe<Int, Boom>()
    let task = await start(receiver.signal.take(untilReplacement: replacement.signal), on: path)
    receiver.fail(Boom())
    #expect(await task.value == [.failed(Boom())])
    #expect(replacement.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func aReplacementSendingDuringSubscriptionMeansTheReceiverIsNeverSubscribed(path: ConsumptionPath) async {
    let events = await path.events(of: receiver.signal.take(untilReplacement: source([7])))
    #expect(events == [.value(7), .completed])
    #expect(receiver.subscriptions.value == 0)
  }

  // MARK: sample(on:)

  @Test(arguments: ConsumptionPath.allCases)
  func sampleSendsTheLatestValueWheneverTheSamplerFires(path: ConsumptionPath) async {
    let task = await start(receiver.signal.sample(on: trigger.signal), on: path)
    trigger.send(())  // nothing before the first value
    receiver.send(1)
    receiver.send(2)
    trigger.send(())
    trigger.send(())  // the same latest value again
    receiver.send(3)
    trigger.send(())
    receiver.complete()
    #expect(await task.value == [.value(2), .value(2), .value(3), .completed])
    #expect(trigger.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func sampleCompletesWhenTheSamplerCompletes(path: ConsumptionPath) async {
    let task = await start(receiver.signal.sample(on: trigger.signal), on: path)
    receiver.send(1)
    trigger.complete()
    #expect(await task.value == [.completed])
    #expect(receiver.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func sampleFailsWhenTheReceiverFails(path: ConsumptionPath) async {
    let task = await start(receiver.signal.sample(on: trigger.signal), on: path)
    receiver.send(1)
    receiver.fail(Boom())
    #expect(await task.value == [.failed(Boom())])
  }

  // MARK: withLatest(from:)

  @Test(arguments: ConsumptionPath.allCases)
  func withLatestPairsEachValueWithTheOthersLatest(path: ConsumptionPath) async {
    let other = Probe<String, Never>()
    let task = await start(receiver.signal.withLatest(from: other.signal).mapElements { "\($0)\($1)" }, on: path)
    receiver.send(1)  // dropped: nothing from other yet
    other.send("a")
    receiver.send(2)
    other.send("b")
    other.complete()  // the last value keeps being used
    receiver.send(3)
    receiver.complete()
    #expect(await task.value == [.value("2a"), .value("3b"), .completed])
    #expect(other.disposals.value == 1)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func withLatestFailsWithTheReceiver(path: ConsumptionPath) async {
    let events = await path.events(
      of: source([1], then: .failed(Boom())).withLatest(from: .just("x")).mapElements { "\($0)\($1)" }
    )
    #expect(events == [.value("1x"), .failed(Boom())])
  }
}
