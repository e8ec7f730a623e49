extension Signal {
  /// Subscribes to this signal now, once, and replays every value and the terminal event to each subscriber.
  ///
  /// The body runs at the call, whether or not anybody subscribes, and keeps running until it ends by itself:
  /// subscribers disposing does not stop it. Every subscriber receives all values sent so far, then live
  /// ones. Memory grows with each value; see ``replayLast()`` (ReactiveCocoa `-replay`).
  ///
  /// ```swift
  /// let download = Signal(operation: { try await fetch(url) }).replay()  // starts now
  /// download.subscribe(value: { show($0) })                              // gets the result, whenever
  /// ```
  ///
  /// - Returns: The hot, replaying signal.
  public func replay() -> Signal {
    replayEagerly(ReplaySubject())
  }

  /// Subscribes to this signal now, once, and replays the newest value and the terminal event to each
  /// subscriber (ReactiveCocoa `-replayLast`).
  ///
  /// ```swift
  /// let settings = loadSettings.replayLast()
  /// settings.subscribe(value: { apply($0) })  // the newest settings, then changes
  /// ```
  ///
  /// - Returns: The hot signal replaying its newest value.
  public func replayLast() -> Signal {
    replayEagerly(ReplaySubject(capacity: 1))
  }

  /// Subscribes to this signal on the first subscription, once, and replays every value and the terminal
  /// event to each subscriber (ReactiveCocoa `-replayLazily`).
  ///
  /// Nothing runs until somebody subscribes. The subscription it opens then is never disposed by
  /// subscribers leaving: values sent after everybody left are still recorded and replayed to the next one.
  ///
  /// ```swift
  /// let config = fetchConfig.replayLazily()  // nothing fetched yet
  /// config.subscribe(value: { use($0) })     // fetches, once, for everybody
  /// ```
  ///
  /// - Returns: The lazily started, replaying signal.
  public func replayLazily() -> Signal {
    let connectable = multicast(ReplaySubject())
    return derived({ observer, lifetime in
      connectable.signal.start(observer, in: lifetime)
      connectable.connect()
    })
  }

  private func replayEagerly(_ subject: ReplaySubject<Value, Failure>) -> Signal {
    subscribe(subject.observer)
    return subject.signal
  }
}
