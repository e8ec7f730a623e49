/// Carries out what ``ResubscribeStateMachine`` decides for one `retry` or `repeat` subscription.
///
/// Each round subscribes the source in a fresh child lifetime. When a round ends with the event that
/// resubscribes, its lifetime is disposed first (its cleanup runs before the next round starts), then the
/// next round is subscribed by the loop in ``run()``. Values and the other terminal event pass through.
///
/// ```
///  Lifetime ─┬─ round 1 (child, disposed when it ends)
///            └─ round 2 (child) ...   loop in run(): subscribe, then again while a round ended meanwhile
/// ```
@usableFromInline
final class ResubscribeStorage<Value: Sendable, Failure: Error>: Sendable {
  @usableFromInline
  let source: Signal<Value, Failure>
  @usableFromInline
  let downstream: Observer<Value, Failure>
  @usableFromInline
  let lifetime: Lifetime
  /// Whether a round that ends with a failure (`retry`) or with completion (`repeat`) resubscribes.
  @usableFromInline
  let resubscribesOnFailure: Bool
  @usableFromInline
  let machine: Locked<ResubscribeStateMachine>

  @usableFromInline
  init(
    source: Signal<Value, Failure>,
    resubscriptions: Int?,
    onFailure: Bool,
    downstream: Observer<Value, Failure>,
    lifetime: Lifetime
  ) {
    self.source = source
    self.downstream = downstream
    self.lifetime = lifetime
    resubscribesOnFailure = onFailure
    machine = Locked(ResubscribeStateMachine(resubscriptions: resubscriptions))
  }

  /// Subscribes rounds until one is still running when its subscription call returns.
  @inlinable
  func run() {
    repeat {
      guard !lifetime.isDisposed else { return }
      let round = lifetime.makeChild()
      source.start(Observer { [self] event in received(event, in: round) }, in: round)
    } while machine.withLock { $0.subscriptionReturned() }
  }

  @inlinable
  func received(_ event: Event<Value, Failure>, in round: Lifetime) {
    let resubscribes: Bool
    switch event {
    case .value(let value):
      downstream.send(value)
      return
    case .failed: resubscribes = resubscribesOnFailure
    case .completed: resubscribes = !resubscribesOnFailure
    }
    round.dispose()
    guard resubscribes else {
      downstream.send(event: event)
      return
    }
    switch machine.withLock({ $0.roundEnded() }) {
    case .forward: downstream.send(event: event)
    case .startLoop: run()
    case .none: break
    }
  }
}
