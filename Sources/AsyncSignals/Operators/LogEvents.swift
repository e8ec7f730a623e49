extension Signal {
  /// Prints every event of every subscription, prefixed with `name` (RAC `logAll` and `setNameWithFormat:`).
  ///
  /// Signals carry no name: a signal is named by the `logEvents` call placed where its events should be
  /// seen. Lines look like `[name] value(1)`; besides the events it logs `subscribed` when a subscription
  /// starts and `disposed` when it ends. It works the same under callbacks and `for await`. The line goes to
  /// `sink`, which prints by default; pass your own to route it to a logger or, in tests, to capture it.
  ///
  /// ```swift
  /// for await result in search.logEvents("search") { show(result) }
  /// // [search] subscribed
  /// // [search] value(…)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name printed in front of each line.
  ///   - sink: Receives each line; called synchronously on the delivering thread.
  /// - Returns: The same signal, logged.
  @inlinable
  public func logEvents(
    _ name: String = "",
    to sink: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> Signal<Value, Failure> {
    let prefix = name.isEmpty ? "" : "[\(name)] "
    return on(
      started: { sink(prefix + "subscribed") },
      disposed: { sink(prefix + "disposed") }
    )
    .lift { downstream, _ in
      Observer { event in
        sink(prefix + event.description)
        downstream.send(event: event)
      }
    }
  }
}
