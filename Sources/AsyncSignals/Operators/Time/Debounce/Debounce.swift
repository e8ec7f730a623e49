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

  /// Debounces the values that pass `shouldDebounce` and sends the others at once, dropping the pending value.
  ///
  /// A value for which `shouldDebounce` returns `true` waits as in ``debounce(for:scheduler:)``: it replaces the
  /// pending one and restarts the wait. A value for which it returns `false` goes out at once, and the pending
  /// value, if any, is dropped (it is older than the value just sent). Completion sends the pending value, if any,
  /// and completes at once; a failure is sent at once and the pending value is dropped. Disposing cancels the
  /// pending timer. `shouldDebounce` runs on the thread that delivers each value, before the value joins the
  /// operator's mailbox. This is ReactiveCocoa 2's `throttle:valuesPassingTest:`.
  ///
  /// ![debounce where the value is not x: a burst's last value 2 s after it; x at once, dropping c](marble-debounce-where.svg)
  ///
  /// ```swift
  /// keystrokes
  ///   .debounce(for: .milliseconds(300), scheduler: MainScheduler.shared, where: { $0 != "\n" })
  ///   .subscribe(value: { search($0) })  // the return key searches at once
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long upstream must stay quiet after a debounced value; must not be negative.
  ///   - scheduler: Where the timer runs and the delayed values are delivered.
  ///   - shouldDebounce: Whether a value waits (`true`) or goes out at once (`false`).
  /// - Returns: The selectively debounced signal.
  public func debounce(
    for interval: Duration,
    scheduler: some TimedScheduler,
    where shouldDebounce: @escaping @Sendable (Value) -> Bool
  ) -> Signal {
    precondition(interval >= .zero, "debounce(for:scheduler:where:): interval must be >= 0, got \(interval)")
    let candidates = map { DebounceCandidate(value: $0, isDebounced: shouldDebounce($0)) }
    return candidates.timed(scheduler: scheduler) { downstream, runtime in
      WindowStorage(SelectiveDebounceStateMachine(), interval: interval, downstream: downstream, runtime: runtime)
    }
  }
}
