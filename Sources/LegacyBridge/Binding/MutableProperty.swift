import AsyncSignals

/// A thread-safe box for a value, with a signal of its values that sends the current value first
/// (ReactiveSwift `MutableProperty`; the classic `RACObserve` of a property).
///
/// Every change is delivered to the subscribers in the order the changes happened: changes are queued in the
/// same critical section that makes them and delivered by one thread at a time, outside the lock. A subscriber
/// receives the current value on subscription, then each later change; the signal completes when the property
/// is released. ``makeTerminal()`` makes a two-way ``ChannelTerminal`` for the property.
///
/// ```swift
/// let username = MutableProperty("")
/// username.signal.subscribeNext { print("name:", $0) }  // name: (the current value, at once)
/// username.value = "ada"                                // name: ada
/// username.modify { $0 += "!" }                         // name: ada!
/// ```
///
/// ```
///  value / modify ──▶ Locked(value, version, outbox) ──drain, in order──▶ CurrentValueSubject ──▶ signal
///  terminal writes ──┘   (each change tagged with the terminal that made it)   └──▶ terminals' signals
/// ```
public final class MutableProperty<Value: Sendable>: Sendable {
  private struct State: Sendable {
    var value: Value
    /// Counts the changes, so `modify` can detect a change made while it computed.
    var version = 0
    /// The changes not delivered yet.
    var outbox = Outbox<Change>()
  }

  /// A value with the terminal that set it, if one did (so that terminal does not send it back).
  struct Change: Sendable {
    /// The new value.
    let value: Value
    /// The terminal that made the change, or `nil` for `value` and `modify`.
    let origin: ChangeOrigin?
  }

  private let state: Locked<State>
  private let subject: CurrentValueSubject<Change, Never>

  /// Creates a property holding `initialValue`.
  ///
  /// ```swift
  /// let count = MutableProperty(0)
  /// ```
  ///
  /// - Parameter initialValue: The first value.
  public init(_ initialValue: Value) {
    state = Locked(State(value: initialValue))
    subject = CurrentValueSubject(Change(value: initialValue, origin: nil))
  }

  deinit {
    subject.complete()
  }

  /// The current value; setting it sends the new value to the subscribers.
  ///
  /// ```swift
  /// count.value = 3
  /// ```
  public var value: Value {
    get { state.withLock { $0.value } }
    set { modify { $0 = newValue } }
  }

  /// Changes the value atomically with `transform`, and sends the new value.
  ///
  /// `transform` runs outside the property's lock, so it may read other properties; if another change lands
  /// while it runs, it runs again on the newer value. Keep it free of side effects.
  ///
  /// ```swift
  /// count.modify { $0 += 1 }  // no increment is lost under concurrent calls
  /// ```
  ///
  /// - Parameter transform: Changes the value in place.
  public func modify(_ transform: (inout Value) -> Void) {
    modify(from: nil, transform)
  }

  /// Changes the value as ``modify(_:)`` does, tagging the change with the terminal that makes it.
  func modify(from origin: ChangeOrigin?, _ transform: (inout Value) -> Void) {
    var (current, version) = state.withLock { ($0.value, $0.version) }
    while true {
      var next = current
      transform(&next)
      let committed = next
      // The replaced value leaves the lock in `outcome` and is released after unlocking: its `deinit` may be user
      // code that reads this property.
      let outcome = state.withLock {
        state -> (committed: Bool, shouldDrain: Bool, current: Value, version: Int, replaced: Value?) in
        guard state.version == version else { return (false, false, state.value, state.version, nil) }
        let replaced = state.value
        state.value = committed
        state.version += 1
        state.outbox.post(Change(value: committed, origin: origin))
        let shouldDrain = state.outbox.claim()
        return (true, shouldDrain, committed, state.version, replaced)
      }
      guard outcome.committed else {
        (current, version) = (outcome.current, outcome.version)
        continue
      }
      if outcome.shouldDrain {
        drain()
      }
      return
    }
  }

  /// The current value on subscription, then every change, in order; completes when the property is released.
  ///
  /// ```swift
  /// Signal.combineLatest(username.signal, password.signal).subscribeNext { print($0, $1) }
  /// ```
  public var signal: Signal<Value, Never> {
    subject.signal.map(\.value)
  }

  /// The current change on subscription, then every change, with the terminal that made each.
  var changes: Signal<Change, Never> {
    subject.signal
  }

  /// Delivers the outbox in order until it is empty; one thread at a time.
  private func drain() {
    Outbox.drain(state, \.outbox) { subject.send($0) }
  }
}
