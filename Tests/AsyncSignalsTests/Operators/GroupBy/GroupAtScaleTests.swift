import AsyncSignals
import Synchronization
import Testing

/// A `groupBy` group with 10,000 subscribers (issue 36): the first gets the buffered values, everyone gets the
/// later ones in subscription order, and subscribers leave from anywhere in the list.
@Suite(.timeLimit(.minutes(1)))
struct GroupAtScaleTests {
  @Test func aGroupDeliversInSubscriptionOrderWhileSubscribersComeAndGo() {
    let count = 10_000
    let source = PassthroughSubject<Int, Never>()
    let groups = Mutex<[GroupedSignal<Bool, Int, Never>]>([])
    let outer = source.signal.groupBy { $0.isMultiple(of: 2) }.subscribe(
      isolation: nil,
      value: { group in groups.withLock { $0.append(group) } }
    )
    source.send(0)  // buffered for the group's first subscriber
    let even = groups.withLock { $0[0] }
    let log = Mutex<[(subscriber: Int, value: Int)]>([])
    let subscriptions = (0..<count).map { subscriber in
      even.signal.subscribe(isolation: nil, value: { value in log.withLock { $0.append((subscriber, value)) } })
    }
    #expect(log.withLock { $0.map(\.subscriber) } == [0])  // the replay went to the first subscriber only
    log.withLock { $0 = [] }
    source.send(2)
    #expect(log.withLock { $0.map(\.subscriber) } == Array(0..<count))
    log.withLock { $0 = [] }
    for index in stride(from: 0, to: count, by: 3) {
      subscriptions[index].dispose()
    }
    source.send(4)
    #expect(log.withLock { $0.map(\.subscriber) } == (0..<count).filter { !$0.isMultiple(of: 3) })
    for subscription in subscriptions {
      subscription.dispose()
    }
    log.withLock { $0 = [] }
    source.send(6)
    #expect(log.withLock { $0.isEmpty })
    outer.dispose()
  }
}
