/// Carries out what a ``CombiningMachine`` (``CombineLatestStateMachine``, ``ZipStateMachine``) decides for one subscription.
///
/// Every source sends into one ``InputDelivery`` with its index, so ``received(_:)`` runs for one input at a
/// time and owns the machine without a lock. Sources are subscribed in order, each in its own child lifetime;
/// if the result ended while a source was being subscribed, the later ones are not.
///
/// ```
///  source 0 ─(child)─┐
///  source n ─(child)─┴─▶ InputDelivery<IndexedEvent> ─▶ storage.received ─▶ machine ─▶ downstream
/// ```
@usableFromInline
final class CombiningStorage<Element: Sendable, Failure: Error, Machine: CombiningMachine<Element>, Value: Sendable>:
  @unchecked Sendable
{
  // Safety: `machine` is read and written only inside `received(_:)`, which the delivery serialises. The rest
  // is immutable. Its exclusivity is checked at run time: no benchmark row measures combineLatest or zip, so
  // nothing shows that skipping the check is worth it (issue 20).
  @usableFromInline
  var machine: Machine
  @usableFromInline
  let combine: @Sendable ([Element]) -> Value
  @usableFromInline
  let downstream: Observer<Value, Failure>
  @usableFromInline
  let lifetime: Lifetime

  @inlinable
  init(
    machine: Machine,
    combine: @escaping @Sendable ([Element]) -> Value,
    downstream: Observer<Value, Failure>,
    lifetime: Lifetime
  ) {
    self.machine = machine
    self.combine = combine
    self.downstream = downstream
    self.lifetime = lifetime
  }

  /// Handles one input (serially).
  @inlinable
  func received(_ input: IndexedEvent<Element, Failure>) {
    let action: CombiningAction<Element>
    switch input.event {
    case .value(let value): action = machine.valueReceived(value, at: input.index)
    case .completed: action = machine.completed(at: input.index)
    case .failed(let failure):
      guard machine.failed() else { return }
      downstream.fail(failure)
      lifetime.dispose()
      return
    }
    switch action {
    case .none:
      break
    case .send(let elements):
      downstream.send(combine(elements))
    case .sendAndComplete(let elements):
      downstream.send(combine(elements))
      downstream.complete()
      lifetime.dispose()
    case .complete:
      downstream.complete()
      lifetime.dispose()
    }
  }
}

/// What a combining machine asks its storage to do.
@usableFromInline
enum CombiningAction<Element> {
  /// Nothing.
  case none
  /// Send the combination of `elements`.
  case send([Element])
  /// Send the combination of `elements`, then complete.
  case sendAndComplete([Element])
  /// Complete.
  case complete
}

/// The state machine of an operator that combines the values of several sources (`combineLatest`, `zip`).
@usableFromInline
protocol CombiningMachine<Element>: SendableMetatype {
  associatedtype Element
  /// Source `index` sent `value`.
  mutating func valueReceived(_ value: Element, at index: Int) -> CombiningAction<Element>
  /// Source `index` completed.
  mutating func completed(at index: Int) -> CombiningAction<Element>
  /// A source failed; returns whether to forward the failure (and end), or ignore it (already finished).
  mutating func failed() -> Bool
}

extension Signal {
  /// A signal that combines `sources` with a fresh `makeMachine(sources.count)` per subscription.
  ///
  /// It sends `combine` of each combination the machine decides on. Of no source, it completes at once.
  @inlinable
  static func combining<Element, Machine: CombiningMachine<Element>>(
    _ sources: [Signal<Element, Failure>],
    makeMachine: @escaping @Sendable (_ count: Int) -> Machine,
    combine: @escaping @Sendable ([Element]) -> Value
  ) -> Signal {
    // The first source's buffering policy survives, as it does through an operator on one signal.
    Signal(
      startHandler: { downstream, lifetime in
        guard !sources.isEmpty else {
          downstream.complete()
          return
        }
        let storage = CombiningStorage(
          machine: makeMachine(sources.count),
          combine: combine,
          downstream: downstream,
          lifetime: lifetime
        )
        let delivery = InputDelivery<IndexedEvent<Element, Failure>>(lifetime: lifetime) { storage.received($0) }
        for (index, source) in sources.enumerated() {
          guard !lifetime.isDisposed else { return }
          source.subscribe(
            Observer { delivery.send(IndexedEvent(index: index, event: $0)) },
            in: lifetime.makeChild()
          )
        }
      },
      asyncBufferingPolicy: sources.first?.asyncBufferingPolicy ?? .unbounded
    )
  }
}
