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

  /// Subscribes to the signal `count` times in all, each time after the previous subscription completed.
  ///
  /// Values of every round pass through; a failure ends the result at once. The previous round ends (its
  /// cleanup runs) before the next starts. 100,000 synchronous rounds run in constant stack depth. `repeat(0)`
  /// completes at once without subscribing, `repeat(1)` is the signal itself.
  ///
  /// ```
  ///  self:       ─1─2─|
  ///  repeat(2):  ─1─2──1─2─|
  /// ```
  ///
  /// ```swift
  /// Signal.just("tick").repeat(3)  // tick, tick, tick
  /// ```
  ///
  /// - Parameter count: How many times to subscribe, at least 0.
  /// - Returns: A signal of every round's values.
  @inlinable
  public func `repeat`(_ count: Int) -> Signal {
    precondition(count >= 0, "repeat(_:): count must be >= 0, got \(count)")
    guard count > 0 else { return .empty }
    return resubscribing(resubscriptions: count - 1, onFailure: false)
  }

  /// Subscribes to the signal again each time it completes, until it fails or is disposed.
  ///
  /// See ``repeat(_:)``.
  ///
  /// ```swift
  /// pollOnce.repeat().take(10)
  /// ```
  ///
  /// - Returns: A signal of every round's values that never completes.
  @inlinable
  public func `repeat`() -> Signal {
    resubscribing(resubscriptions: nil, onFailure: false)
  }

  @inlinable
  func resubscribing(resubscriptions: Int?, onFailure: Bool) -> Signal {
    let source = self
    return derived({ downstream, lifetime in
      ResubscribeStorage(
        source: source,
        resubscriptions: resubscriptions,
        onFailure: onFailure,
        downstream: downstream,
        lifetime: lifetime
      ).run()
    })
  }
}
