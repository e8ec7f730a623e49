import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import Synchronization
import TestSupport
import Testing

/// Where the rest of a bounded drain runs: on the subscription's executor, so that a `TestScheduler` runs it in
/// virtual time (Docs/Contracts.md rule 6), not on a thread the test cannot see.
@Suite(.timeLimit(.minutes(1)))
struct SerialDeliveryHandOffTests {
  /// A thread that sends one value into `observer` each time it is asked, and says when the send returned.
  final class Producer: Sendable {
    /// What the producer's thread and the test share.
    final class Handshake: Sendable {
      let asked = DispatchSemaphore(value: 0)
      let sent = DispatchSemaphore(value: 0)
      let next = Atomic(0)
    }

    private let handshake = Handshake()
    private let done: DispatchSemaphore

    init(sendingInto observer: @escaping @Sendable () -> Observer<Int, Never>?, upTo last: Int) {
      let handshake = handshake
      done = startThread {
        while true {
          handshake.asked.wait()
          let value = handshake.next.add(1, ordering: .relaxed).newValue
          guard value <= last else { return }
          observer()?.send(value)
          handshake.sent.signal()
        }
      }
    }

    /// Asks for the next value and waits until its send returned (queued behind the delivery in progress).
    func sendOneMore() {
      handshake.asked.signal()
      handshake.sent.wait()
    }

    /// Stops the thread and waits for it.
    func stop() {
      handshake.next.store(.max - 1, ordering: .relaxed)
      handshake.asked.signal()
      done.wait()
    }
  }

  /// A caller that drains 1,024 values for another thread hands the rest to a Task on the test scheduler.
  ///
  /// The caller owns delivery, and each value it delivers makes another thread queue one more. The Task prefers
  /// the subscription's executor, the test scheduler, so nothing more is delivered until the test runs it.
  @Test func theRestOfALongDrainWaitsForTheTestScheduler() {
    let last = 1_100
    let scheduler = TestScheduler()
    let captured = Locked<Observer<Int, Never>?>(nil)
    let producer = Producer(sendingInto: { captured.withLock { $0 } }, upTo: last)
    let signal = Signal<Int, Never> { observer, _ in captured.withLock { $0 = observer } }
      .map { value in
        if value < last { producer.sendOneMore() }
        return value
      }
    let recorder = scheduler.record(signal)
    captured.withLock { $0 }?.send(0)
    // The caller delivered its own value and 1,024 of the producer's, then handed off with one queued.
    #expect(recorder.untimedEvents == (0...1_024).map { .value($0) })
    #expect(scheduler.pendingCount == 1)
    scheduler.run()
    #expect(recorder.untimedEvents == (0...last).map { .value($0) })
    producer.stop()
  }
}
