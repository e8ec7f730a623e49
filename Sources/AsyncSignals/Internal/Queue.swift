/// A first-in, first-out queue with amortised O(1) `append` and `popFirst`, which allocates nothing once its
/// storage has grown to the queue's peak length.
///
/// One array of slots and the indices of the front and back: `popFirst` moves the front element out (leaving
/// `nil`, so the queue never holds the last reference to an element it handed out, and never releases one) and
/// advances the front. When the queue runs empty both indices go back to 0 and its `nil` slots are reused by
/// the next appends, without a call into the array (clearing it in place cost flatMap, whose delivery queue
/// empties after every inner, about 4% of its time); a queue that never runs empty compacts once the popped
/// slots are at least half of those in use. (The previous
/// two-array queue copied its back array into a new, reversed front array on every refill: one allocation per
/// refill, which a delivery queue that empties after each event or two paid per event.)
/// The library depends on no package, so it cannot use swift-collections' `Deque`.
@usableFromInline
struct Queue<Element> {
  /// The slots; those before `head` have been popped and those from `tail` on are free: both hold `nil`.
  @usableFromInline
  var slots: [Element?] = []
  /// The index of the front element in `slots`.
  @usableFromInline
  var head = 0
  /// The index of the first free slot after the elements.
  @usableFromInline
  var tail = 0

  /// Creates an empty queue.
  @inlinable
  init() {}

  /// Whether the queue holds no element.
  @inlinable
  var isEmpty: Bool { head == tail }

  /// The number of elements.
  @inlinable
  var count: Int { tail - head }

  /// Adds an element at the back.
  @inlinable
  mutating func append(_ element: Element) {
    if tail < slots.count {
      slots[tail] = element
    } else {
      slots.append(element)
    }
    tail += 1
  }

  /// Removes and returns the front element, or `nil` when empty.
  @inlinable
  mutating func popFirst() -> Element? {
    guard head < tail else { return nil }
    let element = slots[head].take()
    head += 1
    if head == tail {
      // Only `nil` slots are left: the next appends reuse them.
      head = 0
      tail = 0
    } else if head >= 32, head * 2 >= tail {
      slots.removeFirst(head)
      tail -= head
      head = 0
    }
    return element
  }
}

extension Queue: Sendable where Element: Sendable {}
