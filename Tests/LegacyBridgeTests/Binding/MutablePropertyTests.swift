import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct MutablePropertyTests {
  @Test func signalSendsTheCurrentValueFirstThenEachChange() {
    let property = MutableProperty(1)
    property.value = 2
    let recorder = TestRecorder<Int, Never>()
    property.signal.subscribe(recorder.observer)
    property.value = 3
    property.modify { $0 *= 10 }
    #expect(recorder.values == [2, 3, 30])
    #expect(property.value == 30)
  }

  @Test func aSubscriberThatChangesThePropertyReceivesTheChangesInOrder() {
    let property = MutableProperty(0)
    let recorder = TestRecorder<Int, Never>()
    property.signal.subscribe(recorder.observer)
    property.signal.subscribeNext(isolation: nil) { value in
      if value == 1 { property.value = 2 }
    }
    property.value = 1
    #expect(recorder.values == [0, 1, 2])
  }

  @Test func signalCompletesWhenThePropertyIsReleased() {
    var property: MutableProperty<Int>? = MutableProperty(1)
    let recorder = TestRecorder<Int, Never>()
    property?.signal.subscribe(recorder.observer)
    property = nil
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }

  @Test func concurrentModifiesLoseNoUpdateAndEndOnTheLastValue() async {
    let property = MutableProperty(0)
    let last = Locked(0)
    let subscription = property.signal.subscribeNext(isolation: nil) { value in last.withLock { $0 = value } }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<500 { property.modify { $0 += 1 } }
        }
      }
    }
    #expect(property.value == 2000)
    #expect(last.withLock { $0 } == 2000)
    subscription.dispose()
  }
}

@Suite(.timeLimit(.minutes(1)))
struct BindTests {
  final class Target: @unchecked Sendable {
    // Safety: the tests write and read `text` from one task only, synchronously.
    var text = ""
  }

  @Test @MainActor func bindWritesEachValueToTheKeyPath() {
    let source = PassthroughSubject<String, Never>()
    let target = Target()
    source.signal.bind(to: target, \.text)
    source.send("a")
    #expect(target.text == "a")
    source.send("b")
    #expect(target.text == "b")
  }

  @Test @MainActor func bindEndsWhenTheTargetIsReleased() {
    let source = PassthroughSubject<String, Never>()
    let disposed = Counter()
    var target: Target? = Target()
    let binding = source.signal.on(disposed: { disposed.increment() }).bind(to: target!, \.text)
    target = nil
    #expect(disposed.value == 0)
    source.send("after release")
    #expect(disposed.value == 1)
    #expect(binding.isDisposed)
  }

  @Test @MainActor func bindEndsWhenTheSignalEndsOrOnDisposal() {
    let source = PassthroughSubject<String, Never>()
    let target = Target()
    let binding = source.signal.bind(to: target, \.text)
    binding.dispose()
    source.send("ignored")
    #expect(target.text == "")
    Signal<String, Never>.return("done").bind(to: target, \.text)
    #expect(target.text == "done")
  }

  @Test func bindToAPropertyKeepsItInStep() {
    let source = MutableProperty("x")
    let mirror = MutableProperty("")
    source.signal.bind(to: mirror)
    #expect(mirror.value == "x")
    source.value = "y"
    #expect(mirror.value == "y")
  }
}

@Suite(.timeLimit(.minutes(1)))
struct MutablePropertyLockTests {
  /// A value whose `deinit` reads the property that held it, which takes the property's lock.
  final class Reader: Sendable {
    let property: WeakReference<MutableProperty<Reader?>>
    let readsInDeinit: Counter

    init(property: WeakReference<MutableProperty<Reader?>>, readsInDeinit: Counter) {
      self.property = property
      self.readsInDeinit = readsInDeinit
    }

    deinit {
      // With the lock held while the old value is released, this read would deadlock.
      _ = property.object?.value
      readsInDeinit.increment()
    }
  }

  @Test func theReplacedValueIsReleasedUnderNoLock() {
    let slot = WeakReference<MutableProperty<Reader?>>()
    let readsInDeinit = Counter()
    let property = MutableProperty<Reader?>(Reader(property: slot, readsInDeinit: readsInDeinit))
    slot.object = property
    property.value = nil
    #expect(readsInDeinit.value == 1)
  }
}
