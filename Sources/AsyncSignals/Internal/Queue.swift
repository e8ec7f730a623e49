/// A first-in, first-out queue with amortised O(1) `append` and `popFirst`.
///
/// Two arrays: appends go to `incoming`; pops come from the reversed `outgoing`, refilled when empty.
/// The library depends on no package, so it cannot use swift-collections' `Deque`.
@usableFromInline
struct Queue<Element> {
  @usableFromInline
  var incoming: [Element] = []
  @usableFromInline
  var outgoing: [Element] = []

  /// Creates an empty queue.
  @inlinable
  init() {}

  /// Whether the queue holds no element.
  @inlinable
  var isEmpty: Bool { incoming.isEmpty && outgoing.isEmpty }

  /// The number of elements.
  @inlinable
  var count: Int { incoming.count + outgoing.count }

  /// Adds an element at the back.
  @inlinable
  mutating func append(_ element: Element) {
    incoming.append(element)
  }

  /// Removes and returns the front element, or `nil` when empty.
  @inlinable
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
