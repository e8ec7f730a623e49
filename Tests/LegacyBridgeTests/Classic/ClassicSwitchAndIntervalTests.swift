import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// RACSignalSpec's `+switch:cases:default:` and `+interval:onScheduler:withLeeway:` examples (issue 26, item 9).
@Suite(.timeLimit(.minutes(1)))
struct ClassicSwitchTests {
  struct Boom: Error, Equatable {}
  typealias Failure = SwitchFailure<Int, Boom>

  let key = PassthroughSubject<Int, Boom>()
  let zero = PassthroughSubject<String, Boom>()
  let one = PassthroughSubject<String, Boom>()
  let two = PassthroughSubject<String, Boom>()

  var cases: [Int: Signal<String, Boom>] { [0: zero.signal, 1: one.signal, 2: two.signal] }

  @Test func sendsNothingBeforeAKeyIsSent() {
    let recorder = TestRecorder<String, Failure>()
    Signal.switch(key.signal, cases: cases).subscribe(recorder.observer)
    zero.sendNext("zero")
    one.sendNext("one")
    #expect(recorder.untimedEvents == [])
  }

  @Test func sendsTheEventsOfTheLatestKeysCase() {
    let recorder = TestRecorder<String, Failure>()
    Signal.switch(key.signal, cases: cases).subscribe(recorder.observer)
    key.sendNext(0)
    zero.sendNext("zero")
    one.sendNext("one")
    key.sendNext(1)
    zero.sendNext("zero again")
    one.sendNext("one")
    key.sendNext(2)
    zero.sendError(Boom())
    one.sendError(Boom())
    #expect(recorder.untimedEvents == [.value("zero"), .value("one")])
    two.sendError(Boom())
    #expect(recorder.untimedEvents == [.value("zero"), .value("one"), .failed(.upstream(Boom()))])
  }

  @Test func completesOnlyWhenTheKeySignalAndTheLatestCaseHaveCompleted() {
    let recorder = TestRecorder<String, Failure>()
    Signal.switch(key.signal, cases: cases).subscribe(recorder.observer)
    key.sendNext(0)
    zero.sendNext("zero")
    key.sendCompleted()
    #expect(recorder.untimedEvents == [.value("zero")])
    zero.sendCompleted()
    #expect(recorder.untimedEvents == [.value("zero"), .completed])
  }

  /// RAC: "should send an error if key that was sent does not have an associated signal and there's no default".
  @Test func anUnknownKeyFailsWithoutADefaultAndDisposesTheRunningCase() {
    let recorder = TestRecorder<String, Failure>()
    Signal.switch(key.signal, cases: [0: zero.signal, 1: one.signal]).subscribe(recorder.observer)
    key.sendNext(0)
    zero.sendNext("zero")
    #expect(zero.subscriberCount == 1)
    key.sendNext(7)
    zero.sendNext("after")
    #expect(recorder.untimedEvents == [.value("zero"), .failed(.noMatchingCase(7))])
    #expect(zero.subscriberCount == 0)
    #expect(key.subscriberCount == 0)
  }

  @Test func anUnknownKeyUsesTheDefaultWhenThereIsOne() {
    let recorder = TestRecorder<String, Boom>()
    let fallback = PassthroughSubject<String, Boom>()
    Signal.switch(key.signal, cases: [0: zero.signal], default: fallback.signal).subscribe(recorder.observer)
    key.sendNext(5)
    fallback.sendNext("default")
    key.sendNext(6)
    fallback.sendNext("default")
    #expect(recorder.values == ["default", "default"])
  }

  @Test func anUnknownKeyFailsAForAwaitLoopToo() async {
    let keys = Signal<Int, Never>(values: [0, 3])
    var received: [String] = []
    do {
      for try await value in Signal.switch(keys, cases: [0: .return("zero")]) { received.append(value) }
      Issue.record("the loop completed")
    } catch {
      #expect(error == .noMatchingCase(3))
    }
    #expect(received == ["zero"])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicIntervalTests {
  /// RAC's spec checks that each tick comes no earlier than its interval and no later than the leeway allows; the
  /// ticks here come on time.
  @Test func intervalWithLeewayTicksOnTime() {
    let scheduler = TestScheduler()
    let recorder = scheduler.start {
      Signal<Int, Never>.interval(.seconds(1), onScheduler: scheduler, withLeeway: .milliseconds(200)).take(3)
    }
    #expect(
      recorder.events == [
        .value(0, at: .seconds(1)), .value(1, at: .seconds(2)), .value(2, at: .seconds(3)), .completed(at: .seconds(3)),
      ]
    )
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aNegativeLeewayStopsWithAPreconditionNamingTheAPI() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.interval(.seconds(1), onScheduler: TestScheduler(), withLeeway: .seconds(-1))
    }
    #expect(result?.standardErrorText.contains("interval(_:onScheduler:withLeeway:): leeway must be >= 0") == true)
  }
}
