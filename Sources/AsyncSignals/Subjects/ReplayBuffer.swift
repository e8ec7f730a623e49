/// The values a subject replays to a new subscriber: the newest `capacity` values, oldest first.
///
/// A ring buffer: once full, each append overwrites the oldest value in place, so a bounded buffer never
/// allocates after it has filled up. A capacity of zero keeps nothing (a passthrough subject); `Int.max`
/// keeps everything. Copies share storage until one of them is mutated.
@usableFromInline
struct ReplayBuffer<Value>: Sequence {
  /// The most values kept.
  @usableFromInline
  let capacity: Int
  @usableFromInline
  var storage: ContiguousArray<Value> = []
  /// The index in `storage` of the oldest value; non-zero only once the buffer is full.
  @usableFromInline
  var head = 0

  /// Creates an empty buffer keeping at most `capacity` values.
  @usableFromInline
  init(capacity: Int) {
    precondition(capacity >= 0, "ReplayBuffer: internal inconsistency, negative capacity \(capacity)")
    self.capacity = capacity
  }

  /// The number of values kept.
  var count: Int { storage.count }

  /// The newest value, or `nil` when empty.
  var last: Value? {
    guard !storage.isEmpty else { return nil }
    return storage[(head + storage.count - 1) % storage.count]
  }

  /// Appends `value`, and returns the value it evicted (for the caller to release after unlocking).
  @inlinable
  @inline(__always)
  mutating func append(_ value: Value) -> Value? {
    guard capacity > 0 else { return value }
    guard storage.count == capacity else {
      storage.append(value)
      return nil
    }
    let evicted = storage[head]
    storage[head] = value
    head += 1
    if head == capacity { head = 0 }
    return evicted
  }

  /// Iterates the values, oldest first.
  @usableFromInline
  func makeIterator() -> Iterator {
    Iterator(buffer: self)
  }

  /// Iterates a buffer's values, oldest first.
  @usableFromInline
  struct Iterator: IteratorProtocol {
    fileprivate let buffer: ReplayBuffer
    private var offset = 0

    fileprivate init(buffer: ReplayBuffer) {
      self.buffer = buffer
    }

    /// The next value, or `nil` after the newest.
    @usableFromInline
    mutating func next() -> Value? {
      guard offset < buffer.storage.count else { return nil }
      defer { offset += 1 }
      return buffer.storage[(buffer.head + offset) % buffer.storage.count]
    }
  }
}

extension ReplayBuffer: Sendable where Value: Sendable {}
