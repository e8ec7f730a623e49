/// Elements kept in the order they were added, each under a key, with O(1) amortised addition and removal by
/// key at any size: the registry of a hot source's subscribers (``ObserverList`` in LegacyBridge, a `groupBy`
/// group).
///
/// A removed element's place is emptied (`nil`), so the others keep their order and the element is released at
/// once; the empty places are compacted away once they are as many as the elements, and the places of the keys
/// are found again then (each element moves at most once per compaction, so the cost is amortised over the
/// removals that made it). Removing the last element leaves no empty place. Iterate ``entries`` and skip `nil`.
///
/// ```swift
/// var registry = OrderedRegistry<String>()
/// registry.append("a", key: 1)
/// registry.append("b", key: 2)
/// registry.remove(key: 1)               // "a"
/// registry.entries.compactMap { $0 }    // ["b"]
/// ```
package struct OrderedRegistry<Element> {
  /// The elements in the order they were added, `nil` where one was removed and not compacted yet.
  package private(set) var entries: ContiguousArray<Element?> = []

  /// Where each key's element is in `entries`.
  private var places: [Int: Int] = [:]

  /// How many entries are `nil`.
  private var vacancies = 0

  /// Creates an empty registry.
  package init() {}

  /// The number of elements.
  package var count: Int {
    places.count
  }

  /// Whether there is no element.
  package var isEmpty: Bool {
    places.isEmpty
  }

  /// Adds `element` after the others, under `key`, which must not be in use.
  package mutating func append(_ element: Element, key: Int) {
    precondition(places[key] == nil, "OrderedRegistry.append: key \(key) is already in use")
    places[key] = entries.count
    entries.append(element)
  }

  /// Removes the element under `key` and returns it (to be released by the caller), or `nil` if there is none.
  @discardableResult
  package mutating func remove(key: Int) -> Element? {
    guard let index = places.removeValue(forKey: key) else { return nil }
    let removed = entries[index]
    if index == entries.count - 1 {
      entries.removeLast()
      while vacancies > 0, entries.last.map({ $0 == nil }) == true {
        entries.removeLast()
        vacancies -= 1
      }
    } else {
      entries[index] = nil
      vacancies += 1
      if vacancies >= Self.minimumCompaction, vacancies * 2 >= entries.count {
        compact()
      }
    }
    return removed
  }

  /// Removes every element; returns them in order.
  package mutating func removeAll() -> [Element] {
    defer {
      entries = []
      places = [:]
      vacancies = 0
    }
    return entries.compactMap { $0 }
  }

  /// Empty places below this many are left for a later compaction, so that a few removals never move everyone.
  private static var minimumCompaction: Int { 16 }

  /// Removes the empty places, keeping the order, and records where each key's element is now.
  private mutating func compact() {
    var keyAt = [Int?](repeating: nil, count: entries.count)
    for (key, index) in places {
      keyAt[index] = key
    }
    var compacted = ContiguousArray<Element?>()
    compacted.reserveCapacity(places.count)
    for index in entries.indices {
      guard let key = keyAt[index] else { continue }
      places[key] = compacted.count
      compacted.append(entries[index])
    }
    entries = compacted
    vacancies = 0
  }
}
