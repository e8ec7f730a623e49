/// A subject's registered subscribers, in the order they subscribed, with O(1) amortised registration and
/// removal at any number of subscribers.
///
/// Each subscriber knows its place (``SubjectSubscriber/slot``), so removing it does not search. A removed
/// subscriber's place is filled by an inactive placeholder, which a delivery skips like any inactive subscriber,
/// so the others keep their order and the subscriber itself is released at once; the placeholders are compacted
/// away once they are as many as the subscribers (every subscriber moves at most once per compaction, so the
/// cost is amortised over the removals that made it). Removing the last entry needs no placeholder.
///
/// ```
///  entries: [a, b, c, d]  ──remove(b)──▶  [a, ·, c, d]  ──remove(d)──▶  [a, ·, c]  ──…──▶ compacted: [a, c]
/// ```
///
/// Changed only by the subject's operations, which run one at a time, between deliveries.
@usableFromInline
struct SubjectSubscribers<Value: Sendable, Failure: Error> {
  @usableFromInline
  typealias Subscriber = SubjectSubscriber<Value, Failure>

  /// The subscribers in subscription order, with a placeholder where one was removed and not compacted yet.
  @usableFromInline
  var entries: ContiguousArray<Subscriber> = []

  /// The inactive placeholder of removed subscribers, made at the first removal that needs one.
  private var placeholder: Subscriber?

  /// How many entries are the placeholder.
  private var vacancies = 0

  @usableFromInline
  init() {}

  /// The number of registered subscribers.
  var count: Int {
    entries.count - vacancies
  }

  /// Registers `subscriber` after the others.
  @usableFromInline
  mutating func append(_ subscriber: Subscriber) {
    precondition(entries.count < Int32.max, "subscribe: a subject takes at most \(Int32.max) subscribers")
    subscriber.slot.store(Int32(entries.count), ordering: .relaxed)
    entries.append(subscriber)
  }

  /// Unregisters `subscriber`; returns whether it was registered.
  @usableFromInline
  mutating func remove(_ subscriber: Subscriber) -> Bool {
    let index = Int(subscriber.slot.load(ordering: .relaxed))
    guard entries.indices.contains(index), entries[index] === subscriber else { return false }
    subscriber.slot.store(-1, ordering: .relaxed)
    if index == entries.count - 1 {
      entries.removeLast()
      dropTrailingPlaceholders()
      return true
    }
    entries[index] = vacantPlace()
    vacancies += 1
    if vacancies >= Self.minimumCompaction, vacancies * 2 >= entries.count {
      compact()
    }
    return true
  }

  /// Unregisters every subscriber; returns them in order (with placeholders, which are inactive).
  @usableFromInline
  mutating func removeAll() -> ContiguousArray<Subscriber> {
    var all: ContiguousArray<Subscriber> = []
    swap(&all, &entries)
    vacancies = 0
    return all
  }

  /// Placeholders below this many are left for a later compaction, so that a few removals never move everyone.
  static var minimumCompaction: Int { 16 }

  /// The placeholder, made once.
  private mutating func vacantPlace() -> Subscriber {
    if let placeholder { return placeholder }
    let made = Subscriber(observer: Observer { _ in }, backpressure: nil)
    made.deactivate()
    placeholder = made
    return made
  }

  /// Drops the placeholders at the end, so that the last entry is always a subscriber.
  private mutating func dropTrailingPlaceholders() {
    while vacancies > 0, let last = entries.last, last === placeholder {
      entries.removeLast()
      vacancies -= 1
    }
  }

  /// Removes every placeholder, keeping the order, and tells each subscriber its new place.
  private mutating func compact() {
    let placeholder = placeholder
    entries.removeAll { $0 === placeholder }
    for (index, subscriber) in entries.enumerated() {
      subscriber.slot.store(Int32(index), ordering: .relaxed)
    }
    vacancies = 0
  }
}
