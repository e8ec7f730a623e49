import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

/// Serial delivery and disposal under real concurrency; run under the thread sanitizer by `.ci/run`.
@Suite(.timeLimit(.minutes(1)))
struct SerialDeliveryStressTests {
  /// Records deliveries without a lock, so that an overlap is both counted and reported by TSan.
  final class SerialProbe: Sendable {
    private let inside = Locked(0)
    private let overlaps = Locked(0)
    let received = UnsynchronizedBox<[Int]>([])

    var overlapCount: Int { overlaps.withLock { $0 } }

    func deliver(_ value: Int) {
      let concurrent = inside.withLock {
        $0 += 1
        return $0
      }
      if concurrent > 1 { overlaps.withLock { $0 += 1 } }
      received.value.append(value)
      inside.withLock { $0 -= 1 }
    }

    /// Checks that `senders` senders' values `sender * sendsPerSender + index` arrived without overlap, each
    /// once, and each sender's in the order it sent them.
    func expectEveryValueOnceInEachSendersOrder(senders: Int, sendsPerSender: Int) {
      let received = received.value
      #expect(overlapCount == 0)
      #expect(received.count == senders * sendsPerSender)
      #expect(Set(received).count == senders * sendsPerSender)
      for sender in 0..<senders {
        let own = received.filter { $0 / sendsPerSender == sender }
        #expect(own == own.sorted())
      }
    }
  }

  @Test func concurrentSendsArriveSeriallyWithNoneLostOrDuplicated() async {
    let threads = 8
    let sendsPerThread = 10_000
    let captured = Locked<Observer<Int, Never>?>(nil)
    let probe = SerialProbe()
    let completed = DispatchSemaphore(value: 0)
    let subscription = Signal<Int, Never> { observer, _ in captured.withLock { $0 = observer } }
      .subscribe(isolation: nil, value: { probe.deliver($0) }, completed: { completed.signal() })
    let observer = captured.withLock { $0 }!
    await onOwnThread {
      runOnThreads(count: threads) { thread in
        for index in 0..<sendsPerThread {
          observer.send(thread * sendsPerThread + index)
        }
      }
      // A send may return before its value is delivered: the completion comes after every value.
      observer.complete()
      completed.wait()
    }
    subscription.dispose()
    probe.expectEveryValueOnceInEachSendersOrder(senders: threads, sendsPerSender: sendsPerThread)
  }

  @Test func sendsFromOtherThreadsWhileTheBodySendsArriveSeriallyWithNoneLost() {
    let threads = 4
    let sendsPerSender = 10_000
    let probe = SerialProbe()
    // The body (sender 0) owns delivery while it runs; senders 1...4 send from their threads at the same time,
    // so their sends queue and the body's thread delivers them between its own.
    let subscription = Signal<Int, Never> { observer, _ in
      let others = DispatchGroup()
      DispatchQueue.global().async(group: others) {
        runOnThreads(count: threads) { thread in
          for index in 0..<sendsPerSender { observer.send((thread + 1) * sendsPerSender + index) }
        }
      }
      for index in 0..<sendsPerSender { observer.send(index) }
      others.wait()
    }.subscribe(isolation: nil, value: { probe.deliver($0) })
    subscription.dispose()
    probe.expectEveryValueOnceInEachSendersOrder(senders: threads + 1, sendsPerSender: sendsPerSender)
  }

  @Test func nothingStartsBeingDeliveredAfterDisposeReturns() {
    var violations = 0
    for _ in 0..<10_000 {
      let captured = Locked<Observer<Int, Never>?>(nil)
      let delivered = Counter()
      let subscription = Signal<Int, Never> { observer, _ in captured.withLock { $0 = observer } }
        .subscribe(isolation: nil, value: { _ in delivered.increment() })
      let observer = captured.withLock { $0 }!
      let countAtDispose = Locked(0)
      DispatchQueue.concurrentPerform(iterations: 2) { role in
        if role == 0 {
          for value in 0..<20 { observer.send(value) }
        } else {
          subscription.dispose()
          countAtDispose.withLock { $0 = delivered.value }
        }
      }
      // At most the one delivery already past its check when dispose ran may finish afterwards.
      if delivered.value > countAtDispose.withLock({ $0 }) + 1 { violations += 1 }
    }
    #expect(violations == 0)
  }

  @Test func cleanupRunsExactlyOnceWhenDisposalRacesCompletion() {
    var wrongCleanupCounts = 0
    var eventsAfterTerminal = 0
    for _ in 0..<10_000 {
      let captured = Locked<Observer<Int, Never>?>(nil)
      let cleanups = Counter()
      let recorder = TestRecorder<Int, Never>()
      let subscription = Signal<Int, Never> { observer, lifetime in
        captured.withLock { $0 = observer }
        lifetime.onDispose { cleanups.increment() }
      }.subscribe(recorder.observer)
      let observer = captured.withLock { $0 }!
      DispatchQueue.concurrentPerform(iterations: 2) { role in
        if role == 0 {
          observer.send(1)
          observer.complete()
          observer.send(2)
        } else {
          subscription.dispose()
        }
      }
      if cleanups.value != 1 { wrongCleanupCounts += 1 }
      let events = recorder.untimedEvents
      if let end = events.firstIndex(where: \.isTerminal), end != events.count - 1 { eventsAfterTerminal += 1 }
    }
    #expect(wrongCleanupCounts == 0)
    #expect(eventsAfterTerminal == 0)
  }

  @Test func concurrentSendsReachAForAwaitConsumerWithNoneLost() async {
    let threads = 4
    let sendsPerThread = 10_000
    let signal = Signal<Int, Never> { observer, _ in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
          for index in 0..<sendsPerThread {
            observer.send(thread * sendsPerThread + index)
          }
        }
        observer.complete()
      }
    }
    var received = Set<Int>()
    var count = 0
    for await value in signal {
      received.insert(value)
      count += 1
    }
    #expect(count == threads * sendsPerThread)
    #expect(received.count == threads * sendsPerThread)
  }
}
