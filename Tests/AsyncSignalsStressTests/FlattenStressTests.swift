import AsyncSignals
import Dispatch
import TestSupport
import Testing

/// `merge` and `flatten(.latest)` under real concurrency; run under the thread sanitizer.
///
/// Deliveries are recorded in `UnsynchronizedBox`es: an overlap would be a data race that TSan reports.
@Suite(.timeLimit(.minutes(1)))
struct FlattenStressTests {
  /// A hot source whose observer a test drives from its own threads.
  final class HotSource<Value: Sendable>: Sendable {
    private let captured = Locked<Observer<Value, Never>?>(nil)

    var signal: Signal<Value, Never> {
      Signal { [self] observer, _ in captured.withLock { $0 = observer } }
    }

    var observer: Observer<Value, Never> {
      captured.withLock { $0 } ?? Observer { _ in }
    }
  }

  @Test func mergeOf8SourcesSendingFrom8ThreadsDeliversEveryValueOnceAndSerially() async {
    let sourceCount = 8
    let valuesPerSource = 2_000
    for _ in 0..<10 {
      let sources = (0..<sourceCount).map { _ in HotSource<Int>() }
      let received = UnsynchronizedBox<[Int]>([])
      let completions = UnsynchronizedBox(0)
      let completed = DispatchSemaphore(value: 0)
      let subscription = Signal.merge(sources.map(\.signal)).subscribe(
        isolation: nil,
        value: { received.value.append($0) },
        completed: {
          completions.value += 1
          completed.signal()
        }
      )
      await onOwnThread {
        runOnThreads(count: sourceCount) { index in
          let observer = sources[index].observer
          for value in 0..<valuesPerSource {
            observer.send(index * valuesPerSource + value)
          }
          observer.complete()
        }
        // A send may return before its value is delivered (a busy delivery hands long drains to a Task): the
        // completion, delivered after every value, says when delivery is over.
        completed.wait()
      }
      subscription.dispose()
      #expect(completions.value == 1)
      #expect(received.value.count == sourceCount * valuesPerSource)
      #expect(received.value.sorted() == Array(0..<sourceCount * valuesPerSource))
    }
  }

  @Test func latestNeverDeliversAValueOfAReplacedInner() {
    let innerCount = 300
    for _ in 0..<10 {
      let outer = HotSource<Signal<Int, Never>>()
      let inners = Locked<[Observer<Int, Never>]>([])
      // Written when an inner is subscribed and read at each delivery: both happen inside the operator's
      // serialised handler, so the box is race-free exactly when the operator serialises.
      let current = UnsynchronizedBox(-1)
      let stale = UnsynchronizedBox(0)
      let lastDelivered = UnsynchronizedBox(-1)
      let subscription = outer.signal.flatten(.latest).subscribe(
        isolation: nil,
        value: { index in
          lastDelivered.value = index
          if index != current.value { stale.value += 1 }
        }
      )
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          for index in 0..<innerCount {
            outer.observer.send(
              Signal { observer, _ in
                current.value = index
                inners.withLock { $0.append(observer) }
              }
            )
          }
        } else {
          // Sends on whichever inners exist, old and new, completing some, for a fixed number of rounds (it
          // never waits for the other thread, which may run before or after it).
          for round in 0..<3 * innerCount {
            let (index, observer) = inners.withLock { ($0.count - 1, $0.last) }
            if let observer {
              observer.send(index)
              if round.isMultiple(of: 7) { observer.complete() }
              let older = inners.withLock { $0.count > 1 ? $0[$0.count - 2] : nil }
              older?.send(index - 1)
            }
          }
        }
      }
      // The race may deliver nothing (the sending thread can finish before the first inner exists), so one
      // more inner, sent after it, checks that the operator still delivers from the newest inner.
      outer.observer.send(
        Signal { observer, _ in
          current.value = innerCount
          observer.send(innerCount)
        }
      )
      subscription.dispose()
      #expect(stale.value == 0)
      #expect(lastDelivered.value == innerCount)
    }
  }
}
