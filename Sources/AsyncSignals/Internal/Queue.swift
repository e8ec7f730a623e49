/// A first-in, first-out queue with amortised O(1) `append` and `popFirst`.
///
/// Two arrays: appends go to `incoming`; pops come from the reversed `outgoing`, refilled when empty.
/// The library depends on no package, so it cannot use swift-collections' `Deque`.
struct Queue<Element> {
  private var incoming: [Element] = []
  private var outgoing: [Element] = []

  /// Creates an empty queue.
  init() {}

  /// Whether the queue holds no element.
  var isEmpty: Bool { incoming.isEmpty && outgoing.isEmpty }

  /// The number of elements.
  var count: Int { incoming.count + outgoing.count }

  /// Adds an element at the back.
  mutating func append(_ element: Element) {
    incoming.append(element)
  }

  /// Removes and returns the front element, or `nil` when empty.
  mutating func popFirst() -> Element? {
    if outgoing.isEmpty {
      guard !incoming.isEmpty else { return nil }
      outgoing = incoming.reversed()
      incoming.removeAll(keepingCapacity: true)
    }
    return outgoing.popLast()
  }
}

extension Queue: Sendable where Element: Sendable {}
