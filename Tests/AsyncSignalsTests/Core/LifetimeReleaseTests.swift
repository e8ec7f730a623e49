import AsyncSignals
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
      }.subscribe(value: { _ in _ = probe })
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
      }.subscribe(value: { _ in _ = probe })
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
    let subscription = signal.subscribe()
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
    signal.subscribe()
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
