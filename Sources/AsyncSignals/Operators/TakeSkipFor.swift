extension Signal {
  /// Forwards values for `duration` after subscription, then completes and ends the subscription.
  ///
  /// A timer starts on `scheduler` when the result is subscribed (before this signal is); when it fires, the
  /// result completes and this signal is disposed. A terminal event that comes first passes through and cancels
  /// the timer. A zero duration completes at the scheduler's next turn: only values sent while subscribing pass.
  /// This is Rx's `take(for:scheduler:)`, and `take(until:)` of a ``timer(after:scheduler:)``.
  ///
  /// ```
  /// upstream:     1 - 2 - 3 - 4 - 5
  /// take(for: 5): 1 - 2 - 3 |           (5 ticks)
  /// ```
  ///
  /// ```swift
  /// locationUpdates.take(for: .seconds(10), scheduler: MainScheduler.shared)  // sample for ten seconds
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long values pass; must not be negative.
  ///   - scheduler: Where the duration is timed and the completion is sent.
  /// - Returns: The values of the first `duration`.
  public func take(for duration: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(duration >= .zero, "take(for:scheduler:): duration must be >= 0, got \(duration)")
    return take(until: Signal<Int, Never>.timer(after: duration, scheduler: scheduler))
  }

  /// Drops the values that arrive within `duration` of subscription, then forwards the rest.
  ///
  /// A timer starts on `scheduler` when the result is subscribed (before this signal is); values that arrive
  /// before it fired are dropped. Terminal events pass through at any time and cancel the timer. A zero duration
  /// drops only the values sent before the scheduler's next turn (those sent while subscribing). This is Rx's
  /// `skip(for:scheduler:)`, and `withLatest(from:)` of a ``timer(after:scheduler:)`` without its value.
  ///
  /// ```
  /// upstream:     1 - 2 - 3 - 4 - 5 |
  /// skip(for: 5): - - - - - - 4 - 5 |   (5 ticks)
  /// ```
  ///
  /// ```swift
  /// sensorReadings.skip(for: .seconds(2), scheduler: scheduler)  // ignore the warm-up
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long values are dropped; must not be negative.
  ///   - scheduler: Where the duration is timed.
  /// - Returns: The values after the first `duration`.
  public func skip(for duration: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(duration >= .zero, "skip(for:scheduler:): duration must be >= 0, got \(duration)")
    return withLatest(from: Signal<Int, Never>.timer(after: duration, scheduler: scheduler)).map { value, _ in value }
  }
}
