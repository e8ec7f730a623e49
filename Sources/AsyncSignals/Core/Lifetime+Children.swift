/// How a lifetime makes children and keeps track of them: a child enters its parent's list only once it has
/// something to tear down, and leaves it when it ends first.
extension Lifetime {
  /// A lifetime that ends with this one (or earlier, on its own) and forgets itself here when it ends first.
  ///
  /// Operators that subscribe several times within one subscription (`concat`, `retry`, flattening) give each
  /// inner subscription a child.
  ///
  /// Making a child takes no lock: the child enters this lifetime's list only when something is first added to
  /// it (a cleanup, a Task, a child of its own), since until then ending it has nothing to run, and its
  /// ``isDisposed`` reads this lifetime's end. An inner that subscribes and ends at once, like `Signal.just`,
  /// never touches the parent's lock.
  @usableFromInline
  final func makeChild() -> Lifetime {
    Lifetime(backpressure: backpressure, parent: self)
  }

  /// A child lifetime (see ``makeChild()``) whose Tasks, and those of its own children, prefer `executor`; with
  /// `nil`, a plain child.
  ///
  /// `subscribe(on:)` and `delaySubscription(for:scheduler:)` start upstream in one, so that everything that
  /// subscription starts later runs on the scheduler's executor too.
  final func makeChild(preferring executor: (any TaskExecutor)?) -> Lifetime {
    guard let executor else { return makeChild() }
    return Lifetime(parent: self, preferring: executor)
  }

  /// Forgets the entry `token` (a child that ended first) without running it.
  final func forget(token: UInt64) {
    let removed = withState("forget") { $0.list.remove(token: token) }
    _ = removed  // released after unlocking
  }

  /// Adds this lifetime to `parent`'s list, so that the parent's end disposes it.
  ///
  /// If the parent has ended, adding disposes this lifetime at once. If this lifetime ends while it registers,
  /// its disposal found no token to remove, so the entry is removed here.
  final func register(in parent: Lifetime) {
    guard let token = parent.add(.disposable(self)) else { return }
    let endedMeanwhile = withState("register") { state in
      guard !state.list.isDisposed else { return true }
      state.link = .registered(token: token)
      return false
    }
    if endedMeanwhile {
      parent.forget(token: token)
    }
  }
}
