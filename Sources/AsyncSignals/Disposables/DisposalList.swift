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
struct DisposalList {
  /// What ``add(_:)`` asks the caller to do.
  enum AddAction {
    /// The entry was stored; `token` removes it again.
    case stored(token: UInt64)
    /// The owner is already disposed: run the entry now.
    case runNow(DisposalEntry)
  }

  private enum State {
    /// Accepting entries, kept in the order added. `nextToken` numbers the next one.
    case active(entries: [(token: UInt64, entry: DisposalEntry)], nextToken: UInt64)
    /// Disposed: every entry was handed out once; new ones run at once.
    case disposed
  }

  private var state = State.active(entries: [], nextToken: 0)

  /// Whether ``dispose()`` has happened.
  var isDisposed: Bool {
    switch state {
    case .active: false
    case .disposed: true
    }
  }

  /// Stores an entry, or hands it back to be run at once when already disposed.
  mutating func add(_ entry: DisposalEntry) -> AddAction {
    switch state {
    case .active(var entries, let token):
      state = .disposed  // placeholder while `entries` is uniquely referenced
      entries.append((token, entry))
      state = .active(entries: entries, nextToken: token &+ 1)
      return .stored(token: token)
    case .disposed:
      return .runNow(entry)
    }
  }

  /// Forgets an entry without running it; returns it so the caller releases it after unlocking.
  mutating func remove(token: UInt64) -> DisposalEntry? {
    switch state {
    case .active(var entries, let nextToken):
      guard let index = entries.lastIndex(where: { $0.token == token }) else { return nil }
      state = .disposed  // placeholder while `entries` is uniquely referenced
      let removed = entries.remove(at: index).entry
      state = .active(entries: entries, nextToken: nextToken)
      return removed
    case .disposed:
      return nil
    }
  }

  /// Moves to disposed and returns the entries to run, in the order added; `nil` if already disposed.
  mutating func dispose() -> [DisposalEntry]? {
    switch state {
    case .active(let entries, _):
      state = .disposed
      return entries.map(\.entry)
    case .disposed:
      return nil
    }
  }
}

extension DisposalEntry {
  /// Runs every entry in order.
  static func runAll(_ entries: [DisposalEntry]?) {
    guard let entries else { return }
    for entry in entries {
      entry.run()
    }
  }
}
