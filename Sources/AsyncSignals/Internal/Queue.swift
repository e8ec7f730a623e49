/// A first-in, first-out queue with amortised O(1) `append` and `popFirst`, which allocates nothing once its
/// storage has grown to the queue's peak length.
///
/// One array of slots and the index of the front slot: `popFirst` moves the front element out (leaving `nil`,
/// so the queue never holds the last reference to an element it handed out, and never releases one) and
/// advances the index. When the queue runs empty the slots are cleared in place, keeping their capacity; a queue
/// that never runs empty compacts once the popped slots are at least half of its storage. (The previous
/// two-array queue copied its back array into a new, reversed front array on every refill: one allocation per
/// refill, which a delivery queue that empties after each event or two paid per event.)
/// The library depends on no package, so it cannot use swift-collections' `Deque`.
@usableFromInline
struct Queue<Element> {
  /// The slots; those before `head` have been popped and hold `nil`.
  @usableFromInline
  var slots: [Element?] = []
  /// The index of the front element in `slots`.
  @usableFromInline
  var head = 0

  /// Creates an empty queue.
  @inlinable
  init() {}

  /// Whether the queue holds no element.
  @inlinable
  var isEmpty: Bool { head == slots.count }

  /// The number of elements.
  @inlinable
  var count: Int { slots.count - head }

  /// Adds an element at the back.
  @inlinable
  mutating func append(_ element: Element) {
    slots.append(element)
  }

  /// Removes and returns the front element, or `nil` when empty.
  @inlinable
  mutating func popFirst() -> Element? {
    guard head < slots.count else { return nil }
    let element = slots[head].take()
    head += 1
    if head == slots.count {
      // Only `nil` slots are left: clearing them releases nothing.
      slots.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 32, head * 2 >= slots.count {
      slots.removeFirst(head)
      head = 0
    }
    return element
  }
}

extension Queue: Sendable where Element: Sendable {}
