import AsyncSignals
import Dispatch
import Synchronization
import TestSupport
import Testing

/// `OneShotSubject` under real concurrency; run under the thread sanitizer by `.ci/run` (issue 39).
@Suite(.timeLimit(.minutes(1)))
struct OneShotSubjectStressTests {
  /// Values one subscriber received, in order; appended only from the subject's serial delivery to it.
  final class Inbox: Sendable {
    let values = UnsynchronizedBox<[Int]>([])
    /// Signalled by the completion: a send may return before its value is delivered, the completion comes last.
    let completed = DispatchSemaphore(value: 0)
    var observer: Observer<Int, Never> {
      Observer(
        isolation: nil,
        value: { [values] value in values.value.append(value) },
        completed: { [completed] in completed.signal() }
      )
    }
  }

  /// Every value once, and each sender's values in the order it sent them.
  static func expectEachOnceInOrder(_ received: [Int], senders: Int, sendsPerSender: Int) {
    #expect(received.count == senders * sendsPerSender)
    #expect(Set(received).count == received.count)
    for sender in 0..<senders {
      let own = received.filter { $0 / sendsPerSender == sender }
      #expect(own == own.sorted(), "sender \(sender)'s values out of order")
    }
  }

  @Test func concurrentSendsReachTheOldestSubscriberOnceInOrderWhileOthersComeAndGo() async {
    let senders = 3
    let sendsPerSender = 5_000
    let subject = OneShotSubject<Int, Never>(bufferingPolicy: .unbounded)
    let oldest = Inbox()
    let subscription = subject.subscribe(oldest.observer)
    let churned = Inbox()
    var bodies: [@Sendable () -> Void] = (0..<senders).map { index in
      { for value in 0..<sendsPerSender { subject.send(index * sendsPerSender + value) } }
    }
    bodies.append {
      for _ in 0..<500 { subject.subscribe(churned.observer).dispose() }  // never the oldest: receives nothing
    }
    await onOwnThread { [bodies] in
      runOnThreads(bodies)
      subject.complete()
      oldest.completed.wait()
    }
    Self.expectEachOnceInOrder(oldest.values.value, senders: senders, sendsPerSender: sendsPerSender)
    #expect(churned.values.value.isEmpty)
    subscription.dispose()
  }

  @Test func aSubscriberArrivingMidwayTakesTheKeptValuesThenTheRestOnceInOrder() async {
    let senders = 2
    let sendsPerSender = 5_000
    let subject = OneShotSubject<Int, Never>(bufferingPolicy: .unbounded)
    let late = Inbox()
    let subscription = Mutex<(any Disposable)?>(nil)
    var bodies: [@Sendable () -> Void] = (0..<senders).map { index in
      { for value in 0..<sendsPerSender { subject.send(index * sendsPerSender + value) } }
    }
    bodies.append { subscription.withLock { $0 = subject.subscribe(late.observer) } }
    await onOwnThread { [bodies] in
      runOnThreads(bodies)
      subject.complete()
      late.completed.wait()
    }
    Self.expectEachOnceInOrder(late.values.value, senders: senders, sendsPerSender: sendsPerSender)
    #expect(subject.bufferedCount == 0)
    subscription.withLock { $0 }?.dispose()
  }
}
