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
struct DisposalList {
  /// An entry with the token that removes it.
  typealias Item = (token: UInt64, entry: DisposalEntry)

  /// What ``add(_:)`` asks the caller to do.
  enum AddAction {
    /// The entry was stored; `token` removes it again.
    case stored(token: UInt64)
    /// The owner is already disposed: run the entry now.
    case runNow(DisposalEntry)
  }

  private enum State {
    /// Accepting entries, kept in the order added: `first`, then `second`, then `rest` (a slot left empty
    /// by a removal is only refilled while every later slot is empty). `nextToken` numbers the next one.
    case active(first: Item?, second: Item?, rest: [Item], nextToken: UInt64)
    /// Disposed: every entry was handed out once; new ones run at once.
    case disposed
  }

  private var state = State.active(first: nil, second: nil, rest: [], nextToken: 0)

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
    case .active(let first, let second, let rest, _): (first == nil ? 0 : 1) + (second == nil ? 0 : 1) + rest.count
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
    case .active(let first, let second, var rest, let token):
      let item = (token: token, entry: entry)
      if first == nil, second == nil, rest.isEmpty {
        state = .active(first: item, second: nil, rest: rest, nextToken: token &+ 1)
        return .stored(token: token)
      }
      if second == nil, rest.isEmpty {
        state = .active(first: first, second: item, rest: rest, nextToken: token &+ 1)
        return .stored(token: token)
      }
      rest.append(item)
      state = .active(first: first, second: second, rest: rest, nextToken: token &+ 1)
      return .stored(token: token)
    case .disposed:
      return .runNow(entry)
    }
  }

  /// Forgets an entry without running it; returns it so the caller releases it after unlocking.
  mutating func remove(token: UInt64) -> DisposalEntry? {
    switch takeState() {
    case .active(let first, let second, var rest, let nextToken):
      if let first, first.token == token {
        state = .active(first: nil, second: second, rest: rest, nextToken: nextToken)
        return first.entry
      }
      if let second, second.token == token {
        state = .active(first: first, second: nil, rest: rest, nextToken: nextToken)
        return second.entry
      }
      guard let index = rest.lastIndex(where: { $0.token == token }) else {
        state = .active(first: first, second: second, rest: rest, nextToken: nextToken)
        return nil
      }
      let removed = rest.remove(at: index).entry
      state = .active(first: first, second: second, rest: rest, nextToken: nextToken)
      return removed
    case .disposed:
      return nil
    }
  }

  /// Moves to disposed and returns the entries to run, in the order added; `nil` if already disposed.
  mutating func dispose() -> DisposalBatch? {
    switch takeState() {
    case .active(let first, let second, let rest, _):
      return DisposalBatch(first: first?.entry, second: second?.entry, rest: rest)
    case .disposed:
      return nil
    }
  }
}

/// The entries a ``DisposalList`` handed out at disposal, in the order added (no array is built for them).
struct DisposalBatch {
  /// The oldest entry, if it was stored inline.
  let first: DisposalEntry?
  /// The next entry, if it was stored inline.
  let second: DisposalEntry?
  /// The entries after it.
  let rest: [DisposalList.Item]
}

extension DisposalEntry {
  /// Runs every entry of `batch` in order.
  static func runAll(_ batch: DisposalBatch?) {
    guard let batch else { return }
    batch.first?.run()
    batch.second?.run()
    for item in batch.rest {
      item.entry.run()
    }
  }
}
