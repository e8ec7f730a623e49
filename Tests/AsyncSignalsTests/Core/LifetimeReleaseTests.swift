import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Contract: after termination or disposal the observer and what the body captured for cleanup are released.
@Suite(.timeLimit(.minutes(1)))
struct LifetimeReleaseTests {
  final class Probe: Sendable {}

  @Test func observerIsReleasedAfterCompletion() {
    weak var weakProbe: Probe?
    let captured = Locked<Observer<Int, Never>?>(nil)
    do {
      let probe = Probe()
      weakProbe = probe
      Signal<Int, Never> { observer, _ in
        captured.withLock { $0 = observer }  // the body keeps its observer alive beyond the subscription
        observer.complete()
      }.subscribe(isolation: nil, value: { _ in _ = probe })
    }
    #expect(weakProbe == nil)
    #expect(captured.withLock { $0 } != nil)
  }

  @Test func observerIsReleasedAfterDisposal() {
    weak var weakProbe: Probe?
    let captured = Locked<Observer<Int, Never>?>(nil)
    let subscription: any Disposable
    do {
      let probe = Probe()
      weakProbe = probe
      subscription = Signal<Int, Never> { observer, _ in
        captured.withLock { $0 = observer }
      }.subscribe(isolation: nil, value: { _ in _ = probe })
    }
    #expect(weakProbe != nil)
    subscription.dispose()
    #expect(weakProbe == nil)
  }

  @Test func objectsCapturedByCleanupAreReleasedAfterDisposal() {
    let weakResource = WeakReference<Probe>()
    let signal = Signal<Int, Never> { _, lifetime in
      let resource = Probe()
      weakResource.object = resource
      lifetime.onDispose { _ = resource }
    }
    let subscription = signal.subscribe(isolation: nil)
    #expect(weakResource.object != nil)
    subscription.dispose()
    #expect(weakResource.object == nil)
  }

  @Test func objectsCapturedByCleanupAreReleasedAfterFailure() {
    struct Boom: Error {}
    let weakResource = WeakReference<Probe>()
    let signal = Signal<Int, Boom> { observer, lifetime in
      let resource = Probe()
      weakResource.object = resource
      lifetime.onDispose { _ = resource }
      observer.fail(Boom())
    }
    signal.subscribe(isolation: nil)
    #expect(weakResource.object == nil)
  }

  @Test func forAwaitConsumerReleasesTheObserverWhenTheLoopEnds() async {
    let weakResource = WeakReference<Probe>()
    let signal = Signal<Int, Never> { observer, lifetime in
      let resource = Probe()
      weakResource.object = resource
      lifetime.onDispose { _ = resource }
      observer.send(1)
    }
    for await _ in signal {
      #expect(weakResource.object != nil)
      break
    }
    #expect(weakResource.object == nil)
  }
}

/// The same contract for a signal with an `async` body, whose Task holds the body's captures.
///
/// The subscription starts on a `TestScheduler`, so the body's Task runs only inside `advance`: when `advance`
/// returns, every job of the Task that was due has run, including its end, which releases the Task's closure.
/// That is the handshake; nothing sleeps.
extension LifetimeReleaseTests {
  /// An async-body subscription and weak references to what it holds.
  final class AsyncSubscription {
    /// The subscription, already started on the scheduler.
    let subscription: any Disposable
    /// An object the body's closure captured and uses after its wait.
    let resource = WeakReference<Probe>()
    /// An object the subscriber's observer captured.
    let handler = WeakReference<Probe>()
    /// The events the subscriber received.
    let recorder = TestRecorder<Int, Never>()
    /// Opened by the body when it returns.
    let bodyEnded = Gate()

    /// Subscribes on `scheduler` to a body that waits `wait` there (cancellably), sends 1 and returns.
    init(waitingFor wait: Duration, on scheduler: TestScheduler) {
      let (recorder, bodyEnded) = (recorder, bodyEnded)
      let resource = Probe()
      let handler = Probe()
      self.resource.object = resource
      self.handler.object = handler
      let signal = Signal<Int, Never> { observer in
        defer { bodyEnded.open() }
        do {
          try await scheduler.sleep(for: wait)
        } catch {
          return
        }
        withExtendedLifetime(resource) {}
        await observer.send(1)
      }
      subscription = signal.subscribe(on: scheduler).subscribe(
        Observer { event in
          withExtendedLifetime(handler) {}
          recorder.observer.send(event: event)
        }
      )
      scheduler.advance()  // subscribes: the body starts and waits
    }
  }

  @Test func asyncBodyReleasesItsCapturesAndTheObserverAfterDisposal() {
    let scheduler = TestScheduler()
    let subscribed = AsyncSubscription(waitingFor: .seconds(3_600), on: scheduler)
    #expect(subscribed.resource.object != nil)
    #expect(subscribed.handler.object != nil)
    #expect(!subscribed.bodyEnded.isOpen)

    subscribed.subscription.dispose()
    #expect(subscribed.handler.object == nil)
    // Disposing cancelled the body's Task; its wait threw and the Task's next job, which ends it, is due now.
    scheduler.advance()
    #expect(subscribed.bodyEnded.isOpen)
    #expect(subscribed.resource.object == nil)
    #expect(subscribed.recorder.untimedEvents == [])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func asyncBodyReleasesItsCapturesAndTheObserverAfterCompletion() {
    let scheduler = TestScheduler()
    let subscribed = AsyncSubscription(waitingFor: .seconds(1), on: scheduler)
    #expect(subscribed.resource.object != nil)
    #expect(subscribed.handler.object != nil)
    #expect(!subscribed.bodyEnded.isOpen)

    scheduler.advance(by: .seconds(1))  // the body wakes, sends, returns: the signal completes
    #expect(subscribed.recorder.untimedEvents == [.value(1), .completed])
    #expect(subscribed.bodyEnded.isOpen)
    #expect(subscribed.resource.object == nil)
    #expect(subscribed.handler.object == nil)
    #expect(scheduler.pendingCount == 0)
  }
}
