extension Signal {
  /// The values of several signals, one signal after the other.
  ///
  /// Each signal is subscribed only after the previous one completed; a failure ends the result at once and
  /// the later signals are never subscribed. Long chains of synchronously completing signals run in constant
  /// stack depth.
  ///
  /// ```
  ///  a:       ─1──2─|
  ///  b:               ─3──4─|   (subscribed when a completed)
  ///  concat:  ─1──2────3──4─|
  /// ```
  ///
  /// ![concat: the second subscribed once the first completed](marble-concat.svg)
  ///
  /// ```swift
  /// Signal.concat(cachedPage, freshPage)
  /// ```
  ///
  /// - Parameter signals: The signals to run in order.
  /// - Returns: A signal of their values, in order.
  @inlinable
  public static func concat(_ signals: Signal...) -> Signal {
    concat(signals)
  }

  /// The values of a collection of signals, one signal after the other.
  ///
  /// See ``concat(_:)-(Signal<Value,Failure>...)``. Concatenating no signal completes at once.
  ///
  /// ```swift
  /// Signal.concat(steps.map { $0.run() })
  /// ```
  ///
  /// - Parameter signals: The signals to run in order.
  /// - Returns: A signal of their values, in order.
  @inlinable
  public static func concat(_ signals: some Sequence<Signal>) -> Signal {
    Signal<Signal, Failure>.sending(Array(signals)).flatten(.concat)
  }

  /// This signal's values, then, once it completed, `next`'s values.
  ///
  /// ```swift
  /// cached.concat(fresh)
  /// ```
  ///
  /// - Parameter next: The signal subscribed after this one completed.
  /// - Returns: A signal of both signals' values, in order.
  @inlinable
  public func concat(_ next: Signal) -> Signal {
    Signal.concat([self, next])
  }

  /// The values of the inner signals this signal sends, one inner after the other (the same as
  /// `flatten(.concat)`).
  ///
  /// ```swift
  /// saveRequests.map { save($0) }.concat()  // saves never overlap
  /// ```
  ///
  /// - Returns: A signal of the inner signals' values, in order.
  @inlinable
  public func concat<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
    flatten(.concat)
  }
}
