extension Signal {
  /// Shifts values and completion later by `interval`; a failure arrives at once.
  ///
  /// Each value, and completion, is delivered on `scheduler` `interval` after it arrived, in the order it
  /// arrived. A failure skips the queue: it is sent at once and drops the values still waiting (as in
  /// ReactiveCocoa). Disposing cancels the pending timer and drops the waiting values. A zero interval delivers
  /// each value and completion on `scheduler` at its next turn, in order.
  ///
  /// ```
  /// upstream:  1 - 2 - - |
  /// delay:     - - 1 - 2 - - |      (interval: 2 ticks)
  /// ```
  ///
  /// ![delay: every value and the completion, 2 s later](marble-delay.svg)
  ///
  /// ```swift
  /// toastMessages
  ///   .delay(for: .seconds(2), scheduler: MainScheduler.shared)
  ///   .subscribe(value: { hideToast($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long to hold each value; must not be negative.
  ///   - scheduler: Where the delayed events are delivered.
  /// - Returns: The delayed signal.
  public func delay(for interval: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(interval >= .zero, "delay(for:scheduler:): interval must be >= 0, got \(interval)")
    return timed(scheduler: scheduler) { downstream, runtime in
      DelayStorage(interval: interval, downstream: downstream, runtime: runtime)
    }
  }
}
