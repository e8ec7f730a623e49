/// The serial mailbox of every operator with several inputs.
///
/// It serialises the events of the operator's upstreams (and timers) into one handler. Merge, combineLatest, zip
/// and flattening use it directly; two-input operators through ``TwoInputDelivery``, time operators through
/// ``TimedOperatorRuntime``.
///
/// Every upstream sends into one ``SerialDelivery``: the handler runs for one input at a time, in the order
/// the inputs were accepted, and an input that arrives during a delivery (from another thread, or re-entrantly
/// from an upstream the handler itself subscribed) is queued and handled right after it by the thread already
/// delivering. So the handler keeps its state without a lock of its own, and subscribing an upstream from the
/// handler never recurses: a source that completes synchronously at subscription only queues its events
/// (the trampoline that keeps `concat` of 100,000 signals at a constant stack depth).
///
/// ```
///  upstream 1 ──┐
///  upstream 2 ──┼──▶ SerialDelivery<Input, Never> ──▶ handler (state machine) ──▶ downstream
///  upstream n ──┘     owned by the Lifetime, released when it ends
/// ```
///
/// - Important: Start each upstream in its own child lifetime (``Lifetime/makeChild()``); a signal made
///   with `Signal.init(_:)` disposes the lifetime it runs in after its terminal event, and in the shared lifetime
///   that would also dispose this delivery, dropping inputs still queued in it.
@usableFromInline
typealias InputDelivery<Input: Sendable> = InputDeliveryCore<Input, SystemSynchronization>

/// ``InputDelivery`` over the atomics and lock of `Synchronization` (see ``SerialDeliverySynchronization``).
@usableFromInline
struct InputDeliveryCore<Input: Sendable, Synchronization: SerialDeliverySynchronization>: Sendable {
  @usableFromInline
  let delivery: SerialDeliveryCore<Input, Never, Synchronization>

  /// Creates the delivery for one subscription and ties it to `lifetime`.
  @inlinable
  init(lifetime: Lifetime, handler: @escaping @Sendable (Input) -> Void) {
    delivery = SerialDeliveryCore(downstream: Self.handing(to: handler), lifetime: lifetime)
    lifetime.add(delivery)
  }

  /// Creates a mailbox that belongs to an object rather than to a subscription: nothing ends it, and it
  /// handles every input sent to it for as long as it is referenced (a `groupBy` group, which outlives the
  /// grouping subscription and answers late subscribers).
  init(handler: @escaping @Sendable (Input) -> Void) {
    // The delivery's lifetime ends only after a terminal event, and inputs are values: it never ends, and it
    // does not hold the delivery (which would be a cycle, since the delivery holds it).
    delivery = SerialDeliveryCore(downstream: Self.handing(to: handler), lifetime: Lifetime(preferring: nil))
  }

  /// The observer that hands each input to `handler`.
  @inlinable
  static func handing(to handler: @escaping @Sendable (Input) -> Void) -> Observer<Input, Never> {
    Observer { event in
      if case .value(let input) = event {
        handler(input)
      }
    }
  }

  /// Hands `input` to the handler, now or after the delivery in progress.
  @inlinable
  func send(_ input: Input) {
    delivery.send(.value(input))
  }
}
