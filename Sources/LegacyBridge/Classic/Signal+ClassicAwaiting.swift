import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/array()``: `-toArray` (awaited, where RAC blocks the thread).
  ///
  /// ```swift
  /// let all = try await Signal<Int, Never>.return(1).toArray()  // [1]
  /// ```
  ///
  /// - Returns: Every value, once the signal completed.
  /// - Throws: The signal's typed failure.
  public func toArray() async throws(Failure) -> [Value] {
    try await array()
  }

  /// Classic name for ``/AsyncSignals/Signal/first()`` with a default: `-firstOrDefault:` (awaited, where RAC
  /// blocks the thread).
  ///
  /// ```swift
  /// let user = try await users.firstOrDefault(.guest)
  /// ```
  ///
  /// - Parameter defaultValue: Returned when the signal completes without a value.
  /// - Returns: The first value, or `defaultValue`.
  /// - Throws: The signal's typed failure.
  public func firstOrDefault(_ defaultValue: Value) async throws(Failure) -> Value {
    try await first() ?? defaultValue
  }
}
