import AsyncSignals
import Synchronization
import Testing

/// Subjects with 10,000 subscribers (issue 36): delivery in subscription order, replay, and disposal in any
/// order, including after the subscribers' registry has compacted away the places of disposed ones.
@Suite(.timeLimit(.minutes(1)))
struct SubjectsAtScaleTests {
  static let count = 10_000

  /// What each subscriber received, as (subscriber, value) in arrival order.
  final class Log: Sendable {
    let entries = Mutex<[(subscriber: Int, value: Int)]>([])

    func record(_ subscriber: Int, _ value: Int) {
      entries.withLock { $0.append((subscriber, value)) }
    }

    func take() -> [(subscriber: Int, value: Int)] {
      entries.withLock { entries in
        defer { entries = [] }
        return entries
      }
    }
  }

  static func subscribe(_ signal: Signal<Int, Never>, log: Log) -> [any Disposable] {
    (0..<count).map { subscriber in
      signal.subscribe(isolation: nil, value: { log.record(subscriber, $0) })
    }
  }

  @Test func aPassthroughSubjectDeliversInSubscriptionOrderWhileSubscribersComeAndGo() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Log()
    let subscriptions = Self.subscribe(subject.signal, log: log)
    subject.send(1)
    #expect(log.take().map(\.subscriber) == Array(0..<Self.count))
    // Dispose every third subscriber, from the front: the registry leaves places, then compacts them.
    for index in stride(from: 0, to: Self.count, by: 3) {
      subscriptions[index].dispose()
    }
    #expect(subject.subscriberCount == Self.count - (Self.count + 2) / 3)
    subject.send(2)
    let second = log.take()
    #expect(second.map(\.subscriber) == (0..<Self.count).filter { !$0.isMultiple(of: 3) })
    #expect(second.allSatisfy { $0.value == 2 })
    // New subscribers come after everyone still there, whatever places were freed.
    let late = subject.signal.subscribe(isolation: nil, value: { log.record(Self.count, $0) })
    subject.send(3)
    #expect(log.take().map(\.subscriber) == (0..<Self.count).filter { !$0.isMultiple(of: 3) } + [Self.count])
    // Everyone else leaves, from the back: nothing more arrives, and the count is back to one.
    for subscription in subscriptions.reversed() {
      subscription.dispose()
    }
    #expect(subject.subscriberCount == 1)
    subject.send(4)
    #expect(log.take().map(\.subscriber) == [Self.count])
    late.dispose()
    #expect(subject.subscriberCount == 0)
  }

  @Test func aReplaySubjectReplaysToEachOfItsSubscribersThenDeliversInOrder() {
    let subject = ReplaySubject<Int, Never>(capacity: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let log = Log()
    let subscriptions = Self.subscribe(subject.signal, log: log)
    let replayed = log.take()
    #expect(replayed.map(\.subscriber) == (0..<Self.count).flatMap { [$0, $0] })
    #expect(replayed.map(\.value) == Array(repeating: [2, 3], count: Self.count).flatMap { $0 })
    for index in stride(from: 1, to: Self.count, by: 2) {
      subscriptions[index].dispose()
    }
    subject.send(4)
    #expect(log.take().map(\.subscriber) == Array(stride(from: 0, to: Self.count, by: 2)))
    for subscription in subscriptions { subscription.dispose() }
    #expect(subject.subscriberCount == 0)
  }

  @Test func aCurrentValueSubjectSendsItsValueToEachSubscriberThenEveryChange() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let log = Log()
    let subscriptions = Self.subscribe(subject.signal, log: log)
    #expect(log.take().map(\.subscriber) == Array(0..<Self.count))
    for index in stride(from: Self.count - 1, through: 0, by: -2) {
      subscriptions[index].dispose()
    }
    subject.send(1)
    #expect(log.take().map(\.subscriber) == Array(stride(from: 0, to: Self.count, by: 2)))
    subject.complete()
    #expect(subject.subscriberCount == 0)
  }
}
