extension Signal {
  /// On failure, subscribes to the signal again, up to `count` more times, then fails with the last failure.
  ///
  /// Each retry is a fresh subscription: the failed one ends (its cleanup runs) before the next starts. Values
  /// of every attempt pass through; completion ends the result. A source that fails synchronously retries in
  /// constant stack depth.
  ///
  /// ```
  ///  attempt 1:  ─1─✕
  ///  attempt 2:      ─1─2─|
  ///  retry(1):   ─1──1─2─|
  /// ```
  ///
  /// ![retry(2): three subscriptions, then the failure](marble-retry.svg)
  ///
  /// ```swift
  /// api.fetchFeed().retry(3)  // at most four attempts
  /// ```
  ///
  /// - Parameter count: How many times to resubscribe after a failure, at least 0.
  /// - Returns: A signal that fails only after `count` retries failed too.
  @inlinable
  public func retry(_ count: Int) -> Signal {
    precondition(count >= 0, "retry(_:): count must be >= 0, got \(count)")
    return resubscribing(resubscriptions: count, onFailure: true)
  }

  /// On failure, subscribes to the signal again, as often as it fails.
  ///
  /// See ``retry(_:)``. The result only ends when an attempt completes, or when it is disposed.
  ///
  /// ```swift
  /// liveUpdates.retry()
  /// ```
  ///
  /// - Returns: A signal that never fails.
  @inlinable
  public func retry() -> Signal {
    resubscribing(resubscriptions: nil, onFailure: true)
  }
}
