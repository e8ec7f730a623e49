/// Holds the disposable of an operator's one outstanding scheduled action (a timer, a drain) so that
/// disposal cancels it.
///
/// Each stored disposable comes with the generation its operator gave the action. The slot keeps the newest
/// generation and disposes the other one, after unlocking: a superseded timer is cancelled, and a disposable
/// that arrives late (stored after a newer one, by a racing thread) is disposed instead of overwriting it.
/// Disposing an action that already ran does nothing. Once the slot is disposed, whatever is stored is
/// disposed at once.
///
/// ```
///  operator ──store(d, generation)──▶ ScheduledSlot ◀──dispose()── subscription's Lifetime
///                                        └ disposes the older of (current, d), outside the lock
/// ```
final class ScheduledSlot: Disposable {
  private enum State {
    /// Holding the newest scheduled action, if any, and its generation.
    case active(current: (any Disposable)?, generation: UInt64)
    /// Disposed: anything stored from now on is disposed at once.
    case disposed
  }

  private let state = Locked(State.active(current: nil, generation: 0))

  /// Creates an empty slot.
  init() {}

  /// Whether the slot has been disposed.
  var isDisposed: Bool {
    state.withLock {
      switch $0 {
      case .active: false
      case .disposed: true
      }
    }
  }

  /// Keeps `disposable` if `generation` is the newest seen, and disposes whichever one is not kept.
  func store(_ disposable: (any Disposable)?, generation: UInt64) {
    let toDispose: (any Disposable)? = state.withLock {
      switch $0 {
      case .active(let current, let currentGeneration):
        guard generation >= currentGeneration else { return disposable }
        $0 = .active(current: disposable, generation: generation)
        return current === disposable ? nil : current
      case .disposed:
        return disposable
      }
    }
    toDispose?.dispose()
  }

  /// Cancels the stored action, keeping the slot usable.
  func cancel() {
    let current: (any Disposable)? = state.withLock {
      switch $0 {
      case .active(let current, let generation):
        $0 = .active(current: nil, generation: generation)
        return current
      case .disposed:
        return nil
      }
    }
    current?.dispose()
  }

  /// Cancels the stored action and every later one.
  func dispose() {
    let current: (any Disposable)? = state.withLock {
      switch $0 {
      case .active(let current, _):
        $0 = .disposed
        return current
      case .disposed:
        return nil
      }
    }
    current?.dispose()
  }
}
