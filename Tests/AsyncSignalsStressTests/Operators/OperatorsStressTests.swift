import AsyncSignals
import Dispatch
import TestSupport
import Testing

/// The operators with two inputs and `groupBy` under real concurrency; run under the thread sanitizer.
///
/// Deliveries are recorded in `UnsynchronizedBox`es: an overlap would be a data race that TSan reports.
@Suite(.timeLimit(.minutes(1)))
struct OperatorsStressTests {
  /// A hot source whose observer a test drives from its own threads.
  final class Source<Value: Sendable>: Sendable {
    private let captured = Locked<Observer<Value, Never>?>(nil)

    var signal: Signal<Value, Never> {
      Signal { [self] observer, _ in captured.withLock { $0 = observer } }
    }

    var observer: Observer<Value, Never> {
      captured.withLock { $0 } ?? Observer { _ in }
    }
  }

  static let rounds = 200
  static let valuesPerRound = 200

  @Test func takeUntilDeliversAPrefixThenOneCompletionWhileTheTriggerFiresConcurrently() {
    for _ in 0..<Self.rounds {
      let receiver = Source<Int>()
      let trigger = Source<Void>()
      let events = UnsynchronizedBox<[Event<Int, Never>]>([])
      let subscription = receiver.signal.take(until: trigger.signal).subscribe(
        Observer { events.value.append($0) }
      )
      let (values, fire) = (receiver.observer, trigger.observer)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          for value in 0..<Self.valuesPerRound { values.send(value) }
        } else {
          fire.send(())
        }
      }
      subscription.dispose()
      let received = events.value
      #expect(received.last == .completed)
      #expect(received.dropLast().compactMap(\.value) == Array(0..<(received.count - 1)))
    }
  }

  @Test func sampleOnlySendsValuesThatWereSentInOrderWhileTheSamplerFiresConcurrently() {
    for _ in 0..<Self.rounds {
      let receiver = Source<Int>()
      let sampler = Source<Void>()
      let sampled = UnsynchronizedBox<[Int]>([])
      let subscription = receiver.signal.sample(on: sampler.signal).subscribe(
        isolation: nil,
        value: { sampled.value.append($0) }
      )
      let (values, fire) = (receiver.observer, sampler.observer)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        for value in 0..<Self.valuesPerRound {
          if thread == 0 { values.send(value) } else { fire.send(()) }
        }
      }
      subscription.dispose()
      let received = sampled.value
      #expect(received == received.sorted())
      #expect(received.allSatisfy { (0..<Self.valuesPerRound).contains($0) })
    }
  }

  @Test func withLatestPairsWithAValueTheOtherSentWhileBothSendConcurrently() {
    for _ in 0..<Self.rounds {
      let receiver = Source<Int>()
      let other = Source<Int>()
      let pairs = UnsynchronizedBox<[(Int, Int)]>([])
      let subscription = receiver.signal.withLatest(from: other.signal).subscribe(
        isolation: nil,
        value: { pairs.value.append($0) }
      )
      let (values, latest) = (receiver.observer, other.observer)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        for value in 0..<Self.valuesPerRound {
          if thread == 0 { values.send(value) } else { latest.send(value) }
        }
      }
      subscription.dispose()
      let received = pairs.value
      #expect(received.map(\.0) == received.map(\.0).sorted())
      #expect(received.map(\.1) == received.map(\.1).sorted())
    }
  }

  @Test func aGroupsFirstSubscriberGetsEveryValueOnceAndInOrderWhileValuesKeepComing() {
    for _ in 0..<Self.rounds {
      let upstream = Source<Int>()
      let groups = Locked<[GroupedSignal<Int, Int, Never>]>([])
      let subscription = upstream.signal.groupBy { _ in 0 }.subscribe(
        isolation: nil,
        value: { group in groups.withLock { $0.append(group) } }
      )
      let values = upstream.observer
      values.send(-1)  // creates the group before the race
      let group = groups.withLock { $0[0] }
      let received = UnsynchronizedBox<[Int]>([])
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          for value in 0..<Self.valuesPerRound { values.send(value) }
        } else {
          group.signal.subscribe(isolation: nil, value: { received.value.append($0) })
        }
      }
      subscription.dispose()
      #expect(received.value == Array(-1..<Self.valuesPerRound))
    }
  }
}
