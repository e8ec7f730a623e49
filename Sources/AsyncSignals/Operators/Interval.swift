extension Signal where Value == Int {
  /// A signal that sends 0, 1, 2, … every `interval` on `scheduler`, and never ends.
  ///
  /// Each subscription has its own timer: the first value comes `interval` after subscribing. Disposing
  /// stops the timer. This is ReactiveCocoa's `interval:onScheduler:` and Rx's `interval`. Unlike the time
  /// operators, it traps for a zero period: every tick would be due at the same instant, forever, and the scheduler
  /// could never move past it.
  ///
  /// ```swift
  /// let ticks = Signal<Int, Never>.interval(every: .seconds(1), scheduler: MainScheduler.shared)
  /// let subscription = ticks.subscribe(value: { print("tick", $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between two values; must be greater than zero.
  ///   - scheduler: Where the timer runs and values are sent.
  /// - Returns: The signal.
  public static func interval(every interval: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(interval > .zero, "interval(every:scheduler:): interval must be > 0, got \(interval)")
    return Signal { observer, lifetime in
      let ticks = TickCounter()
      lifetime += scheduler.schedule(after: interval, interval: interval) {
        observer.send(ticks.next())
      }
    }
  }

  /// A signal that sends 0 once, `delay` after subscription on `scheduler`, then completes.
  ///
  /// ```swift
  /// Signal<Int, Never>.timer(after: .seconds(3), scheduler: scheduler)
  ///   .subscribe(completed: { dismissBanner() })
  /// ```
  ///
  /// - Parameters:
  ///   - delay: How long to wait; must not be negative.
  ///   - scheduler: Where the timer runs and the value is sent.
  /// - Returns: The signal.
  public static func timer(after delay: Duration, scheduler: some TimedScheduler) -> Signal {
    precondition(delay >= .zero, "timer(after:scheduler:): delay must be >= 0, got \(delay)")
    return Signal { observer, lifetime in
      lifetime += scheduler.schedule(after: delay) {
        observer.send(0)
        observer.complete()
      }
    }
  }
}

/// The tick count of one ``Signal/interval(every:scheduler:)`` subscription.
private final class TickCounter: Sendable {
  private let count = Locked(0)

  /// Returns the next tick: 0 first.
  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
}
