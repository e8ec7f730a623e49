extension Signal {
  /// Collects values into arrays, one per window of `interval` that starts with the window's first value.
  ///
  /// The first value received while nothing is collected opens a window on `scheduler`; when it closes, the
  /// values collected in it are sent as one array. Empty windows send nothing. Completion sends what is
  /// collected, if anything, and completes at once; a failure is sent at once and drops it. Disposing
  /// cancels the window's timer. This is ReactiveCocoa's `bufferWithTime:`. With a zero interval a window lasts
  /// until the scheduler's next turn: the values sent before it runs go out as one array.
  ///
  /// ```
  /// upstream:       1 2 - - - 3 - - - 4 |
  /// collect(every): - - - [1,2] - - - [3] [4] |   (interval: 3 ticks)
  /// ```
  ///
  /// ```swift
  /// logLines
  ///   .collect(every: .seconds(5), scheduler: uploadScheduler)
  ///   .subscribe(value: { upload($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The length of a window; must not be negative.
  ///   - scheduler: Where windows are timed and arrays are delivered.
  /// - Returns: A signal of the collected arrays.
  public func collect(every interval: Duration, scheduler: some TimedScheduler) -> Signal<[Value], Failure> {
    precondition(interval >= .zero, "collect(every:scheduler:): interval must be >= 0, got \(interval)")
    return timed(scheduler: scheduler) { downstream, runtime in
      WindowStorage(CollectEveryStateMachine(), interval: interval, downstream: downstream, runtime: runtime)
    }
  }
}
