import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/debounce(for:scheduler:)``: `-throttle:` (RAC's throttle is a debounce).
  ///
  /// A value is sent only after `interval` passed without a newer one; the newest value wins.
  ///
  /// ```swift
  /// searchText.throttle(.milliseconds(300), scheduler: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The quiet time a value must survive.
  ///   - scheduler: Measures the time and delivers the values.
  /// - Returns: The values that were not superseded within `interval`.
  public func throttle(_ interval: Duration, scheduler: some TimedScheduler) -> Signal {
    debounce(for: interval, scheduler: scheduler)
  }

  /// Classic name for ``/AsyncSignals/Signal/debounce(for:scheduler:where:)``: `-throttle:valuesPassingTest:`.
  ///
  /// A value that passes `predicate` waits until `interval` passed without a newer one, as with
  /// ``throttle(_:scheduler:)``; a value that does not goes out at once and drops the waiting value. Completion
  /// sends the waiting value, then completes; a failure drops it.
  ///
  /// ```swift
  /// keystrokes.throttle(.milliseconds(300), scheduler: scheduler, valuesPassingTest: { $0 != "\n" })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The quiet time a value that passes `predicate` must survive.
  ///   - scheduler: Measures the time and delivers the delayed values.
  ///   - predicate: Whether a value is throttled (`true`) or sent at once (`false`).
  /// - Returns: The values, those that pass `predicate` only when not superseded within `interval`.
  public func throttle(
    _ interval: Duration,
    scheduler: some TimedScheduler,
    valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
  ) -> Signal {
    debounce(for: interval, scheduler: scheduler, where: predicate)
  }

  /// Classic name for ``/AsyncSignals/Signal/collect(every:scheduler:)``: `-bufferWithTime:onScheduler:`.
  ///
  /// ```swift
  /// logLines.bufferWithTime(.seconds(1), onScheduler: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The length of each window.
  ///   - scheduler: Measures the time and delivers the arrays.
  /// - Returns: A signal of the values of each window.
  public func bufferWithTime(
    _ interval: Duration,
    onScheduler scheduler: some TimedScheduler
  ) -> Signal<[Value], Failure> {
    collect(every: interval, scheduler: scheduler)
  }

  /// Classic name for ``/AsyncSignals/Signal/timeout(after:scheduler:)``: `-timeout:onScheduler:`.
  ///
  /// ```swift
  /// request.timeout(.seconds(10), onScheduler: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the signal may take to terminate.
  ///   - scheduler: Measures the time.
  /// - Returns: The signal, failing with `.timedOut` after `interval`.
  public func timeout(
    _ interval: Duration,
    onScheduler scheduler: some TimedScheduler
  ) -> Signal<Value, TimeoutFailure<Failure>> {
    timeout(after: interval, scheduler: scheduler)
  }

  /// Classic name for ``/AsyncSignals/Signal/observe(on:)``: `-deliverOn:`.
  ///
  /// ```swift
  /// results.deliverOn(MainScheduler.shared)
  /// ```
  ///
  /// - Parameter scheduler: Delivers every event, in order.
  /// - Returns: The signal, delivered on `scheduler`.
  public func deliverOn(_ scheduler: some Scheduler) -> Signal {
    observe(on: scheduler)
  }

  /// Classic name for ``/AsyncSignals/Signal/observe(on:)`` with ``/AsyncSignals/MainScheduler``:
  /// `-deliverOnMainThread`.
  ///
  /// As in RAC, an event that arrives on the main thread (the main queue, where the main actor runs) with nothing
  /// queued ahead of it is delivered at once, without a hop; the others are delivered on the main queue, in order.
  ///
  /// ```swift
  /// results.deliverOnMainThread()
  /// ```
  ///
  /// - Returns: The signal, delivered on the main thread.
  public func deliverOnMainThread() -> Signal {
    let main = ActorContext(MainActor.shared)
    return observe(on: MainScheduler.shared, deliveringAtOnceWhen: { main.isCurrent() })
  }

  /// Classic name for ``/AsyncSignals/Signal/subscribe(on:)``: `-subscribeOn:`.
  ///
  /// ```swift
  /// expensiveWork.subscribeOn(backgroundScheduler)
  /// ```
  ///
  /// - Parameter scheduler: Runs the subscription (the signal's body).
  /// - Returns: The signal, subscribed on `scheduler`.
  public func subscribeOn(_ scheduler: some Scheduler) -> Signal {
    subscribe(on: scheduler)
  }
}

extension Signal where Value == Int {
  /// Classic name for ``/AsyncSignals/Signal/interval(every:scheduler:)``: `+interval:onScheduler:`.
  ///
  /// RAC sends the date of each tick; this sends the tick's index (0, 1, 2…).
  ///
  /// ```swift
  /// Signal.interval(.seconds(1), onScheduler: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks.
  ///   - scheduler: Measures the time and delivers the ticks.
  /// - Returns: A signal of tick indices that never completes.
  public static func interval(_ interval: Duration, onScheduler scheduler: some TimedScheduler) -> Signal {
    Signal.interval(every: interval, scheduler: scheduler)
  }

  /// Classic name for ``/AsyncSignals/Signal/interval(every:scheduler:)``: `+interval:onScheduler:withLeeway:`.
  ///
  /// RAC's leeway lets the system fire each tick up to `leeway` late, to coalesce timers and save power. The
  /// schedulers here fire on time, which that allowance always permits, so the leeway is checked and not used:
  /// the ticks are those of ``interval(_:onScheduler:)``: tick indices (0, 1, 2…), where RAC sent dates.
  ///
  /// ```swift
  /// Signal.interval(.seconds(60), onScheduler: scheduler, withLeeway: .seconds(5))
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; must be greater than zero.
  ///   - scheduler: Measures the time and delivers the ticks.
  ///   - leeway: How late RAC allowed a tick to be; must not be negative.
  /// - Returns: A signal of tick indices that never completes.
  public static func interval(
    _ interval: Duration,
    onScheduler scheduler: some TimedScheduler,
    withLeeway leeway: Duration
  ) -> Signal {
    precondition(leeway >= .zero, "interval(_:onScheduler:withLeeway:): leeway must be >= 0, got \(leeway)")
    return Signal.interval(every: interval, scheduler: scheduler)
  }
}
