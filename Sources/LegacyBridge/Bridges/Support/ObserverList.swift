import AsyncSignals

/// The subscribers of a hot bridge source (a delegate method, a control's actions), called in the order they
/// subscribed.
///
/// Ownership: each subscription's signal body adds its serialised observer and removes it when its lifetime is
/// disposed; the list holds observers, never the other way round, so a disposed subscription is released at
/// once.
///
/// ```
/// DelegateMethod ──owns──▶ ObserverList ──holds──▶ Observer (SerialDelivery) ──▶ subscriber
///                                ▲ remove(token) on dispose ─── Lifetime
/// ```
///
/// `send` snapshots the observers under the lock and calls them after unlocking; concurrent sends are
/// serialised per subscriber by each subscriber's `SerialDelivery`, not by the list.
final class ObserverList<Value: Sendable>: Sendable {
  private struct State {
    var nextToken = 0
    /// The observers in subscription order, under their tokens: O(1) amortised to add and remove.
    var observers = OrderedRegistry<Observer<Value, Never>>()
  }

  private let state = Locked(State())

  init() {}

  /// A hot signal of the values sent from now on; it never completes on its own.
  var signal: Signal<Value, Never> {
    Signal { [self] observer, lifetime in
      let token = state.withLock { state in
        defer { state.nextToken += 1 }
        state.observers.append(observer, key: state.nextToken)
        return state.nextToken
      }
      lifetime.onDispose { [weak self] in
        let removed = self?.state.withLock { $0.observers.remove(key: token) }
        _ = removed  // released after unlocking
      }
    }
  }

  /// Whether anyone is subscribed.
  var isEmpty: Bool {
    state.withLock { $0.observers.isEmpty }
  }

  /// Sends `value` to every current subscriber, outside the lock.
  func send(_ value: Value) {
    let observers = state.withLock { $0.observers.entries }
    for case let observer? in observers {
      observer.send(value)
    }
  }
}
