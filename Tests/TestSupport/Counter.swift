import AsyncSignals

/// A thread-safe counter.
package final class Counter: Sendable {
  private let count = Locked(0)

  /// Creates a counter at zero.
  package init() {}

  /// The current count.
  package var value: Int { count.withLock { $0 } }

  /// Adds one and returns the new count.
  @discardableResult
  package func increment() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
}

/// A mutable box that tests pass into `@Sendable` closures when the library guarantees serial access.
///
/// Under the thread sanitizer, an unserialised access to `value` is reported as a data race, which is what the
/// stress tests rely on to prove serial delivery.
package final class UnsynchronizedBox<Value>: @unchecked Sendable {
  // Safety: only tests use it, and only from callbacks the library promises to call serially; the stress
  // suite runs under the thread sanitizer precisely to catch a broken promise.
  package var value: Value

  /// Creates a box holding `value`.
  package init(_ value: Value) {
    self.value = value
  }
}
