/// One thing a composite owner tears down.
enum DisposalEntry: Sendable {
  /// Dispose another disposable.
  case disposable(any Disposable)
  /// Run a cleanup closure.
  case action(@Sendable () -> Void)
  /// Cancel a Task started on behalf of the owner.
  case task(Task<Void, Never>)

  /// Carries out the teardown.
  ///
  /// Call it without holding a lock: it calls user code.
  func run() {
    switch self {
    case .disposable(let disposable): disposable.dispose()
    case .action(let action): action()
    case .task(let task): task.cancel()
    }
  }
}

/// The state shared by ``CompositeDisposable`` and ``Lifetime``: the entries to tear down, then disposed.
///
/// It is a pure value: it never runs an entry itself. Each mutation returns what the caller must run after
/// releasing its lock (an entry added too late, or every entry at disposal).
///
/// The first two entries are stored inline, so a lifetime that only ever holds two entries allocates no array:
/// the common subscription holds its serial delivery, and an inner subscription's child lifetime often one more.
///
/// Removal by token is O(log n) amortised at any size (a `flatMap(.merge)` parent whose thousands of children end
/// in any order, a `CompositeDisposable` used as a bag): tokens grow with each addition, so the later entries are
/// sorted by token and found by binary search; a removed one leaves an empty place (released at once), and the
/// empty places are compacted away once they are as many as the entries.
struct DisposalList {
  /// An entry with the token that removes it.
  typealias Item = (token: UInt64, entry: DisposalEntry)
  /// A later entry, `nil` once removed (until the next compaction).
  typealias Slot = (token: UInt64, entry: DisposalEntry?)

  /// What ``add(_:)`` asks the caller to do.
  enum AddAction {
    /// The entry was stored; `token` removes it again.
    case stored(token: UInt64)
    /// The owner is already disposed: run the entry now.
    case runNow(DisposalEntry)
  }

  private enum State {
    /// Accepting entries, kept in the order added: `first`, then `second`, then `rest` (a slot left empty
    /// by a removal is only refilled while every later slot is empty). `nextToken` numbers the next one;
    /// `vacancies` counts the removed places in `rest`.
    case active(first: Item?, second: Item?, rest: [Slot], vacancies: Int, nextToken: UInt64)
    /// Disposed: every entry was handed out once; new ones run at once.
    case disposed
  }

  private var state = State.active(first: nil, second: nil, rest: [], vacancies: 0, nextToken: 0)

  /// Moves the state out, leaving `.disposed` behind; every mutation puts the new state back.
  ///
  /// A move, not a copy: matching on `state` in place copied each entry out (a retain) and released it again
  /// when the state was rewritten, and kept `rest` shared, so that appending to it copied the array.
  private mutating func takeState() -> State {
    var taken = State.disposed
    swap(&state, &taken)
    return taken
  }

  /// How many entries are stored (0 once disposed).
  var count: Int {
    switch state {
    case .active(let first, let second, let rest, let vacancies, _):
      (first == nil ? 0 : 1) + (second == nil ? 0 : 1) + rest.count - vacancies
    case .disposed: 0
    }
  }

  /// Whether ``dispose()`` has happened.
  var isDisposed: Bool {
    switch state {
    case .active: false
    case .disposed: true
    }
  }

  /// Stores an entry, or hands it back to be run at once when already disposed.
  mutating func add(_ entry: DisposalEntry) -> AddAction {
    switch takeState() {
    case .active(let first, let second, var rest, let vacancies, let token):
      let item = (token: token, entry: entry)
      if first == nil, second == nil, rest.isEmpty {
        state = .active(first: item, second: nil, rest: rest, vacancies: vacancies, nextToken: token &+ 1)
        return .stored(token: token)
      }
      if second == nil, rest.isEmpty {
        state = .active(first: first, second: item, rest: rest, vacancies: vacancies, nextToken: token &+ 1)
        return .stored(token: token)
      }
      rest.append((token: token, entry: entry))
      state = .active(first: first, second: second, rest: rest, vacancies: vacancies, nextToken: token &+ 1)
      return .stored(token: token)
    case .disposed:
      return .runNow(entry)
    }
  }

  /// Forgets an entry without running it; returns it so the caller releases it after unlocking.
  mutating func remove(token: UInt64) -> DisposalEntry? {
    switch takeState() {
    case .active(let first, let second, var rest, var vacancies, let nextToken):
      if let first, first.token == token {
        state = .active(first: nil, second: second, rest: rest, vacancies: vacancies, nextToken: nextToken)
        return first.entry
      }
      if let second, second.token == token {
        state = .active(first: first, second: nil, rest: rest, vacancies: vacancies, nextToken: nextToken)
        return second.entry
      }
      let removed = Self.remove(token: token, from: &rest, vacancies: &vacancies)
      state = .active(first: first, second: second, rest: rest, vacancies: vacancies, nextToken: nextToken)
      return removed
    case .disposed:
      return nil
    }
  }

  /// Moves to disposed and returns the entries to run, in the order added; `nil` if already disposed.
  mutating func dispose() -> DisposalBatch? {
    switch takeState() {
    case .active(let first, let second, let rest, _, _):
      return DisposalBatch(first: first?.entry, second: second?.entry, rest: rest)
    case .disposed:
      return nil
    }
  }
}

extension DisposalList {
  /// Empty places below this many are left for a later compaction, so that a few removals never move everyone.
  static var minimumCompaction: Int { 16 }

  /// Removes the entry `token` from `rest` (sorted by token) and returns it, to be released after unlocking.
  ///
  /// It leaves an empty place, or removes the last place; it compacts when the empty places are as many as the
  /// entries.
  static func remove(token: UInt64, from rest: inout [Slot], vacancies: inout Int) -> DisposalEntry? {
    // The last entry first: a child that ends soon after it started, the common case, is there.
    if let last = rest.last, last.token == token {
      let removed = rest.removeLast().entry
      while vacancies > 0, rest.last.map({ $0.entry == nil }) == true {
        rest.removeLast()
        vacancies -= 1
      }
      return removed
    }
    var low = 0
    var high = rest.count
    while low < high {
      let middle = (low + high) / 2
      if rest[middle].token < token { low = middle + 1 } else { high = middle }
    }
    guard low < rest.count, rest[low].token == token, let removed = rest[low].entry else { return nil }
    rest[low].entry = nil
    vacancies += 1
    if vacancies >= minimumCompaction, vacancies * 2 >= rest.count {
      rest.removeAll { $0.entry == nil }
      vacancies = 0
    }
    return removed
  }
}

/// The entries a ``DisposalList`` handed out at disposal, in the order added (no array is built for them).
struct DisposalBatch {
  /// The oldest entry, if it was stored inline.
  let first: DisposalEntry?
  /// The next entry, if it was stored inline.
  let second: DisposalEntry?
  /// The entries after it, `nil` where one was removed.
  let rest: [DisposalList.Slot]
}

extension DisposalEntry {
  /// Runs every entry of `batch` in order.
  static func runAll(_ batch: DisposalBatch?) {
    guard let batch else { return }
    batch.first?.run()
    batch.second?.run()
    for slot in batch.rest {
      slot.entry?.run()
    }
  }
}
