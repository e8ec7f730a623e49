import Testing

@testable import AsyncSignals

/// The registry of a subject's subscribers, as a value: O(1) registration and removal that keep the order.
@Suite struct SubjectSubscribersTests {
  typealias Subscriber = SubjectSubscriber<Int, Never>

  static func subscribers(_ count: Int) -> [Subscriber] {
    (0..<count).map { _ in Subscriber(observer: Observer { _ in }, backpressure: nil) }
  }

  /// The active entries, in order: what a delivery reaches.
  static func reached(_ registry: SubjectSubscribers<Int, Never>) -> [ObjectIdentifier] {
    registry.entries.filter(\.isActive).map(ObjectIdentifier.init)
  }

  @Test func removingKeepsTheOthersInSubscriptionOrder() {
    let all = Self.subscribers(10)
    var registry = SubjectSubscribers<Int, Never>()
    for subscriber in all { registry.append(subscriber) }
    for index in [3, 0, 7] {
      let removed = registry.remove(all[index])
      #expect(removed)
    }
    #expect(registry.count == 7)
    #expect(Self.reached(registry) == [1, 2, 4, 5, 6, 8, 9].map { ObjectIdentifier(all[$0]) })
  }

  @Test func removingTheLastEntryLeavesNoPlaceholderBehind() {
    let all = Self.subscribers(4)
    var registry = SubjectSubscribers<Int, Never>()
    for subscriber in all { registry.append(subscriber) }
    let middle = registry.remove(all[2])  // a placeholder in the middle
    let last = registry.remove(all[3])  // the last: it goes, and so does the placeholder before it
    #expect(middle && last)
    #expect(registry.entries.count == 2)
    #expect(registry.count == 2)
  }

  @Test func aSubscriberIsRemovedOnce() {
    let all = Self.subscribers(3)
    var registry = SubjectSubscribers<Int, Never>()
    for subscriber in all { registry.append(subscriber) }
    let first = registry.remove(all[1])
    let again = registry.remove(all[1])
    let stranger = registry.remove(Self.subscribers(1)[0])  // never registered
    #expect(first && !again && !stranger)
    #expect(registry.count == 2)
  }

  @Test func compactionKeepsTheOrderAndEverySlot() {
    let all = Self.subscribers(10_000)
    var registry = SubjectSubscribers<Int, Never>()
    for subscriber in all { registry.append(subscriber) }
    // Remove every other subscriber, none of them the last: placeholders as many as the subscribers, compacted.
    for index in stride(from: 0, to: 10_000, by: 2) {
      let removed = registry.remove(all[index])
      #expect(removed)
    }
    #expect(registry.count == 5_000)
    #expect(registry.entries.count == 5_000)  // compacted: no placeholder left
    let kept = stride(from: 1, to: 10_000, by: 2).map { all[$0] }
    #expect(Self.reached(registry) == kept.map(ObjectIdentifier.init))
    // After compaction every slot still finds its subscriber: removing each of them works.
    for subscriber in kept {
      let removed = registry.remove(subscriber)
      #expect(removed)
    }
    #expect(registry.count == 0)
    #expect(registry.entries.isEmpty)
  }

  @Test func removeAllHandsOverEveryoneInOrder() {
    let all = Self.subscribers(3)
    var registry = SubjectSubscribers<Int, Never>()
    for subscriber in all { registry.append(subscriber) }
    let handedOver = registry.removeAll()
    #expect(handedOver.map(ObjectIdentifier.init) == all.map(ObjectIdentifier.init))
    #expect(registry.count == 0)
  }

  @Test func pacedSubscribersAreRemovedInPlace() {
    let all = Self.subscribers(5)
    var paced = PacedSubscribers<Int, Never>()
    for subscriber in all { paced.append(subscriber) }
    paced.remove(all[1])
    paced.remove(all[1])  // not there any more: nothing happens
    paced.remove(all[4])
    #expect(Set(paced.entries.map(ObjectIdentifier.init)) == Set([0, 2, 3].map { ObjectIdentifier(all[$0]) }))
    for subscriber in [all[0], all[2], all[3]] {
      paced.remove(subscriber)
    }
    #expect(paced.entries.isEmpty)
  }
}
