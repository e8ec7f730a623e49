extension Signal {
  /// Fails with ``TimeoutFailure/timedOut`` if the signal has not terminated `interval` after subscription.
  ///
  /// Values pass through as they come. If neither completion nor a failure arrives within `interval` (timed on
  /// `scheduler` from the moment of subscription), the signal fails with `.timedOut` and upstream is disposed.
  /// Upstream's own failure arrives at once, wrapped in ``TimeoutFailure/upstream(_:)``. Terminating or
  /// disposing cancels the timer. This is ReactiveCocoa's `timeout:onScheduler:`.
  ///
  /// ```
  /// upstream:  1 - - 2 - - - - -
  /// timeout:   1 - - 2 - X            (interval: 5 ticks; X = failed(.timedOut))
  /// ```
  ///
  /// ```swift
  /// login.timeout(after: .seconds(30), scheduler: MainScheduler.shared)
  ///   .subscribe(failed: { failure in if case .timedOut = failure { showSlowNetwork() } })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may run; must be greater than zero.
  ///   - scheduler: Where the deadline is timed and the timeout failure is sent.
  /// - Returns: A signal that fails with `.timedOut` when the time runs out.
  public func timeout(
    after interval: Duration,
    scheduler: some TimedScheduler
  ) -> Signal<Value, TimeoutFailure<Failure>> {
    precondition(interval > .zero, "timeout(after:scheduler:): interval must be > 0, got \(interval)")
    return timeout(after: interval, scheduler: scheduler, timedOut: .timedOut) {
      $0.mapFailure(TimeoutFailure.upstream)
    }
  }

  /// Fails with `failure` if the signal has not terminated `interval` after subscription.
  ///
  /// The same as ``timeout(after:scheduler:)``, but the signal keeps its failure type: the timeout is reported
  /// as `failure`.
  ///
  /// ```swift
  /// fetch.timeout(after: .seconds(10), raising: .timedOut, scheduler: scheduler)  // Signal<Data, FetchError>
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may run; must be greater than zero.
  ///   - failure: What to fail with when the time runs out.
  ///   - scheduler: Where the deadline is timed and the failure is sent.
  /// - Returns: A signal that fails with `failure` when the time runs out.
  public func timeout(
    after interval: Duration,
    raising failure: Failure,
    scheduler: some TimedScheduler
  ) -> Signal {
    precondition(interval > .zero, "timeout(after:raising:scheduler:): interval must be > 0, got \(interval)")
    return timeout(after: interval, scheduler: scheduler, timedOut: failure) { $0 }
  }

  /// Serialises upstream's events and the deadline's failure through one ``SerialDelivery``: whichever
  /// terminal event comes first wins, and the delivery then ends the subscription (cancelling the other).
  private func timeout<NewFailure>(
    after interval: Duration,
    scheduler: some TimedScheduler,
    timedOut: NewFailure,
    transform: @escaping @Sendable (Event<Value, Failure>) -> Event<Value, NewFailure>
  ) -> Signal<Value, NewFailure> {
    Signal<Value, NewFailure>.unserialized({ downstream, lifetime in
      let delivery = SerialDelivery(downstream: downstream, lifetime: lifetime)
      lifetime.add(delivery)
      lifetime += scheduler.schedule(after: interval) { delivery.send(.failed(timedOut)) }
      start(Observer { delivery.send(transform($0)) }, in: lifetime)
    })
  }
}
