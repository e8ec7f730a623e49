import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// The operators added for Rx and Combine users, used from the main actor the way an app does: the subscriber's
/// closures touch main-actor state, and nothing is marked `@Sendable` or unsafe by hand.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MainActorOperatorTests {
  @MainActor final class Screen {
    var shown: [String] = []
    var failed = false
  }

  struct SaveError: Error {}

  @Test func aMainActorScreenSavesOncePerBurstOfTapsWithRetriesAndATimeout() {
    let scheduler = TestScheduler()
    let screen = Screen()
    let attempts = Counter()
    let taps = PassthroughSubject<Int, Never>()
    let save = Signal<String, SaveError> { observer, _ in
      if attempts.increment() == 1 { observer.fail(SaveError()) } else { observer.send("saved") }
    }
    let subscription = taps.signal
      .flatMap(.first) { _ in save.retry(upTo: 2, delay: .constant(.seconds(1)), scheduler: scheduler) }
      .timeout(idle: .seconds(10), scheduler: scheduler, switchingTo: .empty)
      .share(replay: 1, scope: .forever)
      .subscribe(value: { screen.shown.append($0) }, failed: { _ in screen.failed = true })
    taps.send(1)
    taps.send(2)  // ignored: the first save is still being retried
    scheduler.advance(by: .seconds(1))
    #expect(screen.shown == ["saved"])
    #expect(!screen.failed)
    #expect(attempts.value == 2)
    subscription.dispose()
  }
}
