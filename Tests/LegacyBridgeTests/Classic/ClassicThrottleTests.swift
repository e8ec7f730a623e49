import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// RACSignalSpec's eight `-throttle:valuesPassingTest:` examples (issue 26, item 9), in virtual time: RAC throttles
/// by 0 s and waits with `toEventually`; here the interval is 1 s on a `TestScheduler`.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct ClassicThrottleValuesPassingTestTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()
  let subject = PassthroughSubject<String, Boom>()
  /// Whether the next values are throttled; the examples flip it between sends.
  let shouldThrottle = Toggle(true)
  var throttled: Signal<String, Boom> {
    subject.signal.throttle(
      .seconds(1),
      scheduler: scheduler,
      valuesPassingTest: { [shouldThrottle] _ in shouldThrottle.isOn }
    )
  }

  @Test func forwardsUnthrottledValuesImmediately() {
    var received: [String] = []
    throttled.subscribeNext { received.append($0) }
    shouldThrottle.isOn = false
    subject.sendNext("foo")
    #expect(received == ["foo"])
  }

  @Test func delaysThrottledValues() {
    var received: [String] = []
    throttled.subscribeNext { received.append($0) }
    subject.sendNext("bar")
    #expect(received == [])
    scheduler.advance(by: .seconds(1))
    #expect(received == ["bar"])
  }

  @Test func dropsBufferedValuesWhenAThrottledValueArrives() {
    var received: [String] = []
    throttled.subscribeNext { received.append($0) }
    subject.sendNext("foo")
    subject.sendNext("bar")
    subject.sendNext("buzz")
    #expect(received == [])
    scheduler.advance(by: .seconds(1))
    #expect(received == ["buzz"])
  }

  @Test func dropsBufferedValuesWhenAnImmediateValueArrives() {
    var received: [String] = []
    throttled.subscribeNext { received.append($0) }
    subject.sendNext("foo")
    subject.sendNext("bar")
    shouldThrottle.isOn = false
    subject.sendNext("buzz")
    #expect(received == ["buzz"])
    // Nothing weird happens when another throttled value follows.
    shouldThrottle.isOn = true
    subject.sendNext("baz")
    #expect(received == ["buzz"])
    scheduler.advance(by: .seconds(1))
    #expect(received == ["buzz", "baz"])
    scheduler.run()
    #expect(received == ["buzz", "baz"])
  }

  @Test func aDeliveredValueIsNotResentUponCompletion() {
    var received: [String] = []
    throttled.subscribeNext { received.append($0) }
    subject.sendNext("bar")
    scheduler.advance(by: .seconds(1))
    #expect(received == ["bar"])
    subject.sendCompleted()
    #expect(received == ["bar"])
  }

  @Test func forwardsCompletedImmediately() {
    var completed = false
    throttled.subscribeCompleted { completed = true }
    subject.sendCompleted()
    #expect(completed)
  }

  @Test func forwardsErrorsImmediately() {
    var errors: [Boom] = []
    throttled.subscribeError { errors.append($0) }
    subject.sendError(Boom())
    #expect(errors == [Boom()])
  }

  @Test func cancelsFutureNextsWhenDisposed() {
    var received: [String] = []
    let subscription = throttled.subscribeNext { received.append($0) }
    subject.sendNext("foo")
    subscription.dispose()
    scheduler.run()
    #expect(received == [])
    #expect(scheduler.pendingCount == 0)
  }

  /// The same timeline through a `for await` loop: the loop's Task runs on the test scheduler.
  @Test func aForAwaitLoopReceivesTheSameValues() async throws {
    let source = scheduler.makeColdSignal(
      [
        .value("a", at: .seconds(1)),
        .value("b", at: .milliseconds(1_500)),
        .value("now", at: .seconds(2)),
        .value("c", at: .seconds(3)),
        .completed(at: .seconds(3)),
      ] as [Recorded<String, Boom>]
    )
    let loop = Task(executorPreference: scheduler) { [scheduler] in
      var received: [String] = []
      for try await value in source.signal.throttle(
        .seconds(1),
        scheduler: scheduler,
        valuesPassingTest: { $0 != "now" }
      ) {
        received.append(value)
      }
      return received
    }
    await scheduler.run()
    #expect(try await loop.value == ["now", "c"])
  }
}

/// A flag that the test flips and an operator closure reads on the delivering thread.
final class Toggle: Sendable {
  private let state: Locked<Bool>

  init(_ isOn: Bool) {
    state = Locked(isOn)
  }

  var isOn: Bool {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}
