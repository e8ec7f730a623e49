/// One thing a signal tells its observers: a value, a failure, or completion.
///
/// A subscription receives events in the grammar `value* (failed | completed)?`: any number of values,
/// then at most one terminal event, after which nothing more arrives.
///
/// ```swift
/// let event: Event<Int, Never> = .value(1)
/// if case .value(let number) = event { print(number) }
/// ```
public enum Event<Value, Failure: Error> {
  /// A value.
  case value(Value)
  /// The signal failed; no further events follow.
  case failed(Failure)
  /// The signal completed successfully; no further events follow.
  case completed

  /// Whether this event ends the stream (`failed` or `completed`).
  @inlinable
  public var isTerminal: Bool {
    switch self {
    case .value: false
    case .failed, .completed: true
    }
  }

  /// The value this event carries, or `nil` for a terminal event.
  @inlinable
  public var value: Value? {
    if case .value(let value) = self { value } else { nil }
  }

  /// The failure this event carries, or `nil` for a value or completion.
  @inlinable
  public var failure: Failure? {
    if case .failed(let failure) = self { failure } else { nil }
  }

  /// Returns the event with its value transformed, keeping terminal events as they are.
  ///
  /// ```swift
  /// Event<Int, Never>.value(2).map { $0 * 10 }  // .value(20)
  /// ```
  ///
  /// - Parameter transform: The function applied to a value.
  /// - Returns: The transformed event.
  @inlinable
  public func map<NewValue>(_ transform: (Value) throws(Never) -> NewValue) -> Event<NewValue, Failure> {
    switch self {
    case .value(let value): .value(transform(value))
    case .failed(let failure): .failed(failure)
    case .completed: .completed
    }
  }

  /// Returns the event with its failure transformed, keeping values and completion as they are.
  ///
  /// The same name as ``Signal/mapError(_:)``, which applies it to every event of a signal.
  ///
  /// ```swift
  /// Event<Int, MyError>.failed(.timeout).mapError { AppError.network($0) }
  /// ```
  ///
  /// - Parameter transform: The function applied to a failure.
  /// - Returns: The transformed event.
  @inlinable
  public func mapError<NewFailure>(_ transform: (Failure) -> NewFailure) -> Event<Value, NewFailure> {
    switch self {
    case .value(let value): .value(value)
    case .failed(let failure): .failed(transform(failure))
    case .completed: .completed
    }
  }
}

extension Event: Sendable where Value: Sendable {}
extension Event: Equatable where Value: Equatable, Failure: Equatable {}
extension Event: Hashable where Value: Hashable, Failure: Hashable {}

extension Event: CustomStringConvertible {
  /// A short description such as `value(1)`, `failed(timeout)` or `completed`.
  public var description: String {
    switch self {
    case .value(let value): "value(\(value))"
    case .failed(let failure): "failed(\(failure))"
    case .completed: "completed"
    }
  }
}
