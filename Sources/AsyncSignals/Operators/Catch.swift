extension Signal {
  /// On failure, continues with the signal `handler` makes from the failure.
  ///
  /// Values and completion pass through. When the signal fails, its subscription ends (its cleanup runs), then
  /// `handler` is called once and its signal subscribed once; the result continues with that signal's events,
  /// including its failure, which can have another type.
  ///
  /// ```
  ///  self:         ─1──2──✕
  ///  replacement:          ─9──|
  ///  result:       ─1──2───9──|
  /// ```
  ///
  /// ```swift
  /// api.fetchFeed().catch { error in cache.feed(for: error) }  // Signal<Feed, Never>
  /// ```
  ///
  /// - Parameter handler: Makes the replacement signal from the failure.
  /// - Returns: A signal of the values, then of the replacement's values after a failure.
  @inlinable
  public func `catch`<NewFailure>(
    _ handler: @escaping @Sendable (Failure) -> Signal<Value, NewFailure>
  ) -> Signal<Value, NewFailure> {
    let source = self
    return derived({ downstream, lifetime in
      let attempt = lifetime.makeChild()
      source.start(
        Observer { event in
          switch event {
          case .value(let value):
            downstream.send(value)
          case .completed:
            downstream.complete()
          case .failed(let failure):
            attempt.dispose()
            guard !lifetime.isDisposed else { return }
            handler(failure).start(downstream, in: lifetime)
          }
        },
        in: attempt
      )
    })
  }

  /// On failure, continues with `replacement`.
  ///
  /// `replacement` is subscribed once, after the signal's subscription ended. See ``catch(_:)``.
  ///
  /// ```swift
  /// liveScores.catch(to: .just(Score.unavailable))
  /// ```
  ///
  /// - Parameter replacement: The signal to continue with after a failure.
  /// - Returns: A signal of the values, then of the replacement's values after a failure.
  @inlinable
  public func `catch`<NewFailure>(to replacement: Signal<Value, NewFailure>) -> Signal<Value, NewFailure> {
    self.catch { _ in replacement }
  }
}
