/// The kind of an ``Event`` without its payload, for state machines that decide by kind alone.
enum EventKind: Sendable, Hashable {
  /// A value.
  case value
  /// A failure.
  case failed
  /// Completion.
  case completed

  /// The kind of `event`.
  init<Value, Failure>(_ event: Event<Value, Failure>) {
    switch event {
    case .value: self = .value
    case .failed: self = .failed
    case .completed: self = .completed
    }
  }
}
