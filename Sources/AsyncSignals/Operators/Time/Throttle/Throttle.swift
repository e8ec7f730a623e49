extension Signal {
  /// Sends at most one value per `interval`: the first at once, then, with `latest`, the latest of each window.
  ///
  /// A value that arrives while no window is open goes out at once and opens a window of `interval` on
  /// `scheduler`. With `latest: false`, the values that arrive during the window are dropped. With `latest: true`,
  /// the latest of them is held; when the window closes it goes out and opens the next window, and if nothing was
  /// held the operator goes idle. This is RxSwift's `throttle(_:latest:scheduler:)`.
  ///
  /// Completion while a value is held waits for the window to close: the held value goes out, then completion
  /// (as in Rx). Completion with nothing held, and any failure, go out at once; a failure drops the held value.
  /// Disposing cancels the window's timer. A zero interval opens no window: every value goes out as it arrives.
  ///
  /// ```
  /// upstream:          1 2 3 - - - - - 4 - 5 - - - - |
  /// latest: true:      1 - - 3 - - - - 4 - - 5 - - - |   (interval: 3 ticks)
  /// latest: false:     1 - - - - - - - 4 - - - - - - |
  /// ```
  ///
  /// ![throttle, latest: the first at once, then the latest of each window](marble-throttle-latest.svg)
  ///
  /// ![throttle, not latest: the first of each window, the rest dropped](marble-throttle.svg)
  ///
  /// ```swift
  /// scrollOffsets
  ///   .throttle(for: .milliseconds(100), scheduler: MainScheduler.shared, latest: true)
  ///   .subscribe(value: { updateHeader(for: $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two values; must not be negative.
  ///   - scheduler: Where the windows are timed and held values are delivered.
  ///   - latest: Whether a window sends its latest value when it closes (`true`) or drops the values it received
  ///     (`false`).
  /// - Returns: The throttled signal.
  public func throttle(for interval: Duration, scheduler: some TimedScheduler, latest: Bool) -> Signal {
    precondition(interval >= .zero, "throttle(for:scheduler:latest:): interval must be >= 0, got \(interval)")
    guard interval > .zero else { return self }
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
