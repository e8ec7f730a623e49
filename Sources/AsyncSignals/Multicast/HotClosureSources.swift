extension Signal {
  /// Runs `body` now, once, and replays everything it sends to every subscriber, present and future.
  ///
  /// The body runs on the calling thread, at the call; subscribers disposing does not stop it. Equivalent to
  /// `Signal(body).startNow()` (ReactiveCocoa `+startEagerlyWithScheduler:block:`; the classic name lives in
  /// LegacyBridge).
  ///
  /// ```swift
  /// let warmUp = Signal<Cache, Never>.startEagerly { observer, _ in
  ///   observer.send(buildCache())
  ///   observer.complete()
  /// }
  /// ```
  ///
  /// - Parameter body: Sends the events, once; it may keep sending later from any thread.
  /// - Returns: The hot, replaying signal.
  @_disfavoredOverload
  @available(*, deprecated, message: "the classic name lives in LegacyBridge; in the core, Signal(body).startNow()")
  public static func startEagerly(_ body: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void) -> Signal {
    Signal(body).startNow()
  }

  /// Runs `body` on the first subscription, once, and replays everything it sends to every subscriber.
  ///
  /// Nothing runs until somebody subscribes; then the body runs on that subscriber's thread, once, and
  /// keeps running even when every subscriber left. Equivalent to `Signal(body).startOnFirstSubscription()`
  /// (ReactiveCocoa `+startLazilyWithScheduler:block:`).
  ///
  /// ```swift
  /// let token = Signal<Token, AuthError>.startLazily { observer, lifetime in
  ///   lifetime.task {
  ///     do { observer.send(try await refreshToken()); observer.complete() } catch { observer.fail(error) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter body: Sends the events, once; it may keep sending later from any thread.
  /// - Returns: The lazily started, replaying signal.
  @_disfavoredOverload
  @available(
    *,
    deprecated,
    message: "the classic name lives in LegacyBridge; in the core, Signal(body).startOnFirstSubscription()"
  )
  public static func startLazily(_ body: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void) -> Signal {
    Signal(body).startOnFirstSubscription()
  }
}
