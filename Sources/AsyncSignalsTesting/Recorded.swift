import AsyncSignals

/// An event stamped with the virtual time it happened at: one line of a test's history.
///
/// A ``TestRecorder`` produces them; tests write the expected history with the static constructors and compare whole
/// arrays, and ``TestScheduler/makeColdSignal(_:)->TestSignal<Value,Failure>`` and
/// ``TestScheduler/makeHotSignal(_:)->TestSignal<Value,Failure>`` take them as the script of a test source.
///
/// ```swift
/// #expect(recorder.events == [.value(2, at: .seconds(1.5)), .completed(at: .seconds(3))])
/// ```
public struct Recorded<Value: Sendable, Failure: Error>: Sendable {
  /// The virtual time since the scheduler's zero.
  public var time: Duration
  /// The event.
  public var event: Event<Value, Failure>

  /// Creates a record of `event` at `time`.
  ///
  /// ```swift
  /// let record = Recorded<Int, Never>(time: .seconds(1), event: .value(1))
  /// ```
  ///
  /// - Parameters:
  ///   - time: The virtual time since the scheduler's zero.
  ///   - event: The event.
  public init(time: Duration, event: Event<Value, Failure>) {
    self.time = time
    self.event = event
  }

  /// A value at `time`.
  ///
  /// ```swift
  /// let record: Recorded<Int, Never> = .value(1, at: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - time: The virtual time.
  /// - Returns: The record.
  public static func value(_ value: Value, at time: Duration) -> Recorded {
    Recorded(time: time, event: .value(value))
  }

  /// A failure at `time`.
  ///
  /// ```swift
  /// let record: Recorded<Int, MyError> = .failed(.boom, at: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - failure: The failure.
  ///   - time: The virtual time.
  /// - Returns: The record.
  public static func failed(_ failure: Failure, at time: Duration) -> Recorded {
    Recorded(time: time, event: .failed(failure))
  }

  /// Completion at `time`.
  ///
  /// ```swift
  /// let record: Recorded<Int, Never> = .completed(at: .seconds(3))
  /// ```
  ///
  /// - Parameter time: The virtual time.
  /// - Returns: The record.
  public static func completed(at time: Duration) -> Recorded {
    Recorded(time: time, event: .completed)
  }
}

extension Recorded: Equatable where Value: Equatable, Failure: Equatable {}

extension Recorded: CustomStringConvertible {
  /// The event and its time, such as `value(1) @ 2.0 seconds`.
  public var description: String {
    "\(event) @ \(time)"
  }
}

/// When a subscription to a test source started and when it ended, in virtual time.
///
/// ```swift
/// #expect(source.subscriptions == [TestSubscription(subscribedAt: .seconds(1), disposedAt: .seconds(4))])
/// ```
public struct TestSubscription: Hashable, Sendable, CustomStringConvertible {
  /// When the subscription started.
  public var subscribedAt: Duration
  /// When it ended (terminal event or disposal), or `nil` while it is still active.
  public var disposedAt: Duration?

  /// Creates a subscription record.
  ///
  /// ```swift
  /// let stillActive = TestSubscription(subscribedAt: .zero, disposedAt: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - subscribedAt: When the subscription started.
  ///   - disposedAt: When it ended, or `nil` while active.
  public init(subscribedAt: Duration, disposedAt: Duration?) {
    self.subscribedAt = subscribedAt
    self.disposedAt = disposedAt
  }

  /// The interval, such as `(1.0 seconds, 4.0 seconds)`.
  public var description: String {
    "(\(subscribedAt), \(disposedAt.map { "\($0)" } ?? "active"))"
  }
}
