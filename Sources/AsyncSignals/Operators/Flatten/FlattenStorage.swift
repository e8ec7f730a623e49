/// An input of a flattening subscription: an event of the outer signal or of one inner signal.
@usableFromInline
enum FlattenInput<Value: Sendable, Failure: Error>: Sendable {
  /// The outer signal sent an inner signal, or ended.
  case outer(Event<Signal<Value, Failure>, Failure>)
  /// The inner with `id` sent a value.
  case innerValue(id: Int, Value)
  /// The inner with `id`, running in `lifetime`, ended with `event`.
  case innerEnded(id: Int, Event<Value, Failure>, lifetime: Lifetime)
}

/// Carries out what ``FlattenStateMachine`` decides for one flattening subscription.
///
/// The outer signal and every inner send into one ``InputDelivery``, so ``received(_:)`` runs for one input at
/// a time and owns the machine without a lock. It subscribes inners from inside that delivery: an inner that
/// sends synchronously at subscription only queues its events, which is what keeps a chain of 100,000
/// synchronously completing inners (``FlattenStrategy/concat``, `Signal.concat`) at a constant stack depth.
///
/// When an inner ends, its child lifetime is disposed (its cleanup runs) before a waiting inner is subscribed,
/// so with ``FlattenStrategy/concurrent(limit:)`` no more than `limit` inners are ever alive.
///
/// ```
///  outer ──(own child lifetime)──┐
///  inner #0 ─(child lifetime)────┼─▶ InputDelivery ─▶ FlattenStorage.received ─▶ downstream
///  inner #1 ─(child lifetime)────┘         │ subscribes inners, disposes the replaced one (.latest)
///                                          └ finish: send terminal, dispose the Lifetime (every child)
/// ```
@usableFromInline
final class FlattenStorage<Value: Sendable, Failure: Error>: @unchecked Sendable {
  // Safety: `machine`, `current` and `delivery` are read and written only inside `received(_:)`, which the
  // delivery serialises, and in `start` before the outer signal is subscribed (which happens before any
  // input). The rest is immutable.

  @usableFromInline
  typealias Input = FlattenInput<Value, Failure>
  @usableFromInline
  typealias Machine = FlattenStateMachine<Signal<Value, Failure>>

  // `@exclusivity(unchecked)`: the delivery already serialises every access (see above). With the run-time
  // checks, the `flatMap/AsyncSignals .merge` row took 1.56× and `.latest` 1.21× as long (medians of three
  // interleaved runs of both builds each, 2026-11-26; Performance.md, issue 27). That measurement is the one this
  // trick rests on; an older note's 3% was taken on another machine and is superseded.
  @usableFromInline
  @exclusivity(unchecked) var machine: Machine
  /// The lifetime of the running inner, disposed when it is replaced (``FlattenStrategy/latest``).
  @usableFromInline
  @exclusivity(unchecked) var current: Lifetime?
  @usableFromInline
  @exclusivity(unchecked) var delivery: InputDelivery<Input>?
  @usableFromInline
  let downstream: Observer<Value, Failure>
  @usableFromInline
  let lifetime: Lifetime

  @inlinable
  init(strategy: FlattenStrategy, downstream: Observer<Value, Failure>, lifetime: Lifetime) {
    machine = FlattenStateMachine(strategy: strategy)
    self.downstream = downstream
    self.lifetime = lifetime
  }

  /// Starts flattening `outer` for one subscription.
  @inlinable
  static func start(
    _ outer: Signal<Signal<Value, Failure>, Failure>,
    strategy: FlattenStrategy,
    downstream: Observer<Value, Failure>,
    lifetime: Lifetime
  ) {
    let storage = FlattenStorage(strategy: strategy, downstream: downstream, lifetime: lifetime)
    let delivery = InputDelivery<Input>(lifetime: lifetime) { storage.received($0) }
    storage.delivery = delivery
    outer.subscribe(Observer { delivery.send(.outer($0)) }, in: lifetime.makeChild())
  }

  /// Handles one input (serially).
  @inlinable
  func received(_ input: consuming Input) {
    switch consume input {
    case .innerValue(let id, let value):
      if machine.innerSent(id: id) {
        downstream.send(value)
      }
    case .innerEnded(let id, let event, let innerLifetime):
      // The ended inner's cleanup runs before a waiting inner is subscribed in its place.
      innerLifetime.dispose()
      switch event {
      case .failed(let failure): perform(machine.innerFailed(id: id), terminal: .failed(failure))
      case .completed: perform(machine.innerCompleted(id: id), terminal: .completed)
      case .value: preconditionFailure("Flatten: internal inconsistency, an inner ended with a value")
      }
    case .outer(.value(let inner)):
      perform(machine.outerSent(inner), terminal: .completed)
    case .outer(.completed):
      perform(machine.outerCompleted(), terminal: .completed)
    case .outer(.failed(let failure)):
      perform(machine.outerFailed(), terminal: .failed(failure))
    }
  }

  @inlinable
  func perform(_ action: consuming Machine.Action, terminal: Event<Value, Failure>) {
    switch consume action {
    case .none:
      break
    case .subscribe(let inner, let id):
      subscribe(inner, id: id)
    case .replace(let inner, let id):
      current.take()?.dispose()
      subscribe(inner, id: id)
    case .finish:
      current = nil
      downstream.send(event: terminal)
      lifetime.dispose()
    }
  }

  @inlinable
  func subscribe(_ inner: consuming Signal<Value, Failure>, id: Int) {
    guard let delivery else { return }
    let child = FlattenInnerLifetime(id: id, delivery: delivery, parent: lifetime)
    if machine.limit == nil {
      current = child
    }
    inner.start(child.observer, in: child)
  }
}
