extension Signal {
  /// A signal that makes its inner signal on `context`'s actor and runs it from there: at once when subscribed on
  /// the actor, after a hop otherwise (a `Command` made on an actor runs its `execute` closure this way).
  ///
  /// The inner signal runs in a child of the subscription's lifetime. Its own terminal event ends only that
  /// child; the subscription ends when that event has been delivered through this signal's mailbox. Started in the
  /// subscription's lifetime itself, an inner signal that ended on the actor while the subscribing thread still
  /// owned the mailbox (it was finishing the body) ended the subscription with its events still queued, and they
  /// were dropped: a command executed from a background thread then never finished (issue 26).
  ///
  /// ```swift
  /// let execution = Signal<Int, Never>.started(on: ActorContext(MainActor.shared)) { .just(1) }
  /// ```
  ///
  /// - Parameters:
  ///   - context: The actor to make and start the inner signal on.
  ///   - afterScheduling: Runs on the subscribing thread after the inner signal was started or its hop
  ///     scheduled, before the body returns; tests use it to hold the mailbox while the actor delivers.
  ///   - makeSignal: Makes the inner signal, on the actor.
  /// - Returns: The signal.
  package static func started(
    on context: ActorContext,
    afterScheduling: @escaping @Sendable () -> Void = {},
    _ makeSignal: @escaping @Sendable () -> Signal
  ) -> Signal {
    Signal { observer, lifetime in
      let inner = lifetime.makeChild()
      context.run {
        guard !inner.isDisposed else { return }
        makeSignal().start(observer, in: inner)
      }
      afterScheduling()
    }
  }
}
