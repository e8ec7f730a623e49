extension Signal {
  /// Runs side effects at each step of every subscription, before the event is delivered downstream.
  ///
  /// Each hook runs once per subscription and event, synchronously, on the thread delivering:
  /// - `started`: when a subscription starts, before the upstream is subscribed (RAC `initially`).
  /// - `value`: before each value is sent on (RAC `doNext`).
  /// - `failed` / `completed`: before the terminal event is sent on (RAC `doError` / `doCompleted`).
  /// - `terminated`: after `failed` or `completed`, before the terminal event is sent on.
  /// - `disposed`: once when the subscription ends, by a terminal event or disposal (RAC `finally` runs on
  ///   termination; `disposed` also covers cancellation).
  ///
  /// ```swift
  /// request
  ///   .on(started: { spinner.start() }, disposed: { spinner.stop() })
  ///   .subscribe(value: { show($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - started: Runs when a subscription starts.
  ///   - value: Runs with each value.
  ///   - failed: Runs with the failure.
  ///   - completed: Runs at completion.
  ///   - terminated: Runs at failure or completion.
  ///   - disposed: Runs when the subscription ends.
  /// - Returns: The same signal, with the side effects.
  @inlinable
  public func on(
    started: (@Sendable () -> Void)? = nil,
    value: (@Sendable (Value) -> Void)? = nil,
    failed: (@Sendable (Failure) -> Void)? = nil,
    completed: (@Sendable () -> Void)? = nil,
    terminated: (@Sendable () -> Void)? = nil,
    disposed: (@Sendable () -> Void)? = nil
  ) -> Signal<Value, Failure> {
    derived({ downstream, lifetime in
      if let disposed {
        lifetime.onDispose(disposed)
      }
      started?()
      start(
        Observer { event in
          switch event {
          case .value(let element):
            value?(element)
          case .failed(let failure):
            failed?(failure)
            terminated?()
          case .completed:
            completed?()
            terminated?()
          }
          downstream.send(event: event)
        },
        in: lifetime
      )
    })
  }
}
