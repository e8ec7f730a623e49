extension Signal {
  /// Sends at most one value per `interval`: the first at once, then the first or latest of each window.
  ///
  /// A value that arrives while no window is open goes out at once and opens a window of `interval` on
  /// `scheduler`. Values arriving during the window are held back (the latest one with `latest: true`, the
  /// first one otherwise); when the window closes, the held value goes out and opens the next window, and if
  /// nothing was held the operator goes idle. Completion sends the held value, if any, and completes at once;
  /// a failure is sent at once and drops it. Disposing cancels the window's timer.
  ///
  /// ```
  /// upstream:  1 2 3 - - - - - 4 - 5 - - - |
  /// throttle:  1 - - 3 - - - - 4 - - 5 - - |   (interval: 3 ticks, latest: true)
  /// ```
  ///
  /// ```swift
  /// scrollOffsets
  ///   .throttle(for: .milliseconds(100), scheduler: MainScheduler.shared, latest: true)
  ///   .subscribe(value: { updateHeader(for: $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two values; must be greater than zero.
  ///   - scheduler: Where the windows are timed and held values are delivered.
  ///   - latest: Whether a window sends its latest value (`true`) or its first (`false`).
  /// - Returns: The throttled signal.
  public func throttle(for interval: Duration, scheduler: some TimedScheduler, latest: Bool) -> Signal {
    precondition(interval > .zero, "throttle(for:scheduler:latest:): interval must be > 0, got \(interval)")
    return timed(scheduler: scheduler) { downstream, runtime in
      WindowStorage(
        ThrottleStateMachine(keepsLatest: latest),
        interval: interval,
        downstream: downstream,
        runtime: runtime
      )
    }
  }
}
