extension Signal {
  /// Subscribes to the signal again each time a round ends with a failure (`onFailure`, as `retry` does) or with
  /// a completion (otherwise, as `repeat` does), at most `resubscriptions` times (`nil`: without limit).
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
