import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import LegacyBridge
import TestSupport
import Testing

/// A main-actor log.
@MainActor private final class Log {
  var entries: [Int] = []
}

/// Issue 26 item 7: RACSchedulerSpec's main-thread promises.
@Suite(.timeLimit(.minutes(1)))
struct ClassicMainThreadTests {
  @Test @MainActor func deliverOnMainThreadDeliversAtOnceOnTheMainThreadWithNothingQueued() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Log()
    let subscription = subject.signal.deliverOnMainThread().subscribeNext { log.entries.append($0) }
    subject.sendNext(1)
    #expect(log.entries == [1])  // no hop
    subject.sendNext(2)
    #expect(log.entries == [1, 2])
    subscription.dispose()
  }

  @Test @MainActor func deliverOnMainThreadHopsInOrderFromAnotherThreadAndThenDeliversAtOnceAgain() async {
    let subject = PassthroughSubject<Int, Never>()
    let log = Log()
    let arrived = Gate()
    let subscription = subject.signal.deliverOnMainThread().subscribeNext {
      log.entries.append($0)
      if $0 == 3 { arrived.open() }
    }
    runOnThreads(count: 1) { _ in
      for value in 1...3 { subject.send(value) }  // the main actor is blocked here: all three queue
    }
    #expect(log.entries.isEmpty)
    await arrived.wait()
    #expect(log.entries == [1, 2, 3])
    subject.sendNext(4)
    #expect(log.entries == [1, 2, 3, 4])
    subscription.dispose()
  }

  @Test @MainActor func aValueSentFromAMainSchedulerActionReachesAMainActorSubscriberAtOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    let log = Log()
    let subscription = subject.subscribeNext { log.entries.append($0) }
    let done = Gate()
    let seenInTheAction = Locked<[Int]>([])
    MainScheduler.shared.schedule {
      subject.send(1)
      // The action runs on the main queue, which is the main actor's: the value was delivered synchronously.
      let entries = MainActor.assumeIsolated { log.entries }
      seenInTheAction.withLock { $0 = entries }
      done.open()
    }
    await done.wait()
    #expect(seenInTheAction.withLock { $0 } == [1])
    subscription.dispose()
  }

  @Test @MainActor func repeatOfASignalSubscribedOnTheMainSchedulerStopsAtTake() async {
    let log = Log()
    let completed = Gate()
    let subscription = Signal<Int, Never>.just(1).subscribeOn(MainScheduler.shared).repeat().take(1).subscribeNext(
      { log.entries.append($0) },
      completed: { completed.open() }
    )
    await completed.wait()
    #expect(log.entries == [1])
    subscription.dispose()
  }
}
