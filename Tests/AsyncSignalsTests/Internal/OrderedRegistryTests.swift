import Testing

@testable import AsyncSignals

/// The registry of ``ObserverList`` and `groupBy`'s groups: order kept, O(1) amortised removal by key.
@Suite struct OrderedRegistryTests {
  static func registry(_ count: Int) -> OrderedRegistry<Int> {
    var registry = OrderedRegistry<Int>()
    for element in 0..<count {
      registry.append(element, key: element * 7)  // keys need not be the positions
    }
    return registry
  }

  @Test func removingByKeyKeepsTheOthersInOrderAndReturnsTheElement() {
    var registry = Self.registry(10)
    let removed = [3, 0, 7].map { registry.remove(key: $0 * 7) }
    #expect(removed == [3, 0, 7])
    #expect(registry.count == 7)
    #expect(registry.entries.compactMap { $0 } == [1, 2, 4, 5, 6, 8, 9])
  }

  @Test func anUnknownOrRemovedKeyRemovesNothing() {
    var registry = Self.registry(3)
    let first = registry.remove(key: 7)
    let again = registry.remove(key: 7)
    let unknown = registry.remove(key: 5)
    #expect(first == 1 && again == nil && unknown == nil)
    #expect(registry.count == 2)
  }

  @Test func removingTheLastLeavesNoEmptyPlaceBehind() {
    var registry = Self.registry(4)
    registry.remove(key: 2 * 7)
    registry.remove(key: 3 * 7)
    #expect(registry.entries.count == 2)
    #expect(registry.entries.compactMap { $0 } == [0, 1])
  }

  @Test func compactionAtTenThousandKeepsTheOrderAndEveryKey() {
    var registry = Self.registry(10_000)
    for element in stride(from: 0, to: 10_000, by: 2) {
      registry.remove(key: element * 7)
    }
    #expect(registry.entries.count == 5_000)  // compacted: no empty place left
    #expect(registry.entries.compactMap { $0 } == Array(stride(from: 1, to: 10_000, by: 2)))
    for element in stride(from: 1, to: 10_000, by: 2) {
      let removed = registry.remove(key: element * 7)
      #expect(removed == element)
    }
    #expect(registry.isEmpty)
    #expect(registry.entries.isEmpty)
  }

  @Test func removeAllHandsOverTheElementsInOrder() {
    var registry = Self.registry(5)
    registry.remove(key: 2 * 7)
    let all = registry.removeAll()
    #expect(all == [0, 1, 3, 4])
    #expect(registry.isEmpty && registry.entries.isEmpty)
  }
}
