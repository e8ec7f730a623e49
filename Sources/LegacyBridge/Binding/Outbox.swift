import AsyncSignals

/// Notices queued under a lock, in the order of the transitions that made them, and delivered after unlocking
/// by one thread at a time (used by ``MutableProperty`` and ``CommandStorage``).
///
/// A transition posts its notices in its critical section and calls ``claim()`` there; if that returns `true`,
/// the caller runs ``drain(_:_:deliver:)`` after unlocking. A thread that finds another thread draining leaves
/// its notices to it, so they are delivered in posting order with no lock held during delivery.
struct Outbox<Notice: Sendable>: Sendable {
  /// The notices not delivered yet, oldest first.
  private var pending: [Notice] = []
  /// Whether a thread is delivering.
  private var isDraining = false

  /// Queues a notice.
  mutating func post(_ notice: Notice) {
    pending.append(notice)
  }

  /// Returns whether the caller must drain: there is something to deliver and nobody is delivering.
  mutating func claim() -> Bool {
    guard !pending.isEmpty, !isDraining else { return false }
    isDraining = true
    return true
  }

  /// Takes every queued notice; when there is none, releases the drainer's claim.
  mutating func takeAll() -> [Notice] {
    let notices = pending
    pending = []
    if notices.isEmpty {
      isDraining = false
    }
    return notices
  }

  /// Delivers the outbox at `outbox` in `state` until it is empty, calling `deliver` outside the lock.
  static func drain<State>(
    _ state: borrowing Locked<State>,
    _ outbox: WritableKeyPath<State, Outbox> & Sendable,
    deliver: (Notice) -> Void
  ) {
    while true {
      let notices = state.withLock { $0[keyPath: outbox].takeAll() }
      guard !notices.isEmpty else { return }
      for notice in notices {
        deliver(notice)
      }
    }
  }
}
