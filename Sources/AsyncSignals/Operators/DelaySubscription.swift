extension Signal {
  /// Subscribes to this signal `interval` after being subscribed to, on `scheduler`.
  ///
  /// Nothing happens until the delay has passed; then the signal's body runs in an action on `scheduler`,
  /// with the scheduler's executor preferred by the Tasks it starts (as with ``subscribe(on:)``). Disposing
  /// before that cancels the timer, and the body never runs. A zero interval subscribes at the scheduler's next
  /// turn.
  ///
  /// ```swift
  /// retryRequest
  ///   .delaySubscription(for: .seconds(2), scheduler: scheduler)
  ///   .subscribe(value: { show($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long to wait before subscribing; must not be negative.
  ///   - scheduler: Where the subscription starts.
  /// - Returns: A signal whose subscriptions start late.
  public func delaySubscription(for interval: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(interval >= .zero, "delaySubscription(for:scheduler:): interval must be >= 0, got \(interval)")
    return derived({ downstream, lifetime in
      lifetime += scheduler.schedule(after: interval) {
        guard !lifetime.isDisposed else { return }
        scheduler.withExecutorPreference {
          start(downstream, in: lifetime.makeChild(preferring: scheduler.executorPreference))
        }
      }
    })
  }
}
