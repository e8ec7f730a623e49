extension Signal {
  /// Fails with ``TimeoutFailure/timedOut`` if the signal has not terminated `interval` after subscription.
  ///
  /// Values pass through as they come. If neither completion nor a failure arrives within `interval` (timed on
  /// `scheduler` from the moment of subscription), the signal fails with `.timedOut` and upstream is disposed.
  /// Upstream's own failure arrives at once, wrapped in ``TimeoutFailure/upstream(_:)``. Terminating or
  /// disposing cancels the timer. This is ReactiveCocoa's `timeout:onScheduler:`; for Rx's and Combine's
  /// `timeout`, whose deadline restarts at every value, see ``timeout(idle:scheduler:)``. A zero interval times
  /// out at the scheduler's next turn, unless the signal terminated while being subscribed.
  ///
  /// ```
  /// upstream:  1 - - 2 - - - - -
  /// timeout:   1 - - 2 - X            (interval: 5 ticks; X = failed(.timedOut))
  /// ```
  ///
  /// ![timeout(after:): the timeout failure 6 s after subscription](marble-timeout.svg)
  ///
  /// ```swift
  /// login.timeout(after: .seconds(30), scheduler: MainScheduler.shared)
  ///   .subscribe(failed: { failure in if case .timedOut = failure { showSlowNetwork() } })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may run; must not be negative.
  ///   - scheduler: Where the deadline is timed and the timeout failure is sent.
  /// - Returns: A signal that fails with `.timedOut` when the time runs out.
  public func timeout(
    after interval: Duration,
    scheduler: some TimedScheduler
  ) -> Signal<Value, TimeoutFailure<Failure>> {
    precondition(interval >= .zero, "timeout(after:scheduler:): interval must be >= 0, got \(interval)")
    return timeout(
      interval,
      restartsOnValue: false,
      scheduler: scheduler,
      mapFailure: TimeoutFailure.upstream,
      resolution: .fail(.timedOut)
    )
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
  ///   - interval: How long the signal may run; must not be negative.
  ///   - failure: What to fail with when the time runs out.
  ///   - scheduler: Where the deadline is timed and the failure is sent.
  /// - Returns: A signal that fails with `failure` when the time runs out.
  public func timeout(
    after interval: Duration,
    raising failure: Failure,
    scheduler: some TimedScheduler
  ) -> Signal {
    precondition(interval >= .zero, "timeout(after:raising:scheduler:): interval must be >= 0, got \(interval)")
    return timeout(
      interval,
      restartsOnValue: false,
      scheduler: scheduler,
      mapFailure: { $0 },
      resolution: .fail(failure)
    )
  }

  /// Continues with `fallback` if the signal has not terminated `interval` after subscription.
  ///
  /// The same deadline as ``timeout(after:scheduler:)``, but when it passes, upstream is disposed and `fallback`
  /// is subscribed in its place: the result continues with the fallback's events, and ends when it ends.
  /// Upstream's failure before the deadline arrives at once.
  ///
  /// ```swift
  /// liveQuote.timeout(after: .seconds(2), scheduler: MainScheduler.shared, switchingTo: cachedQuote)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may run; must not be negative.
  ///   - scheduler: Where the deadline is timed and the fallback is subscribed.
  ///   - fallback: The signal to continue with once the time ran out.
  /// - Returns: A signal of the values, then of the fallback's events after the deadline.
  public func timeout(
    after interval: Duration,
    scheduler: some TimedScheduler,
    switchingTo fallback: Signal
  ) -> Signal {
    precondition(interval >= .zero, "timeout(after:scheduler:switchingTo:): interval must be >= 0, got \(interval)")
    return timeout(
      interval,
      restartsOnValue: false,
      scheduler: scheduler,
      mapFailure: { $0 },
      resolution: .switchTo(fallback)
    )
  }

  /// Fails with ``TimeoutFailure/timedOut`` if `interval` passes without a value or a terminal event.
  ///
  /// The deadline starts at subscription and starts again at every value (RxSwift's `timeout(_:scheduler:)`;
  /// Combine's `timeout(_:scheduler:customError:)`, which completes instead of failing unless given an error).
  /// Upstream's own failure arrives at once, wrapped in ``TimeoutFailure/upstream(_:)``; terminating or disposing
  /// cancels the timer. A zero interval times out at the scheduler's next turn after subscription or after the
  /// last value, unless the signal terminated in between.
  ///
  /// ```
  /// upstream:  1 - - 2 - - - 3 - -
  /// idle:      1 - - 2 - - X          (interval: 3 ticks; X = failed(.timedOut))
  /// ```
  ///
  /// ![timeout(idle:): the timeout failure after 3 s of silence](marble-timeout-idle.svg)
  ///
  /// ```swift
  /// socketMessages.timeout(idle: .seconds(30), scheduler: MainScheduler.shared)  // a silent socket is dead
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may stay silent; must not be negative.
  ///   - scheduler: Where the deadline is timed and the timeout failure is sent.
  /// - Returns: A signal that fails with `.timedOut` when upstream is silent for `interval`.
  public func timeout(
    idle interval: Duration,
    scheduler: some TimedScheduler
  ) -> Signal<Value, TimeoutFailure<Failure>> {
    precondition(interval >= .zero, "timeout(idle:scheduler:): interval must be >= 0, got \(interval)")
    return timeout(
      interval,
      restartsOnValue: true,
      scheduler: scheduler,
      mapFailure: TimeoutFailure.upstream,
      resolution: .fail(.timedOut)
    )
  }

  /// Fails with `failure` if `interval` passes without a value or a terminal event.
  ///
  /// The same as ``timeout(idle:scheduler:)``, but the signal keeps its failure type (Combine's `customError`).
  ///
  /// ```swift
  /// heartbeats.timeout(idle: .seconds(10), raising: .connectionLost, scheduler: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may stay silent; must not be negative.
  ///   - failure: What to fail with when the time runs out.
  ///   - scheduler: Where the deadline is timed and the failure is sent.
  /// - Returns: A signal that fails with `failure` when upstream is silent for `interval`.
  public func timeout(
    idle interval: Duration,
    raising failure: Failure,
    scheduler: some TimedScheduler
  ) -> Signal {
    precondition(interval >= .zero, "timeout(idle:raising:scheduler:): interval must be >= 0, got \(interval)")
    return timeout(
      interval,
      restartsOnValue: true,
      scheduler: scheduler,
      mapFailure: { $0 },
      resolution: .fail(failure)
    )
  }

  /// Continues with `fallback` if `interval` passes without a value or a terminal event.
  ///
  /// The deadline of ``timeout(idle:scheduler:)``; when it passes, upstream is disposed and `fallback` is
  /// subscribed in its place (RxSwift's `timeout(_:other:scheduler:)`). To complete instead, as Combine's
  /// `timeout` does without a custom error, switch to `.empty`.
  ///
  /// ```swift
  /// typingIndicator.timeout(idle: .seconds(5), scheduler: MainScheduler.shared, switchingTo: .just(false))
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may stay silent; must not be negative.
  ///   - scheduler: Where the deadline is timed and the fallback is subscribed.
  ///   - fallback: The signal to continue with once upstream was silent for `interval`.
  /// - Returns: A signal of the values, then of the fallback's events after a silence of `interval`.
  public func timeout(
    idle interval: Duration,
    scheduler: some TimedScheduler,
    switchingTo fallback: Signal
  ) -> Signal {
    precondition(interval >= .zero, "timeout(idle:scheduler:switchingTo:): interval must be >= 0, got \(interval)")
    return timeout(
      interval,
      restartsOnValue: true,
      scheduler: scheduler,
      mapFailure: { $0 },
      resolution: .switchTo(fallback)
    )
  }

  /// Runs upstream events and the deadline through one mailbox.
  ///
  /// Both go through one ``TimedOperatorRuntime``: whichever terminal event comes first wins. The deadline starts
  /// before upstream is subscribed, so a value sent while subscribing restarts it.
  private func timeout<NewFailure>(
    _ interval: Duration,
    restartsOnValue: Bool,
    scheduler: some TimedScheduler,
    mapFailure: @escaping @Sendable (Failure) -> NewFailure,
    resolution: TimeoutResolution<Value, NewFailure>
  ) -> Signal<Value, NewFailure> {
    derived({ downstream, lifetime in
      let runtime = TimedOperatorRuntime<Value, Failure>(scheduler: scheduler)
      let upstreamLifetime = lifetime.makeChild()
      let storage = TimeoutStorage(
        restartsOnValue: restartsOnValue,
        interval: interval,
        downstream: downstream,
        runtime: runtime,
        upstreamLifetime: upstreamLifetime,
        lifetime: lifetime,
        mapFailure: mapFailure,
        resolution: resolution
      )
      runtime.start(in: lifetime, handler: storage)
      storage.startDeadline()
      start(runtime.upstreamObserver, in: upstreamLifetime)
    })
  }
}
