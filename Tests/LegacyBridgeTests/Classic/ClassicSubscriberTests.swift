import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import LegacyBridge
import TestSupport
import Testing

/// A main-actor log, as a RAC spec's `values` array is.
@MainActor private final class Log {
  var entries: [String] = []
}

/// RACSubjectSpec and RACSubscriberSpec, as issue 26 ported them: the classic names on hot sources subscribe at
/// once, and a subscriber built from closures handles one event at a time and nothing after its first terminal.
@Suite(.timeLimit(.minutes(1)))
struct ClassicSubscriberTests {
  // MARK: - subscribeNext on hot sources (issue 26, defect 3)

  @Test @MainActor func aReplaySubjectReplaysBeforeSubscribeNextReturns() {
    let subject = ReplaySubject<Int, Never>(capacity: 2)
    subject.sendNext(1)
    subject.sendNext(2)
    let log = Log()
    subject.subscribeNext { log.entries.append("\($0)") }
    #expect(log.entries == ["1", "2"])
    subject.sendNext(3)
    #expect(log.entries == ["1", "2", "3"])
  }

  @Test @MainActor func aCurrentValueSubjectSendsItsValueBeforeSubscribeNextReturns() {
    let subject = CurrentValueSubject<Int, Never>.behaviorSubject(withDefaultValue: 0)
    let log = Log()
    subject.subscribeNext({ log.entries.append("\($0)") }, completed: { log.entries.append("done") })
    #expect(log.entries == ["0"])
    subject.sendNext(1)
    subject.sendCompleted()
    #expect(log.entries == ["0", "1", "done"])
  }

  @Test @MainActor func aPassthroughSubjectMissesNothingSentRightAfterSubscribeNext() {
    let subject = PassthroughSubject<Int, TestError>.subject()
    let log = Log()
    subject.subscribeNext({ log.entries.append("\($0)") }, error: { log.entries.append("error \($0.code)") })
    subject.sendNext(1)
    subject.sendError(TestError(code: 7))
    subject.sendNext(2)
    #expect(log.entries == ["1", "error 7"])
  }

  @Test @MainActor func aChannelTerminalAndAConnectableSignalSubscribeAtOnce() {
    let channel = Channel<Int>()
    let log = Log()
    channel.following.subscribeNext { log.entries.append("following \($0)") }
    channel.leading.sendNext(1)
    #expect(log.entries == ["following 1"])

    let published = Signal<Int, Never>(values: [2, 3]).publish()
    published.subscribeCompleted { log.entries.append("published done") }
    published.subscribeNext { log.entries.append("published \($0)") }
    _ = published.connect()
    #expect(log.entries == ["following 1", "published 2", "published 3", "published done"])
  }

  @Test func onNoActorSubscribeNextOnASubjectSubscribesAtOnceToo() {
    let subject = ReplaySubject<Int, Never>(capacity: 1)
    subject.sendNext(1)
    let values = Locked<[Int]>([])
    subject.subscribeNext(isolation: nil) { value in values.withLock { $0.append(value) } }
    #expect(values.withLock { $0 } == [1])
  }

  // MARK: - Observer built from closures (issue 26, defect 2)

  @Test func aClosureObserverOnNoActorHandlesNothingAfterItsFirstTerminalEvent() {
    let log = Locked<[String]>([])
    let observer = Observer<Int, TestError>(
      isolation: nil,
      value: { value in log.withLock { $0.append("\(value)") } },
      failed: { _ in log.withLock { $0.append("failed") } },
      completed: { log.withLock { $0.append("completed") } }
    )
    observer.sendNext(1)
    observer.sendCompleted()
    observer.sendNext(2)
    observer.sendError(TestError(code: 1))
    #expect(log.withLock { $0 } == ["1", "completed"])
  }

  @Test func aClosureObserverSubscribedTwiceStopsAtTheFirstSubscriptionsEnd() {
    let log = Locked<[String]>([])
    let observer = Observer<Int, Never>(
      isolation: nil,
      value: { value in log.withLock { $0.append("\(value)") } },
      completed: { log.withLock { $0.append("completed") } }
    )
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    first.subscribe(observer)
    second.subscribe(observer)
    first.sendNext(1)
    first.sendCompleted()
    second.sendNext(2)
    #expect(log.withLock { $0 } == ["1", "completed"])
  }

  /// The overlap the probe saw (19 of 20 calls), forced.
  ///
  /// Thread A is inside the value closure when thread B sends. B's send must queue and return; A handles B's value
  /// after its own, never at the same time.
  @Test func aClosureObserverOnNoActorNeverRunsTwoClosuresAtOnce() {
    let inside = Locked(0)
    let mostInside = Locked(0)
    let order = Locked<[Int]>([])
    let aIsInside = DispatchSemaphore(value: 0)
    let bHasSent = DispatchSemaphore(value: 0)
    let observer = Observer<Int, Never>(
      isolation: nil,
      value: { value in
        let now = inside.withLock {
          $0 += 1
          return $0
        }
        mostInside.withLock { $0 = max($0, now) }
        order.withLock { $0.append(value) }
        if value == 1 {
          aIsInside.signal()
          bHasSent.wait()
        }
        inside.withLock { $0 -= 1 }
      }
    )
    runOnThreads([
      { observer.send(1) },
      {
        aIsInside.wait()
        observer.send(2)  // queued: returns while A is still inside the closure
        bHasSent.signal()
      },
    ])
    #expect(mostInside.withLock { $0 } == 1)
    #expect(order.withLock { $0 } == [1, 2])
  }

  @Test @MainActor func aClosureObserverOnTheMainActorHandlesNothingAfterItsFirstTerminalEvent() {
    let log = Log()
    let observer = Observer<Int, Never>(
      value: { log.entries.append("\($0)") },
      completed: { log.entries.append("completed") }
    )
    observer.sendNext(1)
    observer.sendCompleted()
    observer.sendNext(2)
    observer.sendCompleted()
    #expect(log.entries == ["1", "completed"])
  }
}

struct TestError: Error, Equatable {
  let code: Int
}
