extension Signal {
  /// Sends a value only once `interval` has passed without a newer one; completion and failure at once.
  ///
  /// Each value replaces the pending one and restarts the wait. When the wait ends on `scheduler`, the pending
  /// value goes out. Completion sends the pending value, if any, and completes at once; a failure is sent at
  /// once and the pending value is dropped. Disposing cancels the pending timer. This is what ReactiveCocoa 2
  /// called `throttle:`. A zero interval waits for the scheduler's next turn: of the values sent before it runs,
  /// the last one goes out (Rx and Combine `debounce(0)`).
  ///
  /// ```
  /// upstream:  1 - 2 - - - - 3 - - - - |
  /// debounce:  - - - - - 2 - - - - - 3 |      (interval: 3 ticks)
  /// ```
  ///
  /// ![debounce: of each burst, the last value, 2 s after it](marble-debounce.svg)
  ///
  /// ```swift
  /// searchField.text
  ///   .debounce(for: .milliseconds(300), scheduler: MainScheduler.shared)
  ///   .subscribe(value: { search($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long upstream must stay quiet; must not be negative.
  ///   - scheduler: Where the timer runs and the delayed values are delivered.
  /// - Returns: The debounced signal.
  public func debounce(for interval: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(interval >= .zero, "debounce(for:scheduler:): interval must be >= 0, got \(interval)")
    return timed(scheduler: scheduler) { downstream, runtime in
      WindowStorage(DebounceStateMachine(), interval: interval, downstream: downstream, runtime: runtime)
    }
  }
}
