import Dispatch

/// A point in a scheduler's time: a duration since the scheduler's origin.
///
/// Every ``TimedScheduler`` measures time with it, and the virtual-time `TestScheduler` (product
/// `AsyncSignalsTesting`) is a `Clock` whose `Instant` is this type, so operators and tests read real and
/// virtual time alike. Real schedulers count from the system's monotonic uptime; the test scheduler counts
/// from zero, so an instant there reads as "seconds into the test".
///
/// ```swift
/// let start = scheduler.now
/// let deadline = start.advanced(by: .seconds(2))
/// start.duration(to: deadline)  // 2 seconds
/// ```
public struct SchedulerInstant: InstantProtocol, Hashable, Sendable {
  /// The time elapsed since the scheduler's origin.
  public var offset: Duration

  /// The origin of a scheduler's time.
  public static let zero = SchedulerInstant(offset: .zero)

  /// Creates the instant `offset` after the scheduler's origin.
  ///
  /// ```swift
  /// let oneSecondIn = SchedulerInstant(offset: .seconds(1))
  /// ```
  ///
  /// - Parameter offset: The time since the origin.
  public init(offset: Duration) {
    self.offset = offset
  }

  /// Returns the instant `duration` later (earlier when negative).
  ///
  /// - Parameter duration: The distance to move.
  /// - Returns: The moved instant.
  public func advanced(by duration: Duration) -> SchedulerInstant {
    SchedulerInstant(offset: offset + duration)
  }

  /// Returns the duration from this instant to `other` (negative when `other` is earlier).
  ///
  /// - Parameter other: The other instant.
  /// - Returns: The signed distance.
  public func duration(to other: SchedulerInstant) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` comes before `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: An instant.
  ///   - rhs: Another instant.
  /// - Returns: `true` when `lhs` is earlier.
  public static func < (lhs: SchedulerInstant, rhs: SchedulerInstant) -> Bool {
    lhs.offset < rhs.offset
  }

  /// The current instant of the real schedulers: the system's monotonic uptime, as Dispatch measures it.
  static var uptime: SchedulerInstant {
    SchedulerInstant(offset: .nanoseconds(DispatchTime.now().uptimeNanoseconds))
  }

  /// This real-time instant as a Dispatch deadline.
  var dispatchTime: DispatchTime {
    DispatchTime(uptimeNanoseconds: UInt64(clamping: offset.clampedNanoseconds))
  }
}

extension SchedulerInstant: CustomStringConvertible {
  /// The offset from the origin, such as `1.5 seconds`.
  public var description: String {
    "\(offset)"
  }
}

extension Duration {
  /// The duration in whole nanoseconds, clamped to the range of `Int64`.
  var clampedNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (total, overflowAdding) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflowAdding else { return seconds < 0 ? .min : .max }
    return total
  }
}
