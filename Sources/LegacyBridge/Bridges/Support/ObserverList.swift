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
    var observers: [(token: Int, observer: Observer<Value, Never>)] = []
  }

  private let state = Locked(State())

  init() {}

  /// A hot signal of the values sent from now on; it never completes on its own.
  var signal: Signal<Value, Never> {
    Signal { [self] observer, lifetime in
      let token = state.withLock { state in
        defer { state.nextToken += 1 }
        state.observers.append((state.nextToken, observer))
        return state.nextToken
      }
      lifetime.onDispose { [weak self] in
        let removed = self?.state.withLock { state in
          state.observers.firstIndex { $0.token == token }.map { state.observers.remove(at: $0) }
        }
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
    let observers = state.withLock { $0.observers }
    for entry in observers {
      entry.observer.send(value)
    }
  }
}
