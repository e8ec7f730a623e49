extension Signal {
  /// The first value, awaited: `nil` if the signal completes without one; throws the signal's failure.
  ///
  /// It subscribes, waits for the first value, then ends the subscription at once (like ``take(_:)``), so it
  /// returns even for an infinite signal. The operator form is `take(1)`.
  ///
  /// It throws the signal's `Failure`, so on a signal that cannot fail (`Never`) it does not throw at all: call it
  /// with `await` alone. A `try` there draws the compiler's warning "no calls to throwing functions occur within
  /// 'try' expression". The same holds for ``last()``, ``array()`` and ``waitUntilCompleted()``.
  ///
  /// ```swift
  /// let user = try await session.users.first()       // Signal<User, APIError>: may throw an APIError
  /// let tap = await button.taps.first()               // Signal<Void, Never>: cannot throw, no `try`
  /// ```
  ///
  /// - Returns: The first value, or `nil` if the signal completed without one.
  /// - Throws: The signal's typed failure, if it fails before a value.
  public func first() async throws(Failure) -> Value? {
    try await take(1).awaitFirstValue()
  }

  /// The last value, awaited once the signal completes: `nil` if it sent none; throws the signal's failure.
  ///
  /// Only the latest value is kept while waiting. The operator form is `take(last: 1)`.
  ///
  /// ```swift
  /// let final = try await progress.last()
  /// ```
  ///
  /// - Returns: The last value, or `nil` if the signal sent none.
  /// - Throws: The signal's typed failure.
  public func last() async throws(Failure) -> Value? {
    try await take(last: 1).awaitFirstValue()
  }

  /// All the values, awaited until the signal completes (RAC `toArray`); throws the signal's failure.
  ///
  /// It buffers every value. The operator form is ``collect()``, which sends the array as one value.
  ///
  /// ```swift
  /// let all = try await Signal(values: [1, 2, 3]).array()  // [1, 2, 3]
  /// ```
  ///
  /// - Returns: Every value, in order.
  /// - Throws: The signal's typed failure.
  public func array() async throws(Failure) -> [Value] {
    try await collect().awaitFirstValue() ?? []
  }

  /// Waits until the signal completes, ignoring its values; throws the signal's failure.
  ///
  /// ```swift
  /// try await upload.waitUntilCompleted()
  /// ```
  ///
  /// - Throws: The signal's typed failure.
  public func waitUntilCompleted() async throws(Failure) {
    _ = try await ignoreValues().awaitFirstValue()
  }

  /// Iterates until the first value or the end; leaving the iteration ends the subscription.
  private func awaitFirstValue() async throws(Failure) -> Value? {
    var iterator = makeAsyncIterator()
    return try await iterator.next()
  }
}
