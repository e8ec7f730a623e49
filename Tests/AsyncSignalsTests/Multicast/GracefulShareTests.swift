import AsyncSignals
import AsyncSignalsTesting
import Synchronization
import Testing

/// `share(replay:stopAfter:replayExpiresAfter:scheduler:…)`, sharing with a grace period (issue 39).
///
/// A shared subscription outlives its last subscriber by a grace period, and a replay outlives the subscription
/// until it expires. Every transition on the TestScheduler, drawn as marbles, frames of 100 ms.
@Suite(.timeLimit(.minutes(1)))
struct GracefulShareTests {
  enum Fault: Error, Equatable { case broken }

  let scheduler = TestScheduler(frame: .milliseconds(100))

  /// `source` shared with a replay of 1 and a grace period of three frames.
  func shared<Failure>(
    _ source: TestSignal<String, Failure>,
    resetOnFailure: Bool = true,
    resetOnCompletion: Bool = true
  ) -> Signal<String, Failure> {
    source.signal.share(
      replay: 1,
      stopAfter: scheduler.time("---|"),
      scheduler: scheduler,
      resetOnFailure: resetOnFailure,
      resetOnCompletion: resetOnCompletion
    )
  }

  /// Subscribes `recorder` to `signal` at frame `from` and disposes it at frame `to`, if any.
  func window<Failure>(_ signal: Signal<String, Failure>, from: Int, to: Int? = nil) -> TestRecorder<String, Failure> {
    let recorder = TestRecorder<String, Failure>(scheduler: scheduler)
    let held = Mutex<(any Disposable)?>(nil)
    scheduler.perform(at: scheduler.frame * from) { held.withLock { $0 = signal.subscribe(recorder.observer) } }
    if let to { scheduler.perform(at: scheduler.frame * to) { held.withLock { $0 }?.dispose() } }
    return recorder
  }

  @Test func aSubscriberBackWithinTheGracePeriodJoinsTheRunningSubscriptionAndItsReplay() {
    let source = scheduler.makeColdSignal("-a-b-c-d-e-f-g-h")
    let shared = shared(source)
    let first = window(shared, from: 0, to: 4)
    let second = window(shared, from: 6, to: 10)  // within 4 + 3 frames
    scheduler.advance(to: .seconds(2))
    first.expectMarbles("-a-b")
    second.expectMarbles("------cd-e")  // c went out while nobody listened: replayed
    source.expectSubscriptions("^------------!")  // one subscription, disposed 3 frames after the second left
  }

  @Test func aSubscriberAfterTheGracePeriodGetsTheReplayThenANewSubscription() {
    let source = scheduler.makeColdSignal("-a-b-c-d-e-f-g-h")
    let shared = shared(source)
    let first = window(shared, from: 0, to: 4)
    let second = window(shared, from: 9, to: 13)
    scheduler.advance(to: .seconds(2))
    first.expectMarbles("-a-b")
    // Stopped at 7, after the source's d of that frame: the replay kept (d), then the source from its start.
    second.expectMarbles("---------da-b")
    source.expectSubscriptions("^------!", "---------^------!")
  }

  @Test func anExpiredReplayIsNotSentAgain() {
    let source = scheduler.makeColdSignal("-a-b-c-d-e-f-g-h")
    let shared = source.signal.share(
      replay: 1,
      stopAfter: scheduler.time("---|"),
      replayExpiresAfter: scheduler.time("-|"),
      scheduler: scheduler
    )
    _ = window(shared, from: 0, to: 4)
    let second = window(shared, from: 9, to: 12)
    let withinExpiry = window(shared, from: 14, to: 16)
    scheduler.advance(to: .seconds(2))
    second.expectMarbles("----------a-")  // stopped at 7, replay dropped at 8: nothing replayed at 9
    // The second connection stops at 15 (12 + 3): at 14 this one joins it, its replay (b) and its c.
    withinExpiry.expectMarbles("--------------(bc)")
  }

  @Test func aFailureDuringTheGracePeriodResetsTheShareByDefault() {
    let source = scheduler.makeColdSignal("-a-b#", values: [Character: String](), failure: Fault.broken)
    let shared = shared(source)
    let first = window(shared, from: 0, to: 2)
    let second = window(shared, from: 6)
    scheduler.advance(to: .seconds(2))
    first.expectMarbles("-a")
    second.expectMarbles("-------a-b#", failure: .broken)  // started over
    #expect(source.subscriptions.count == 2)
  }

  @Test func withoutResetAFailureDuringTheGracePeriodIsReplayedWithTheLastValue() {
    let source = scheduler.makeColdSignal("-a-b#", values: [Character: String](), failure: Fault.broken)
    let shared = shared(source, resetOnFailure: false)
    _ = window(shared, from: 0, to: 2)
    let second = window(shared, from: 6)
    scheduler.advance(to: .seconds(2))
    second.expectMarbles("------(b#)", failure: .broken)
    #expect(source.subscriptions.count == 1)
  }

  @Test func aCompletionDuringTheGracePeriodResetsOrIsReplayedAsChosen() {
    let source = scheduler.makeColdSignal("-a-b|")
    let resetting = shared(source)
    let keeping = shared(source, resetOnCompletion: false)
    _ = window(resetting, from: 0, to: 2)
    _ = window(keeping, from: 0, to: 2)
    let restarted = window(resetting, from: 6)
    let replayed = window(keeping, from: 6)
    scheduler.advance(to: .seconds(2))
    restarted.expectMarbles("-------a-b|")
    replayed.expectMarbles("------(b|)")
    #expect(source.subscriptions.count == 3)  // two first runs, one restart
  }
}
