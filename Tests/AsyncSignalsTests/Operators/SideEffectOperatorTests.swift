import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SideEffectOperatorTests {
  /// A log of strings shared by the closures of a test.
  final class Log: Sendable {
    private let lines = Locked<[String]>([])
    var entries: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
  }

  /// A signal with every hook of `on` recording into `log`, and the delivery recording too.
  static func hooked(_ signal: Signal<Int, Boom>, into log: Log) -> Signal<Int, Boom> {
    signal
      .on(
        started: { log.append("started") },
        value: { log.append("value \($0)") },
        failed: { log.append("failed \($0.code)") },
        completed: { log.append("completed") },
        terminated: { log.append("terminated") },
        disposed: { log.append("disposed") }
      )
      .on(value: { log.append("delivered \($0)") }, terminated: { log.append("delivered end") })
  }

  @Test(arguments: ConsumptionPath.allCases)
  func onRunsEachHookBeforeDeliveryOncePerSubscription(path: ConsumptionPath) async {
    let log = Log()
    let events = await path.events(of: Self.hooked(source([1]), into: log))
    #expect(events == [.value(1), .completed])
    #expect(
      log.entries == [
        "started", "value 1", "delivered 1", "completed", "terminated", "delivered end", "disposed",
      ]
    )
  }

  @Test(arguments: ConsumptionPath.allCases)
  func onRunsTheFailureHooks(path: ConsumptionPath) async {
    let log = Log()
    _ = await path.events(of: Self.hooked(source([], then: .failed(Boom(code: 7))), into: log))
    #expect(log.entries == ["started", "failed 7", "terminated", "delivered end", "disposed"])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func onRunsDisposedWhenTheConsumerEnds(path: ConsumptionPath) async {
    let log = Log()
    let probe = Probe<Int, Boom>()
    await path.subscribeThenEnd(Self.hooked(probe.signal, into: log), once: probe.subscribed)
    #expect(log.entries == ["started", "disposed"])
  }

  @Test func onRunsStartedBeforeTheUpstreamIsSubscribed() {
    let probe = Probe<Int, Boom>()
    let subscriptionsWhenStarted = Locked(-1)
    probe.signal.on(started: { subscriptionsWhenStarted.withLock { $0 = probe.subscriptions.value } }).subscribe(
      isolation: nil
    )
    #expect(subscriptionsWhenStarted.withLock { $0 } == 0)
  }

  // MARK: then

  @Test(arguments: ConsumptionPath.allCases)
  func thenContinuesWithTheNextSignalAfterCompletion(path: ConsumptionPath) async {
    let events = await path.events(of: source([1, 2]).then(Signal<String, Boom>.just("next")))
    #expect(events == [.value("next"), .completed])
  }

  @Test func thenSubscribesTheNextSignalOnlyAfterCompletion() {
    let first = Probe<Int, Boom>()
    let next = Probe<String, Boom>()
    let made = Counter()
    let recorder = TestRecorder<String, Boom>()
    first.signal.then { () -> Signal<String, Boom> in
      made.increment()
      return next.signal
    }
    .subscribe(recorder.observer)
    first.send(1)
    #expect(made.value == 0)
    #expect(next.subscriptions.value == 0)
    first.complete()
    #expect(made.value == 1)
    #expect(next.subscriptions.value == 1)
    #expect(first.disposals.value == 1)
    next.send("a")
    next.complete()
    #expect(recorder.untimedEvents == [.value("a"), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func thenPassesAFailureAndNeverMakesTheNextSignal(path: ConsumptionPath) async {
    let made = Counter()
    let signal = source([1], then: .failed(Boom())).then { () -> Signal<String, Boom> in
      made.increment()
      return .just("never")
    }
    #expect(await path.events(of: signal) == [.failed(Boom())])
    #expect(made.value == 0)
  }

  @Test(arguments: ConsumptionPath.allCases)
  func thenStopsAnInfiniteProducerEndedByTake(path: ConsumptionPath) async {
    let signal = Signal(values: 1...).take(2).then(Signal(values: [10, 20]))
    #expect(await path.events(of: signal) == [.value(10), .value(20), .completed])
  }

  @Test(arguments: ConsumptionPath.allCases)
  func disposingDuringTheNextSignalDisposesIt(path: ConsumptionPath) async {
    let next = Probe<Int, Boom>()
    await path.subscribeThenEnd(source([1]).then(next.signal), once: next.subscribed)
    #expect(next.disposals.value == 1)
  }

  // MARK: logEvents

  @Test(arguments: ConsumptionPath.allCases)
  func logEventsWritesEveryEventWithTheName(path: ConsumptionPath) async {
    let log = Log()
    let events = await path.events(of: source([1], then: .failed(Boom())).logEvents("numbers", to: log.append))
    #expect(events == [.value(1), .failed(Boom())])
    #expect(
      log.entries == [
        "[numbers] subscribed", "[numbers] value(1)", "[numbers] failed(Boom(code: 0))", "[numbers] disposed",
      ]
    )
  }

  @Test func logEventsWithoutANameHasNoPrefix() {
    let log = Log()
    Signal(values: [1]).logEvents(to: log.append).subscribe(isolation: nil)
    #expect(log.entries == ["subscribed", "value(1)", "completed", "disposed"])
  }
}
