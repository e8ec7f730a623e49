import AsyncSignals
import AsyncSignalsTesting
import Testing

/// `signal.test { events in … }`, Turbine's stream assertions (issue 39): each check passes on the event it
/// expects and records an issue at its own line on any other, unconsumed events are an issue of the scope, and a
/// missing event times out instead of hanging.
@Suite(.timeLimit(.minutes(1)))
struct SignalTestScopeTests {
  enum Fault: Error, Equatable { case broken }

  /// Whether `issue` carries a comment that contains `text`.
  static func says(_ issue: Issue, _ text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
  }

  @Test func takesAColdSignalsValuesThenItsCompletion() async {
    await Signal<Int, Never>(values: [3, 2, 1]).test { events in
      #expect(await events.next() == 3)
      await events.skip(1)
      #expect(await events.next() == 1)
      await events.expectCompletion()
      events.expectNoEvents()
    }
  }

  @Test func returnsTheFailure() async {
    let signal = Signal<Int, Fault> { observer, _ in
      observer.send(1)
      observer.fail(.broken)
    }
    await signal.test { events in
      #expect(await events.next() == 1)
      #expect(await events.expectFailure() == .broken)
    }
  }

  @Test func eachCheckRecordsAnIssueOnAnotherEvent() async {
    await withKnownIssue {
      await Signal<Int, Never>.empty.test { events in #expect(await events.next() == nil) }
    } matching: {
      Self.says($0, "expected a value, got completed")
    }
    await withKnownIssue {
      await Signal<Int, Never>.just(1).test { events in
        await events.expectCompletion()
        await events.expectCompletion()  // now it is the completion
      }
    } matching: {
      Self.says($0, "expected completion, got value(1)")
    }
    await withKnownIssue {
      await Signal<Int, Never>.empty.test { events in #expect(await events.expectFailure() == nil) }
    } matching: {
      Self.says($0, "expected a failure, got completed")
    }
  }

  @Test func unconsumedEventsAreAnIssueOfTheScope() async {
    await withKnownIssue {
      await Signal<Int, Never>(values: [1, 2]).test { events in
        #expect(await events.next() == 1)
      }
    } matching: {
      Self.says($0, "events left unconsumed: value(2), completed")
    }
    let subject = PassthroughSubject<Int, Never>()
    await withKnownIssue {
      await subject.signal.test { events in
        subject.send(1)
        events.expectNoEvents()
        #expect(await events.next() == 1)
      }
    } matching: {
      Self.says($0, "expected no events, got value(1)")
    }
  }

  @Test func ignoringTheRestOfAHotSignalEndsTheScopeAndTheSubscription() async {
    let subject = PassthroughSubject<String, Never>()
    await subject.signal.test { events in
      subject.send("ready")
      subject.send("tick")
      #expect(await events.next() == "ready")
      events.ignoreRemainingEvents()
      subject.send("tick")
    }
    #expect(subject.subscriberCount == 0)
  }

  @Test func aMissingEventTimesOut() async {
    let subject = PassthroughSubject<Int, Never>()
    await withKnownIssue {
      await subject.signal.test(timeout: .milliseconds(50)) { events in #expect(await events.next() == nil) }
    } matching: {
      Self.says($0, "expected a value, but no event arrived within 0.05 seconds")
    }
    #expect(subject.subscriberCount == 0)
  }

  /// Whether the send lands before or after `next()` starts waiting, the value is taken.
  @Test func anEventSentWhileACallMayBeWaitingIsTaken() async {
    let subject = PassthroughSubject<Int, Never>()
    await subject.signal.test { events in
      async let value = events.next()
      subject.send(7)
      #expect(await value == 7)
    }
  }

  @Test func anAsyncBodysValuesArriveWhileTheTestWaits() async {
    let signal = Signal<Int, Never> { observer in
      for value in 1...3 { await observer.send(value) }
    }
    await signal.test { events in
      #expect(await events.next() == 1)
      await events.skip(2)
      await events.expectCompletion()
    }
  }

  @Test func keepsEveryValueACurrentValueSubjectSends() async {
    let state = CurrentValueSubject<Int, Never>(0)
    await state.signal.test { events in
      for value in 1...5 { state.send(value) }  // in a row: nothing conflated
      for expected in 0...5 { #expect(await events.next() == expected) }
    }
  }

  @Test func aSchedulersTimersRunWhenTheTestDrivesIt() async {
    let scheduler = TestScheduler()
    let typed = PassthroughSubject<String, Never>()
    await typed.signal.debounce(for: .milliseconds(300), scheduler: scheduler).test(scheduler: scheduler) { events in
      typed.send("s")
      typed.send("sw")
      await scheduler.advance(by: .milliseconds(200))
      events.expectNoEvents()
      await scheduler.advance(by: .milliseconds(100))
      #expect(await events.next() == "sw")
    }
  }

  @Test @MainActor func worksOnTheMainActor() async {
    let subject = PassthroughSubject<Int, Never>()
    await subject.signal.map { $0 * 2 }.test { events in
      subject.send(1)
      subject.send(2)
      #expect(await events.next() == 2)
      #expect(await events.next() == 4)
    }
  }
}
