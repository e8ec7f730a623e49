import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LifetimeTests {
  final class ViewModel: Sendable {
    let token = LifetimeToken()
  }

  @Test func endedCompletesWhenTheTokensOwnerIsReleased() {
    var model: ViewModel? = ViewModel()
    let recorder = TestRecorder<Never, Never>()
    model!.token.lifetime.ended.subscribe(recorder.observer)
    #expect(recorder.untimedEvents.isEmpty)
    model = nil
    #expect(recorder.untimedEvents.count == 1)
    #expect(recorder.untimedEvents.first?.isTerminal == true)
  }

  @Test func endedCompletesAtOnceForAnEndedLifetime() {
    let lifetime = Lifetime()
    lifetime.dispose()
    let completed = Counter()
    lifetime.ended.subscribeCompleted(isolation: nil) { completed.increment() }
    #expect(completed.value == 1)
  }

  @Test func takeDuringCompletesWhenTheObjectIsReleased() {
    var model: ViewModel? = ViewModel()
    let source = PassthroughSubject<Int, Never>()
    let sourceDisposed = Counter()
    let recorder = TestRecorder<Int, Never>()
    source.signal.on(disposed: { sourceDisposed.increment() }).take(during: model!.token.lifetime)
      .subscribe(recorder.observer)
    source.send(1)
    model = nil
    source.send(2)
    #expect(recorder.untimedEvents == [.value(1), .completed])
    #expect(sourceDisposed.value == 1)
  }

  @Test func endingTheSubscriptionReleasesTheSubscriberButNotTheLifetime() {
    let model = ViewModel()
    let subscriber = WeakReference<Counter>()
    var subscription: (any Disposable)?
    do {
      let counter = Counter()
      subscriber.object = counter
      subscription = Signal<Int, Never>.never.take(during: model.token.lifetime)
        .subscribeNext(isolation: nil) { _ in counter.increment() }
    }
    #expect(subscriber.object != nil)
    subscription?.dispose()
    #expect(subscriber.object == nil)
    #expect(!model.token.lifetime.isDisposed)
  }
}
