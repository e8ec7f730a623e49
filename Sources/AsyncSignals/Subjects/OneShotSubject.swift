/// A hot source of one-shot events, such as navigation, alerts and toasts: each value goes to exactly one
/// subscriber, once, and what is sent while nobody subscribes waits for the next subscriber.
///
/// A `PassthroughSubject` loses such an event when no view listens (during a screen change), and a `ReplaySubject`
/// shows it again to every new subscriber; Kotlin's answer is a `Channel` received as a flow. Here:
///
/// - while there is no subscriber, values are kept, in order, within `bufferingPolicy` (by default the oldest 64:
///   a value sent into a full buffer is dropped, and counted in ``droppedCount``);
/// - the next subscriber receives the kept values first, then what is sent after;
/// - with several subscribers, each value goes to the one that subscribed first;
/// - a subscriber that goes away passes what it had not received to the next one, or back to the buffer;
/// - `complete()` and `fail(_:)` reach every subscriber, after their values, and every later one after the kept
///   values.
///
/// A value handed to a subscriber is its own from then on: a `for await` loop that ends with values in its buffer,
/// or an actor subscriber disposed before its hop ran, drops them (Docs/Contracts.md, rule 33).
///
/// ```swift
/// @MainActor final class CheckoutModel {
///   let navigation = OneShotSubject<Route, Never>()
///   func paid() { navigation.send(.receipt) }  // kept if no screen listens right now
/// }
/// // the screen, whenever it appears:
/// let subscription = model.navigation.subscribe(value: { route in show(route) })
/// ```
public final class OneShotSubject<Value: Sendable, Failure: Error>: SignalConvertible {
  /// The values of the subject, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the subject's ``signal``.
  public typealias AsyncIterator = Signal<Value, Failure>.AsyncIterator

  private let storage: OneShotStorage<Value, Failure>

  /// Creates a subject that keeps what is sent while nobody subscribes, within `bufferingPolicy`.
  ///
  /// ```swift
  /// let alerts = OneShotSubject<String, Never>(bufferingPolicy: .bufferingNewest(1))  // only the latest alert
  /// ```
  ///
  /// - Parameter bufferingPolicy: How many values to keep while nobody subscribes, and which to drop past that;
  ///   a limit must be positive.
  public init(bufferingPolicy: BufferingPolicy = .bufferingOldest(64)) {
    storage = OneShotStorage(machine: OneShotStateMachine(policy: bufferingPolicy))
  }

  /// The subject as a signal: each subscription is a subscriber that takes the values kept so far.
  ///
  /// ```swift
  /// for await route in model.navigation.signal { show(route) }
  /// ```
  public var signal: Signal<Value, Failure> {
    Signal { [storage] observer, lifetime in
      let id = storage.subscribe(observer)
      lifetime.onDispose { storage.unsubscribe(id) }
      storage.startDelivering(to: id)
    }
  }

  /// Sends `value` to the oldest subscriber, or keeps it for the next one.
  ///
  /// ```swift
  /// navigation.send(.receipt)
  /// ```
  ///
  /// - Parameter value: The value.
  public func send(_ value: Value) {
    storage.send(value)
  }

  /// Completes every subscriber, after what it has still to receive; later subscribers receive the kept values,
  /// then the completion.
  ///
  /// ```swift
  /// navigation.complete()
  /// ```
  public func complete() {
    storage.end(with: .completed)
  }

  /// Fails every subscriber with `failure`, after what it has still to receive; later subscribers receive the
  /// kept values, then the failure.
  ///
  /// ```swift
  /// downloads.fail(.cancelled)
  /// ```
  ///
  /// - Parameter failure: The failure.
  public func fail(_ failure: Failure) {
    storage.end(with: .failed(failure))
  }

  /// How many subscribers the subject has now.
  ///
  /// ```swift
  /// #expect(navigation.subscriberCount == 0)
  /// ```
  public var subscriberCount: Int {
    storage.withMachine { $0.subscriberCount }
  }

  /// How many values wait for a subscriber now.
  ///
  /// ```swift
  /// navigation.send(.receipt)
  /// #expect(navigation.bufferedCount == 1)  // nobody listens yet
  /// ```
  public var bufferedCount: Int {
    storage.withMachine { $0.buffer.count }
  }

  /// How many values the buffering policy dropped so far.
  ///
  /// ```swift
  /// #expect(alerts.droppedCount == 0)
  /// ```
  public var droppedCount: Int {
    storage.withMachine { $0.dropped }
  }
}

/// The machine of a ``OneShotSubject`` behind a lock, and the observers of its subscribers; delivers outside the
/// lock.
final class OneShotStorage<Value: Sendable, Failure: Error>: Sendable {
  private struct State: Sendable {
    var machine: OneShotStateMachine<Value, Failure>
    var observers: [UInt64: Observer<Value, Failure>] = [:]
  }

  private let state: Locked<State>

  init(machine: OneShotStateMachine<Value, Failure>) {
    state = Locked(State(machine: machine))
  }

  func withMachine<Result>(_ body: (OneShotStateMachine<Value, Failure>) -> Result) -> Result {
    state.withLock { body($0.machine) }
  }

  func subscribe(_ observer: Observer<Value, Failure>) -> UInt64 {
    state.withLock { state in
      let id = state.machine.subscribed()
      state.observers[id] = observer
      return id
    }
  }

  func startDelivering(to id: UInt64) {
    carryOut(state.withLock { $0.machine.drainStarted(of: id) })
  }

  func unsubscribe(_ id: UInt64) {
    let (action, observer) = state.withLock { state in
      (state.machine.unsubscribed(id), state.observers.removeValue(forKey: id))
    }
    withExtendedLifetime(observer) {}  // released after unlocking
    carryOut(action)
  }

  func send(_ value: Value) {
    carryOut(state.withLock { $0.machine.valueSent(value) })
  }

  func end(with event: Event<Value, Failure>) {
    for id in state.withLock({ $0.machine.terminalSent(event) }) {
      carryOut(.drain(id))
    }
  }

  /// Delivers subscriber `id`'s pending events one at a time, each outside the lock, until it has none.
  private func carryOut(_ action: OneShotStateMachine<Value, Failure>.Action) {
    guard case .drain(let id) = action else { return }
    while let (event, observer) = state.withLock({ state in
      state.machine.nextPending(of: id).flatMap { event in state.observers[id].map { (event, $0) } }
    }) {
      observer.send(event: event)
    }
  }
}
