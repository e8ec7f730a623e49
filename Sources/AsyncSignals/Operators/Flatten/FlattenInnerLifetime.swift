/// One inner subscription of a flattening operator: its child lifetime, which also knows where the inner's
/// events go.
///
/// A ``Lifetime`` subclass so that the inner's observer captures this one object, which Swift then uses as the
/// closure's context: subscribing an inner allocates this lifetime and nothing else (a closure capturing the
/// delivery, the id and the lifetime allocated a context of its own).
///
/// ```
///  inner signal ──events──▶ observer (context: FlattenInnerLifetime) ──(id, event)──▶ InputDelivery
/// ```
@usableFromInline
final class FlattenInnerLifetime<Value: Sendable, Failure: Error>: Lifetime, @unchecked Sendable {
  // Safety: restated from `Lifetime`, as Swift requires of a subclass; it adds only `let`s of `Sendable` types.

  /// The inner's number, which the state machine uses to tell a current inner from a replaced one.
  @usableFromInline
  let id: Int
  @usableFromInline
  let delivery: InputDelivery<FlattenInput<Value, Failure>>

  /// Creates the lifetime of inner `id`, a child of `parent`, whose events go to `delivery`.
  @usableFromInline
  init(id: Int, delivery: InputDelivery<FlattenInput<Value, Failure>>, parent: Lifetime) {
    self.id = id
    self.delivery = delivery
    super.init(backpressure: parent.backpressure, parent: parent)
  }

  /// The observer to start the inner with.
  @inlinable
  var observer: Observer<Value, Failure> {
    Observer { [self] event in
      switch event {
      case .value(let value): delivery.send(.innerValue(id: id, value))
      case .failed, .completed: delivery.send(.innerEnded(id: id, event, lifetime: self))
      }
    }
  }
}
