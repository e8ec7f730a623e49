import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Asynchronous senders and bounded `for await` loops on different threads, under the thread sanitizer.
///
/// `.ci/run` runs them with TSan. A sender reads the loop's room flag without a lock, so these check the bound
/// and the delivery while producer and consumer really run in parallel.
@Suite(.timeLimit(.minutes(1)))
struct BackpressureStressTests {
  static let limit = 8
  static let count = 20_000

  /// An async body never has more than `limit` values unconsumed, and the loop receives every value in order.
  @Test func asyncBodyStaysWithinTheBoundWhileTheLoopRunsInParallel() async {
    let sent = Counter()
    let consumed = Counter()
    let maximumInFlight = Locked(0)
    let signal = Signal<Int, Never> { observer in
      for value in 0..<Self.count {
        await observer.send(value)
        let inFlight = sent.increment() - consumed.value
        maximumInFlight.withLock { $0 = max($0, inFlight) }
      }
    }
    let received = await Task.detached {
      var received: [Int] = []
      received.reserveCapacity(Self.count)
      for await value in signal.asyncBuffering(.bufferingOldest(Self.limit)) {
        consumed.increment()
        received.append(value)
      }
      return received
    }.value
    #expect(received.elementsEqual(0..<Self.count))
    #expect(maximumInFlight.withLock { $0 } <= Self.limit)
  }

  /// `sendWhenReady` from one producer loses nothing in several bounded loops consuming on other threads.
  @Test func sendWhenReadyDropsNothingForBoundedLoopsInParallel() async {
    let consumers = 4
    let sends = 5_000
    // A current-value subject sends -1 to each new loop, which tells the producer that loop is subscribed.
    let subject = CurrentValueSubject<Int, Never>(-1)
    let subscribed = Counter()
    let allSubscribed = Gate()
    let loops = (0..<consumers).map { _ in
      Task.detached {
        var received: [Int] = []
        for await value in subject.signal.asyncBuffering(.bufferingOldest(Self.limit)) {
          if value == -1 {
            if subscribed.increment() == consumers { allSubscribed.open() }
          } else {
            received.append(value)
          }
        }
        return received
      }
    }
    await allSubscribed.wait()
    for value in 0..<sends {
      await subject.sendWhenReady(value)
    }
    subject.complete()
    for loop in loops {
      #expect(await loop.value.elementsEqual(0..<sends))
    }
  }
}
