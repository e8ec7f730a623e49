import AsyncSignals
import TestSupport
import Testing

@Suite struct ActionDisposableTests {
  @Test func runsItsActionOnce() {
    let runs = Counter()
    let disposable = ActionDisposable { runs.increment() }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(runs.value == 1)
    #expect(disposable.isDisposed)
  }

  // Repeating timers read `isDisposed` on every tick. In a debug build, passing a bare closure `inout` through the
  // generic lock wrapped it in two more reabstraction thunks per call, so memory grew with every read and the
  // final `dispose()` overflowed the stack walking the chain of thunks (issue 21, part 4).
  @Test func readingIsDisposedAMillionTimesKeepsTheActionFlat() {
    let runs = Counter()
    let disposable = ActionDisposable { runs.increment() }
    var disposedReads = 0
    for _ in 0..<1_000_000 where disposable.isDisposed {
      disposedReads += 1
    }
    disposable.dispose()
    #expect(disposedReads == 0)
    #expect(runs.value == 1)
    #expect(disposable.isDisposed)
  }
}

@Suite struct CompositeDisposableTests {
  @Test func disposesEverythingInTheOrderAdded() {
    let order = Locked<[Int]>([])
    let composite = CompositeDisposable()
    composite.add(ActionDisposable { order.withLock { $0.append(1) } })
    composite.add { order.withLock { $0.append(2) } }
    composite += ActionDisposable { order.withLock { $0.append(3) } }
    composite.dispose()
    composite.dispose()
    #expect(order.withLock { $0 } == [1, 2, 3])
    #expect(composite.isDisposed)
  }

  @Test func addingToADisposedCompositeDisposesAtOnce() {
    let composite = CompositeDisposable()
    composite.dispose()
    let late = ActionDisposable()
    let key = composite.add(late)
    #expect(late.isDisposed)
    #expect(key == nil)
  }

  @Test func removedDisposablesAreNotDisposed() throws {
    let composite = CompositeDisposable()
    let kept = ActionDisposable()
    let removed = ActionDisposable()
    composite.add(kept)
    let key: CompositeDisposable.Key = try #require(composite.add(removed))
    composite.remove(key)
    composite.dispose()
    #expect(kept.isDisposed)
    #expect(!removed.isDisposed)
  }

  @Test func initialDisposablesAreOwned() {
    let first = ActionDisposable()
    let second = ActionDisposable()
    CompositeDisposable([first, second]).dispose()
    #expect(first.isDisposed && second.isDisposed)
  }
}

@Suite struct SerialDisposableTests {
  @Test func replacingTheInnerDisposesThePreviousOne() {
    let serial = SerialDisposable()
    let first = ActionDisposable()
    let second = ActionDisposable()
    serial.inner = first
    serial.inner = second
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    #expect(serial.inner === second)
  }

  @Test func settingTheSameInnerAgainKeepsIt() {
    let inner = ActionDisposable()
    let serial = SerialDisposable(inner)
    serial.inner = inner
    #expect(!inner.isDisposed)
  }

  @Test func disposingDisposesTheInnerAndEveryLaterOne() {
    let serial = SerialDisposable()
    let first = ActionDisposable()
    serial.inner = first
    serial.dispose()
    #expect(first.isDisposed)
    let late = ActionDisposable()
    serial.inner = late
    #expect(late.isDisposed)
    #expect(serial.inner == nil)
    #expect(serial.isDisposed)
  }
}

@Suite struct ScopedDisposableTests {
  @Test func disposesTheInnerOnDeinit() {
    let inner = ActionDisposable()
    do {
      let scoped = inner.scoped()
      #expect(!scoped.isDisposed)
    }
    #expect(inner.isDisposed)
  }
}

@Suite struct DisposeBagTests {
  @Test func disposesEverythingOnDeinit() {
    let first = ActionDisposable()
    let second = ActionDisposable()
    do {
      let bag = DisposeBag()
      first.disposed(by: bag)
      second.disposed(by: bag)
      #expect(!first.isDisposed)
    }
    #expect(first.isDisposed && second.isDisposed)
  }

  @Test func disposeDisposesEverythingInTheOrderAdded() {
    let bag = DisposeBag()
    let order = Locked<[String]>([])
    ActionDisposable { order.withLock { $0.append("first") } }.disposed(by: bag)
    ActionDisposable { order.withLock { $0.append("second") } }.disposed(by: bag)
    #expect(!bag.isDisposed)
    bag.dispose()
    #expect(bag.isDisposed)
    #expect(order.withLock { $0 } == ["first", "second"])
  }

  /// As a `CompositeDisposable` (and RAC's and RxSwift's bags) does: nothing outlives an owner that let go.
  @Test func aDisposedBagDisposesLaterAdditionsAtOnce() {
    let bag = DisposeBag()
    bag.dispose()
    let late = ActionDisposable()
    late.disposed(by: bag)
    #expect(late.isDisposed)
    let cleanups = Counter()
    Signal<Int, Never> { _, lifetime in lifetime.onDispose { cleanups.increment() } }
      .subscribe(Observer { _ in })
      .disposed(by: bag)
    #expect(cleanups.value == 1)
  }

  @Test func subscriptionsInABagEndWithIt() {
    let cleanups = Counter()
    do {
      let bag = DisposeBag()
      Signal<Int, Never> { _, lifetime in lifetime.onDispose { cleanups.increment() } }
        .subscribe(isolation: nil)
        .disposed(by: bag)
    }
    #expect(cleanups.value == 1)
  }
}

@Suite struct LifetimeTests {
  @Test func addingToAnEndedLifetimeRunsAtOnce() {
    let lifetime = Lifetime()
    lifetime.dispose()
    let runs = Counter()
    lifetime.onDispose { runs.increment() }
    let late = ActionDisposable()
    lifetime += late
    #expect(runs.value == 1)
    #expect(late.isDisposed)
  }
}
