/// Serialises the events of an operator's several upstreams into one handler (merge, combineLatest, zip,
/// flattening).
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
/// - Important: Start each upstream in its own child lifetime (``Lifetime/makeInnerLifetime()``); a signal made
///   with `Signal.init(_:)` disposes the lifetime it runs in after its terminal event.
@usableFromInline
struct InputDelivery<Input: Sendable>: Sendable {
  @usableFromInline
  let delivery: SerialDelivery<Input, Never>

  /// Creates the delivery for one subscription and ties it to `lifetime`.
  @inlinable
  init(lifetime: Lifetime, handler: @escaping @Sendable (Input) -> Void) {
    delivery = SerialDelivery(
      downstream: Observer { event in
        if case .value(let input) = event {
          handler(input)
        }
      },
      lifetime: lifetime
    )
    lifetime.add(delivery)
  }

  /// Hands `input` to the handler, now or after the delivery in progress.
  @inlinable
  func send(_ input: Input) {
    delivery.send(.value(input))
  }
}

extension Lifetime {
  /// A child lifetime for one upstream or inner subscription of a multi-input operator.
  ///
  /// It ends with this lifetime, or earlier on its own, and then forgets itself here, so that thousands of
  /// finished inner subscriptions do not accumulate.
  @usableFromInline
  func makeInnerLifetime() -> Lifetime {
    makeChild()
  }
}

/// An event of the upstream at `index` of a multi-input operator.
@usableFromInline
struct IndexedEvent<Element: Sendable, Failure: Error>: Sendable {
  /// The position of the upstream among the operator's inputs.
  @usableFromInline
  let index: Int
  /// What it sent.
  @usableFromInline
  let event: Event<Element, Failure>

  @inlinable
  init(index: Int, event: Event<Element, Failure>) {
    self.index = index
    self.event = event
  }
}
