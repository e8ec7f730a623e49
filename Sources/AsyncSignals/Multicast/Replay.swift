extension Signal {
  /// Subscribes to this signal now, once, and replays its values and terminal event to every subscriber.
  ///
  /// The body runs at the call, whether or not anybody subscribes, and keeps running until it ends by itself:
  /// subscribers disposing does not stop it. Every subscriber receives the newest `count` values sent so far (by
  /// default all of them), then the live ones. Memory grows with each value kept. ReactiveCocoa's `-replay` and
  /// `-replayLast` (LegacyBridge keeps those names).
  ///
  /// ```swift
  /// let download = Signal(operation: { try await fetch(url) }).startNow()  // starts now
  /// download.subscribe(value: { show($0) })                                // gets the result, whenever
  /// let settings = loadSettings.startNow(replayingLast: 1)                  // the newest settings, then changes
  /// ```
  ///
  /// - Parameter count: How many of the newest values to replay, at least 1; by default every value.
  /// - Returns: The hot, replaying signal.
  public func startNow(replayingLast count: Int = .max) -> Signal {
    precondition(count >= 1, "startNow(replayingLast:): count must be >= 1, got \(count)")
    let subject = Self.replaySubject(keeping: count)
    subscribe(subject.observer)
    return subject.signal
  }

  /// Subscribes to this signal on the first subscription, once, and replays its values and terminal event to
  /// every subscriber.
  ///
  /// Nothing runs until somebody subscribes. The subscription it opens then is never disposed by subscribers
  /// leaving: values sent after everybody left are still kept and replayed to the next one. ReactiveCocoa's
  /// `-replayLazily` (LegacyBridge keeps that name).
  ///
  /// ```swift
  /// let config = fetchConfig.startOnFirstSubscription()  // nothing fetched yet
  /// config.subscribe(value: { use($0) })                 // fetches, once, for everybody
  /// ```
  ///
  /// - Parameter count: How many of the newest values to replay, at least 1; by default every value.
  /// - Returns: The lazily started, replaying signal.
  public func startOnFirstSubscription(replayingLast count: Int = .max) -> Signal {
    precondition(count >= 1, "startOnFirstSubscription(replayingLast:): count must be >= 1, got \(count)")
    let connectable = multicast(Self.replaySubject(keeping: count))
    return derived({ observer, lifetime in
      connectable.signal.start(observer, in: lifetime)
      connectable.connect()
    })
  }

  /// A subject replaying the newest `count` values, or all of them for `Int.max`.
  private static func replaySubject(keeping count: Int) -> ReplaySubject<Value, Failure> {
    count == .max ? ReplaySubject() : ReplaySubject(capacity: count)
  }
}
