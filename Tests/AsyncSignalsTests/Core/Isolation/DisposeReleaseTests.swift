import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A main-actor view model that subscribes with closures capturing `self` strongly and keeps the subscriptions in
/// a bag: a reference cycle that only disposal breaks.
@MainActor private final class ProfileViewModel {
  var title = ""
  var finished = false
  let bag = DisposeBag()

  func bind(_ names: Signal<String, Never>) {
    names.subscribe(value: { self.title = $0 }, completed: { self.finished = true }).disposed(by: bag)
  }
}

/// An object whose release a test can wait for.
private final class ReleaseMarker: Sendable {
  let released: Gate

  init(released: Gate) {
    self.released = released
  }

  deinit {
    released.open()
  }
}

/// An actor that subscribes with a closure capturing a probe, and disposes from its own code.
private actor Subscriber {
  private var subscription: (any Disposable)?

  func subscribe(_ signal: Signal<Int, Never>, capturing probe: ReleaseMarker) {
    subscription = signal.subscribe(value: { _ in _ = probe })
  }

  func dispose() {
    subscription?.dispose()  // the subscription itself stays referenced here
  }
}

/// An actor whose subscription's closure captures `self` strongly, and which hands the disposable out (issue 35).
private actor Store {
  var latest = ""
  private let released: Gate

  init(released: Gate) {
    self.released = released
  }

  deinit {
    released.open()
  }

  func keep(_ names: Signal<String, Never>) -> any Disposable {
    names.subscribe(value: { self.latest = $0 })
  }
}

/// Contract (issue 25): `dispose()` lets go of everything the subscription holds, on every path, even while the
/// returned disposable is still referenced.
@Suite(.timeLimit(.minutes(1)))
struct DisposeReleaseTests {
  @Test @MainActor func aMainActorViewModelWithStrongSelfClosuresIsFreedWhenItsBagIsDisposed() {
    let names = PassthroughSubject<String, Never>()
    weak var weakModel: ProfileViewModel?
    let bag: DisposeBag
    do {
      let model = ProfileViewModel()
      weakModel = model
      model.bind(names.signal)
      names.send("ada")
      #expect(model.title == "ada")
      bag = model.bag
    }
    #expect(weakModel != nil)  // the cycle: bag → subscription → closure → model → bag
    bag.dispose()
    #expect(weakModel == nil)
  }

  @Test @MainActor func aMainActorSubscriptionLetsGoOfItsClosuresWhenDisposedWhileStillReferenced() {
    let subject = PassthroughSubject<Int, Never>()
    expectDisposeLetsGo { probe in subject.subscribe(value: { _ in _ = probe }) }
  }

  @Test @MainActor func aMainActorSubscriptionDisposedFromInsideItsClosureLetsGoAfterTheClosureReturns() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakProbe: ReleaseMarker?
    let box = Locked<(any Disposable)?>(nil)
    do {
      let probe = ReleaseMarker(released: Gate())
      weakProbe = probe
      box.withLock {
        $0 = subject.subscribe(value: { _ in
          _ = probe
          box.withLock { $0 }?.dispose()
          _ = probe  // still alive: the closure is running
        })
      }
    }
    subject.send(1)
    #expect(weakProbe == nil)
    #expect(box.withLock { $0 }?.isDisposed == true)
  }

  @Test func aMainActorSubscriptionDisposedFromAnotherThreadLetsGoOnTheMainActor() async {
    let released = Gate()
    let subject = PassthroughSubject<Int, Never>()
    let subscription = await MainActor.run {
      let probe = ReleaseMarker(released: released)
      return subject.subscribe(value: { _ in _ = probe })
    }
    subscription.dispose()  // off the main actor: the closures are dropped there, after a hop
    await released.wait()
    withExtendedLifetime(subscription) {}
  }

  @Test func anActorSubscriptionLetsGoOfItsClosuresWhenDisposed() async {
    let released = Gate()
    let subscriber = Subscriber()
    let subject = PassthroughSubject<Int, Never>()
    await subscriber.subscribe(subject.signal, capturing: ReleaseMarker(released: released))
    await subscriber.dispose()
    await released.wait()
  }

  @Test func anActorWhoseClosureCapturesItIsFreedByDisposeWhileTheDisposableIsKept() async {
    let released = Gate()
    let names = PassthroughSubject<String, Never>()
    let subscription = await Store(released: released).keep(names.signal)
    names.send("ada")
    subscription.dispose()  // off the actor: the closure and the actor are let go of there, after a hop
    await released.wait()
    #expect(subscription.isDisposed)
    withExtendedLifetime(subscription) {}
  }

  @Test func anActorSubscriptionLetsGoOfTheActorAfterItsTerminalEventWhileTheDisposableIsKept() async {
    let released = Gate()
    let names = PassthroughSubject<String, Never>()
    let subscription = await Store(released: released).keep(names.signal)
    names.complete()
    await released.wait()
    withExtendedLifetime(subscription) {}
  }

  @Test @MainActor func anObserverMadeOnTheMainActorIsReleasedWhenItsSubscriptionIsDisposed() {
    let subject = PassthroughSubject<Int, Never>()
    expectDisposeLetsGo { probe in subject.subscribe(Observer(value: { _ in _ = probe })) }
  }

  @Test func aSubscriptionOnNoActorLetsGoOfItsClosuresWhenDisposedWhileStillReferenced() {
    let subject = PassthroughSubject<Int, Never>()
    expectDisposeLetsGo { probe in subject.subscribe(isolation: nil, value: { _ in _ = probe }) }
  }

  @Test func aForAwaitLoopLetsGoOfTheSubscriptionWhenItsTaskIsCancelled() async {
    let released = Gate()
    let started = Gate()
    let signal = Signal<Int, Never> { (observer: Observer<Int, Never>, lifetime: Lifetime) in
      let probe = ReleaseMarker(released: released)
      lifetime.onDispose { _ = probe }
      observer.send(1)
    }
    let loop = Task {
      for await _ in signal { started.open() }
    }
    await started.wait()
    loop.cancel()
    await released.wait()
  }

  /// Subscribes with `subscribe`, whose closures capture a fresh marker, keeps the returned disposable, disposes,
  /// and expects the marker to be gone at once.
  fileprivate func expectDisposeLetsGo(
    _ subscribe: (ReleaseMarker) -> any Disposable,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    weak var weakProbe: ReleaseMarker?
    let subscription: any Disposable
    do {
      let probe = ReleaseMarker(released: Gate())
      weakProbe = probe
      subscription = subscribe(probe)
    }
    #expect(weakProbe != nil, "nothing held the closures before disposal", sourceLocation: sourceLocation)
    subscription.dispose()
    #expect(weakProbe == nil, sourceLocation: sourceLocation)
    withExtendedLifetime(subscription) {}
  }
}
