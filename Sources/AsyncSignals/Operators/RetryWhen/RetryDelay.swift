/// How long ``Signal/retry(upTo:delay:scheduler:)`` waits before each retry: a constant delay or an exponential
/// backoff, optionally with jitter.
///
/// A pure value: ``delay(beforeRetry:)`` tells the wait before retry number 1, 2, 3, ….
///
/// ```swift
/// let constant = RetryDelay.constant(.seconds(2))                                      // 2 s, 2 s, 2 s, …
/// let backoff = RetryDelay.exponential(initial: .milliseconds(500), maximum: .seconds(30))  // 0.5 s, 1 s, 2 s, …
/// let spread = backoff.jittered { delay in delay * Double.random(in: 0.5...1) }        // "equal jitter"
/// ```
public struct RetryDelay: Sendable {
  /// The delay before retry `retry`, before jitter.
  private let base: @Sendable (_ retry: Int) -> Duration
  /// Transforms each base delay, if set.
  private let jitter: (@Sendable (Duration) -> Duration)?

  private init(base: @escaping @Sendable (Int) -> Duration, jitter: (@Sendable (Duration) -> Duration)?) {
    self.base = base
    self.jitter = jitter
  }

  /// The same delay before every retry.
  ///
  /// ```swift
  /// fetch.retry(upTo: 3, delay: .constant(.seconds(1)), scheduler: scheduler)
  /// ```
  ///
  /// - Parameter delay: The wait before each retry; must not be negative (zero retries at the scheduler's next
  ///   turn).
  /// - Returns: The delay.
  public static func constant(_ delay: Duration) -> RetryDelay {
    precondition(delay >= .zero, "RetryDelay.constant(_:): delay must be >= 0, got \(delay)")
    return RetryDelay(base: { _ in delay }, jitter: nil)
  }

  /// A delay that starts at `initial` and is multiplied by `multiplier` before each further retry, up to
  /// `maximum`.
  ///
  /// Retry 1 waits `initial`, retry 2 `initial * multiplier`, retry n `initial * multiplier^(n-1)`, never more than
  /// `maximum`. The multiplier is 2 unless given: each wait doubles the one before.
  ///
  /// ```swift
  /// RetryDelay.exponential(initial: .seconds(1), maximum: .seconds(60))  // 1 s, 2 s, 4 s, … 60 s (multiplier 2)
  /// RetryDelay.exponential(initial: .seconds(1), multiplier: 1.5)       // 1 s, 1.5 s, 2.25 s, …
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The wait before the first retry; must not be negative.
  ///   - multiplier: The growth factor between two retries; at least 1. By default 2.
  ///   - maximum: The longest wait; at least `initial`. Without one, the growth stops at about 31 years.
  /// - Returns: The delay.
  public static func exponential(
    initial: Duration,
    multiplier: Double = 2,
    maximum: Duration? = nil
  ) -> RetryDelay {
    precondition(
      initial >= .zero,
      "RetryDelay.exponential(initial:multiplier:maximum:): initial must be >= 0, got \(initial)"
    )
    precondition(
      multiplier >= 1,
      "RetryDelay.exponential(initial:multiplier:maximum:): multiplier must be >= 1, got \(multiplier)"
    )
    let cap = maximum ?? .seconds(1_000_000_000)
    precondition(
      cap >= initial,
      "RetryDelay.exponential(initial:multiplier:maximum:): maximum must be >= initial, got \(cap) < \(initial)"
    )
    return RetryDelay(
      base: { retry in
        var delay = initial
        for _ in 1..<max(retry, 1) {
          guard delay < cap else { break }
          // Grown in seconds as a Double, so that a long growth never overflows Duration's arithmetic.
          let seconds = delay.seconds * multiplier
          delay = seconds >= cap.seconds ? cap : .seconds(seconds)
        }
        return min(delay, cap)
      },
      jitter: nil
    )
  }

  /// This delay with `jitter` applied to each wait, to spread the retries of many clients.
  ///
  /// `jitter` receives the wait computed for a retry and returns the one to use; a negative result counts as zero.
  /// It is called once per retry, from the scheduler's timer set-up, so it may be random.
  ///
  /// ```swift
  /// RetryDelay.exponential(initial: .seconds(1)).jittered { $0 * Double.random(in: 0...1) }  // "full jitter"
  /// ```
  ///
  /// - Parameter jitter: Transforms each wait.
  /// - Returns: The jittered delay.
  public func jittered(_ jitter: @escaping @Sendable (Duration) -> Duration) -> RetryDelay {
    let previous = self.jitter
    return RetryDelay(base: base, jitter: { delay in jitter(previous?(delay) ?? delay) })
  }

  /// The wait before retry number `retry` (1 for the first retry).
  ///
  /// ```swift
  /// RetryDelay.exponential(initial: .seconds(1)).delay(beforeRetry: 3)  // 4 seconds
  /// ```
  ///
  /// - Parameter retry: The retry's number, from 1.
  /// - Returns: The wait, never negative.
  public func delay(beforeRetry retry: Int) -> Duration {
    precondition(retry >= 1, "RetryDelay.delay(beforeRetry:): retry must be >= 1, got \(retry)")
    let delay = base(retry)
    guard let jitter else { return delay }
    return max(jitter(delay), .zero)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  fileprivate var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
