extension Signal {
  /// Sends `values` first, then everything the signal sends.
  ///
  /// The values are sent at subscription, before the signal's body runs. If the subscription ends while they
  /// are being sent (a downstream `take`), the rest are skipped and the signal is never subscribed.
  ///
  /// ```swift
  /// Signal(values: [3, 4]).prepend(1, 2)  // 1, 2, 3, 4, completed
  /// ```
  ///
  /// - Parameter values: The values to send first.
  /// - Returns: A signal that starts with `values`.
  @inlinable
  public func prepend(_ values: Value...) -> Signal<Value, Failure> {
    prepend(contentsOf: values)
  }

  /// Sends the elements of `values` first, then everything the signal sends.
  ///
  /// ```swift
  /// Signal(values: [3]).prepend(contentsOf: 1...2)  // 1, 2, 3, completed
  /// ```
  ///
  /// - Parameter values: The values to send first, iterated once per subscription.
  /// - Returns: A signal that starts with `values`.
  @inlinable
  public func prepend<Values: Sequence & Sendable>(
    contentsOf values: Values
  ) -> Signal<Value, Failure> where Values.Element == Value {
    derived({ downstream, lifetime in
      for value in values {
        guard !lifetime.isDisposed else { return }
        downstream.send(value)
      }
      guard !lifetime.isDisposed else { return }
      start(downstream, in: lifetime)
    })
  }
}
