import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// The `for await` buffer's lock-free ring with producer and consumer on different threads, under the thread
/// sanitizer: order, nothing lost or duplicated, and every wake-up (consumer, waiting senders, the end).
@Suite(.timeLimit(.minutes(1)))
struct ForAwaitRingStressTests {
  static let count = 20_000

  /// A synchronous producer far ahead of the loop fills the ring and goes on in the overflow; the loop gets
  /// every value once, in order.
  @Test func synchronousProducerOnAnotherThreadLosesNothing() async {
    let subject = PassthroughSubject<Int, Never>()
    let subscribed = Gate()
    let loop = Task.detached {
      var received: [Int] = []
      received.reserveCapacity(Self.count)
      for await value in subject.announcingSubscription(subscribed) { received.append(value) }
      return received
    }
    await subscribed.wait()
    await Task.detached {
      for value in 0..<Self.count { subject.send(value) }
      subject.complete()
    }.value
    #expect(await loop.value.elementsEqual(0..<Self.count))
  }

  /// A synchronous body sends from the loop's own thread while its subscription is made (the prelude, no lock)
  /// and another thread sends too: the loop gets every value in the order the signal delivered them.
  @Test func preludeAndAnotherThreadKeepTheDeliveryOrder() async {
    for _ in 0..<200 {
      let delivered = UnsynchronizedBox<[Int]>([])  // appended by serial delivery, read after the loop
      let signal = Signal<Int, Never> { observer, _ in
        let other = startThread { for value in 1_000..<1_100 { observer.send(value) } }
        for value in 0..<100 { observer.send(value) }
        other.wait()
        observer.complete()
      }
      .on(value: { delivered.value.append($0) })
      var received: [Int] = []
      for await value in signal { received.append(value) }
      #expect(received == delivered.value)
      #expect(received.count == 200)
    }
  }

  /// An asynchronous body never drops, whatever the policy, while the loop runs on another thread.
  @Test(arguments: [BufferingPolicy.unbounded, .bufferingOldest(3), .bufferingNewest(3)])
  func asyncBodyLosesNothingUnderEveryPolicy(policy: BufferingPolicy) async {
    let signal = Signal<Int, Never> { observer in
      for value in 0..<Self.count { await observer.send(value) }
    }
    let received = await Task.detached {
      var received: [Int] = []
      received.reserveCapacity(Self.count)
      for await value in signal.asyncBuffering(policy) { received.append(value) }
      return received
    }.value
    #expect(received.elementsEqual(0..<Self.count))
  }

  /// A loop that leaves at once, again and again, while its body waits for room or sends: the body always
  /// learns that the subscription ended and returns (a lost wake-up would hang here).
  @Test func leavingTheLoopAlwaysStopsTheBody() async {
    for round in 0..<300 {
      let stopped = Gate()
      let signal = Signal<Int, Never> { observer in
        var next = 0
        while await observer.send(next) { next += 1 }
        stopped.open()
      }
      let taken = round % 7
      await Task.detached {
        var seen = 0
        for await _ in signal.asyncBuffering(.bufferingOldest(2)) {
          seen += 1
          if seen > taken { break }
        }
      }.value
      await stopped.wait()
    }
  }

  /// Cancelling the loop's Task while its body waits for room wakes the body at the loop's next `next()`.
  @Test func cancellingTheLoopWakesAWaitingBody() async {
    for _ in 0..<300 {
      let stopped = Gate()
      let firstValue = Gate()
      let cancelled = Gate()
      let signal = Signal<Int, Never> { observer in
        var next = 0
        while await observer.send(next) { next += 1 }
        stopped.open()
      }
      let loop = Task.detached {
        for await _ in signal.asyncBuffering(.bufferingOldest(1)) {
          firstValue.open()
          await cancelled.wait()  // meanwhile the body, one value in flight, waits for room
        }
      }
      await firstValue.wait()
      loop.cancel()
      cancelled.open()
      await stopped.wait()
      await loop.value
    }
  }

  /// Several producers call `sendWhenReady` at once: a bounded loop on another thread still gets every value
  /// of each, in each producer's order.
  @Test func sendWhenReadyFromSeveralProducersDropsNothing() async {
    let producers = 4
    let sends = 2_000
    let subject = PassthroughSubject<Int, Never>()
    let subscribed = Gate()
    let loop = Task.detached {
      var received: [Int] = []
      for await value in subject.announcingSubscription(subscribed).asyncBuffering(.bufferingOldest(4)) {
        received.append(value)
      }
      return received
    }
    await subscribed.wait()
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<producers {
        group.addTask {
          for value in 0..<sends { await subject.sendWhenReady(producer * sends + value) }
        }
      }
    }
    subject.complete()
    let received = await loop.value
    #expect(received.count == producers * sends)
    for producer in 0..<producers {
      let own = received.filter { $0 / sends == producer }
      #expect(own.elementsEqual(producer * sends..<(producer + 1) * sends))
    }
  }
}
