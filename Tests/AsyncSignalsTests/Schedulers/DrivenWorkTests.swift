import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Everything a subscription made through the `TestScheduler` starts, whenever and from wherever it starts it,
/// runs its `async` work on the scheduler (issue 18).
///
/// In each test the work starts outside the first subscription: from a debounce timer, from a value or a terminal
/// event the test sends from its own thread, or from a round that begins after another one ended. Before the
/// scheduler followed that work, the `async` bodies ran on the global executor, outside `advance`, and these
/// histories stayed empty. The search-as-you-type example of the issue is
/// `TestingGuideExampleTests.searchAsYouTypeRecordsItsResults`.
@Suite struct DrivenWorkTests {
  let scheduler = TestScheduler()

  struct Boom: Error, Equatable {}

  /// A signal whose `async` body sleeps `delay` on the scheduler's clock, then sends `value` and completes.
  func slow<Value: Sendable, Failure: Error>(
    _ value: Value,
    after delay: Duration = .seconds(1),
    failing: Failure.Type = Failure.self
  ) -> Signal<Value, Failure> {
    Signal { [scheduler] observer in
      do {
        try await scheduler.sleep(for: delay)
      } catch {
        return
      }
      await observer.send(value)
    }
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest, .concurrent(limit: 2)])
  func innerSignalsOfEveryStrategyRunOnTheScheduler(strategy: FlattenStrategy) {
    let outer = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(outer.signal.flatMap(strategy) { slow($0 * 10) })
    scheduler.advance(by: .seconds(1))
    outer.send(1)  // from the test's thread, outside any scheduler action
    outer.complete()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(10, at: .seconds(2)), .completed(at: .seconds(2))])
  }

  /// The second round of `retry` (after a failure) or `repeat` (after completion) starts when the test ends the
  /// first one, from its own thread.
  @Test(arguments: ["retry", "repeat"])
  func aResubscriptionRoundRunsOnTheScheduler(resubscriber: String) {
    let trigger = PassthroughSubject<Int, Boom>()
    let rounds = Locked(0)
    let source = Signal<Int, Boom>.deferred {
      let round = rounds.withLock { rounds in
        rounds += 1
        return rounds
      }
      return round == 1 ? trigger.signal : self.slow(2, failing: Boom.self)
    }
    let recorder = scheduler.record(resubscriber == "retry" ? source.retry(1) : source.repeat(2))
    if resubscriber == "retry" { trigger.fail(Boom()) } else { trigger.complete() }
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(2, at: .seconds(1)), .completed(at: .seconds(1))])
  }

  @Test func aCatchReplacementRunsOnTheScheduler() {
    let trigger = PassthroughSubject<Int, Boom>()
    let recorder = scheduler.record(trigger.signal.catch { _ in slow(9, failing: Never.self) })
    trigger.fail(Boom())
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(9, at: .seconds(1)), .completed(at: .seconds(1))])
  }

  @Test func aThenContinuationAndADeferredSignalRunOnTheScheduler() {
    let trigger = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(trigger.signal.then { .deferred { slow("next", failing: Never.self) } })
    trigger.complete()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value("next", at: .seconds(1)), .completed(at: .seconds(1))])
  }

  @Test func delayedAndScheduledSubscriptionsRunOnTheScheduler() {
    let delayed = scheduler.record(
      slow(1, failing: Never.self).delaySubscription(for: .seconds(1), scheduler: scheduler)
    )
    let scheduled = scheduler.record(slow(2, failing: Never.self).subscribe(on: scheduler))
    scheduler.advance(by: .seconds(2))
    #expect(delayed.events == [.value(1, at: .seconds(2)), .completed(at: .seconds(2))])
    #expect(scheduled.events == [.value(2, at: .seconds(1)), .completed(at: .seconds(1))])
  }

  /// `subscribe(on:)` hands its executor to what the subscription starts later, even when the first
  /// subscription was not made through the scheduler.
  @Test func innerSignalsOfASubscriptionStartedOnTheSchedulerRunThereToo() {
    let outer = PassthroughSubject<Int, Never>()
    let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
    let subscription = outer.signal.flatMap(.merge) { slow($0) }.subscribe(on: scheduler).subscribe(recorder.observer)
    scheduler.advance()
    outer.send(7)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(7, at: .seconds(1))])
    subscription.dispose()
  }

  @Test func anAsyncSequenceBridgeStartedLaterRunsOnTheScheduler() {
    let outer = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(
      outer.signal.flatMap(.merge) { count in Ticks(count: count, clock: scheduler).signal }
    )
    outer.send(2)
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.value(1, at: .seconds(1)), .value(2, at: .seconds(2))])
  }

  @Test func theSourceSubscriptionOfAShareStartedLaterRunsOnTheScheduler() {
    let outer = PassthroughSubject<Int, Never>()
    let shared = slow(5, failing: Never.self).share(replay: 1)
    let recorder = scheduler.record(outer.signal.flatMap(.merge) { _ in shared })
    outer.send(1)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(5, at: .seconds(1))])
  }

  @Test func subscriptionsMadeInsideAScheduledActionRunOnTheScheduler() {
    let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
    let subscription = Locked<(any Disposable)?>(nil)
    scheduler.schedule(after: .seconds(1)) {
      let made = self.slow(3, failing: Never.self).subscribe(recorder.observer)
      subscription.withLock { $0 = made }
    }
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [.value(3, at: .seconds(2)), .completed(at: .seconds(2))])
    subscription.withLock { $0 }?.dispose()
  }
}

/// An `AsyncSequence` that yields 1 through `count`, one per second of `clock` time.
struct Ticks: AsyncSequence, Sendable {
  let count: Int
  let clock: TestScheduler

  struct AsyncIterator: AsyncIteratorProtocol {
    let count: Int
    let clock: TestScheduler
    var sent = 0

    mutating func next() async -> Int? {
      guard sent < count else { return nil }
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        return nil
      }
      sent += 1
      return sent
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(count: count, clock: clock)
  }
}
