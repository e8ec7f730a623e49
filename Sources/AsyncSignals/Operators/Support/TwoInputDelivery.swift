/// An event from one of the two upstreams of an operator.
enum TwoInputEvent<First: Sendable, FirstFailure: Error, Second: Sendable, SecondFailure: Error>: Sendable {
  /// An event of the first upstream (the receiver).
  case first(Event<First, FirstFailure>)
  /// An event of the second upstream (a trigger, sampler or other signal).
  case second(Event<Second, SecondFailure>)
}

/// Serialises the events of an operator's two upstreams into one handler, for operators such as
/// `take(until:)`, `sample(on:)` and `withLatest(from:)`.
///
/// The two upstreams may deliver on different threads at the same time. Both send into one ``InputDelivery``
/// (the mailbox of every multi-input operator): the handler runs for one event at a time, in the order the
/// events were accepted, and a send that arrives during a delivery (concurrently or re-entrantly) is queued and
/// run right after it by the thread already delivering. Because of that the handler keeps its state in an ``OperatorState`` without
/// a lock of its own. Cost per event: the delivery's atomic operations; no lock or allocation unless sends
/// collide.
///
/// ```
///  first upstream ──first──┐
///                          ├──▶ InputDelivery<TwoInputEvent> ──▶ handler (state machine) ──▶ downstream
///  second upstream ─second─┘     owned by the Lifetime, released when it ends
/// ```
///
/// The handler decides when the operator ends; after sending its terminal event downstream it disposes the
/// lifetime, which stops both upstreams and releases the handler.
///
/// - Important: Start each upstream in its own `lifetime.makeChild()`. A signal made with `Signal.init(_:)`
///   disposes the lifetime it runs in after its terminal event; in the shared lifetime that would also dispose
///   this delivery, dropping events still queued in it (such as the other input's terminal event).
struct TwoInputDelivery<First: Sendable, FirstFailure: Error, Second: Sendable, SecondFailure: Error>: Sendable {
  typealias Input = TwoInputEvent<First, FirstFailure, Second, SecondFailure>

  private let inputs: InputDelivery<Input>

  /// Creates the delivery for one subscription and ties it to `lifetime`.
  init(lifetime: Lifetime, handler: @escaping @Sendable (Input) -> Void) {
    inputs = InputDelivery(lifetime: lifetime, handler: handler)
  }

  /// The observer to subscribe the first upstream with.
  var first: Observer<First, FirstFailure> {
    Observer { [inputs] event in inputs.send(.first(event)) }
  }

  /// The observer to subscribe the second upstream with.
  var second: Observer<Second, SecondFailure> {
    Observer { [inputs] event in inputs.send(.second(event)) }
  }
}
