extension Signal {
  /// On failure, waits `delay` on `scheduler` and subscribes again, up to `count` more times; then fails with the
  /// last failure.
  ///
  /// Each retry is a fresh subscription, made `delay.delay(beforeRetry: n)` after the n-th failure (a constant
  /// wait, or an exponential backoff with optional jitter; see ``RetryDelay``). The failed subscription ends (its
  /// cleanup runs) before the wait starts. Values of every attempt pass through; completion ends the result, and
  /// so does a failure once `count` retries failed too. Disposing cancels a pending wait. The count is not reset
  /// by an attempt that sent values. `retry(upTo: 0, …)` never retries. This is ``retry(when:)`` with a trigger
  /// that waits on `scheduler`, and `retry(upTo: n, delay: .constant(.zero), …)` is ``retry(_:)`` with each retry
  /// moved to the scheduler's next turn.
  ///
  /// ```
  ///  attempt 1:  ─1─✕
  ///  attempt 2:          ─1─✕            (after delay(beforeRetry: 1))
  ///  attempt 3:                  ─1─2─|  (after delay(beforeRetry: 2))
  ///  result:     ─1──────1───────1─2─|
  /// ```
  ///
  /// ```swift
  /// api.search(term)  // retries after 0.5 s, 1 s and 2 s: the backoff's multiplier is 2 unless given
  ///   .retry(upTo: 3, delay: .exponential(initial: .milliseconds(500)), scheduler: MainScheduler.shared)
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many times to resubscribe after a failure, at least 0.
  ///   - delay: The wait before each retry.
  ///   - scheduler: Where the waits are timed and the retries subscribed.
  /// - Returns: A signal that fails only after `count` delayed retries failed too.
  public func retry(upTo count: Int, delay: RetryDelay, scheduler: some TimedScheduler) -> Signal {
    precondition(count >= 0, "retry(upTo:delay:scheduler:): count must be >= 0, got \(count)")
    return retrying(resubscribingOn: scheduler) { failures in
      failures
        .scan(0) { retries, _ in retries + 1 }
        .take(count)
        .flatMap(.concat) { retry in
          Signal<Int, Never>.timer(after: delay.delay(beforeRetry: retry), scheduler: scheduler)
        }
    }
  }

  /// On failure, subscribes again each time the signal that `handler` makes from the failures sends a value.
  ///
  /// `handler` is called once per subscription with a signal of this subscription's failures, and returns the
  /// *trigger*, which is subscribed at once. After an attempt fails (its subscription has ended by then), its
  /// failure is sent into the failures signal, and the next value of the trigger subscribes again; trigger values
  /// while an attempt runs are ignored. When the trigger completes, no attempt starts any more: a failure that
  /// waits for it, or the next one, fails the result (so a trigger can give up without inventing a failure, and
  /// the result keeps its typed failure). Completion of an attempt completes the result. Values of every attempt
  /// pass through. A source and a trigger that answer synchronously retry in constant stack depth.
  ///
  /// Rx's `retry(when:)` completes the result when the notifier completes; to get that here, add
  /// `.catch(to: .empty)` after it.
  ///
  /// ```swift
  /// upload.retry(when: { failures in
  ///   failures
  ///     .filter { $0.isTransient }                                 // a permanent failure waits: no more tries
  ///     .take(5)
  ///     .flatMap(.concat) { _ in Signal<Int, Never>.timer(after: .seconds(2), scheduler: scheduler) }
  /// })
  /// ```
  ///
  /// - Parameter handler: Makes the trigger from the signal of failures.
  /// - Returns: A signal that retries when the trigger says so.
  public func retry<Trigger>(
    when handler: @escaping @Sendable (_ failures: Signal<Failure, Never>) -> Signal<Trigger, Never>
  ) -> Signal {
    retrying(resubscribingOn: nil, handler)
  }

  /// ``retry(when:)``, with the Tasks of retried attempts preferring `scheduler`'s executor when it has one.
  private func retrying<Trigger>(
    resubscribingOn scheduler: (any Scheduler)?,
    _ handler: @escaping @Sendable (Signal<Failure, Never>) -> Signal<Trigger, Never>
  ) -> Signal {
    let source = self
    return derived({ downstream, lifetime in
      RetryWhenStorage(source: source, downstream: downstream, lifetime: lifetime, scheduler: scheduler).start(handler)
    })
  }
}
