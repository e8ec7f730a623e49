extension Signal {
  /// Combines the latest values of two signals: once both sent a value, each new value sends the pair.
  ///
  /// Nothing is sent until every source sent at least one value. The result completes when every source
  /// completed (a source that completes keeps its last value in use), or as soon as a source completes without
  /// having sent a value, since no combination can come any more (as in Rx; ReactiveCocoa waited for every
  /// source, which the LegacyBridge names keep). It fails as soon as one fails. Ending disposes the other
  /// sources. The sources are subscribed in order and their events are serialised, one at a time.
  ///
  /// ```
  ///  a:       ─1──────2─────|
  ///  b:       ────x──────y────|
  ///  result:  ────(1,x)─(2,x)─(2,y)─|
  /// ```
  ///
  /// Combining a signal with itself subscribes it twice and sends the intermediate combinations too: for
  /// `Signal.combineLatest(s, s)` where `s` sends 1 then 2 synchronously, the result is `(2, 1)`, `(2, 2)`
  /// (the first subscription runs to its end before the second starts).
  ///
  /// ```swift
  /// Signal.combineLatest(username, password).map { !$0.isEmpty && !$1.isEmpty }  // form validity
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  /// - Returns: A signal of the latest pairs.
  @inlinable
  public static func combineLatest<A, B>(_ a: Signal<A, Failure>, _ b: Signal<B, Failure>) -> Signal
  where Value == (A, B) {
    combineLatest(a, b) { ($0, $1) }
  }

  /// Combines the latest values of two signals with `transform`.
  ///
  /// The same as ``combineLatest(_:_:)-(Signal<A,Failure>,_)`` followed by a map, without the intermediate tuple.
  ///
  /// ```swift
  /// Signal.combineLatest(width, height) { $0 * $1 }  // the area, each time a side changes
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  ///   - transform: Combines the latest values.
  /// - Returns: A signal of the combined values.
  @inlinable
  public static func combineLatest<A, B>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ transform: @escaping @Sendable (A, B) -> Value
  ) -> Signal {
    combining(a, b, makeMachine: { CombineLatestStateMachine(count: $0) }, transform)
  }

  /// Combines the latest values of three signals: once all sent a value, each new value sends the triple.
  ///
  /// See ``combineLatest(_:_:)-(Signal<A,Failure>,_)``.
  ///
  /// ```swift
  /// Signal.combineLatest(red, green, blue)
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  ///   - c: The third source.
  /// - Returns: A signal of the latest triples.
  @inlinable
  public static func combineLatest<A, B, C>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ c: Signal<C, Failure>
  ) -> Signal where Value == (A, B, C) {
    combineLatest(a, b, c) { ($0, $1, $2) }
  }

  /// Combines the latest values of three signals with `transform`.
  ///
  /// ```swift
  /// Signal.combineLatest(red, green, blue) { Color(red: $0, green: $1, blue: $2) }
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  ///   - c: The third source.
  ///   - transform: Combines the latest values.
  /// - Returns: A signal of the combined values.
  @inlinable
  public static func combineLatest<A, B, C>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ c: Signal<C, Failure>,
    _ transform: @escaping @Sendable (A, B, C) -> Value
  ) -> Signal {
    combining(a, b, c, makeMachine: { CombineLatestStateMachine(count: $0) }, transform)
  }

  /// Combines the latest values of a collection of signals into arrays, in the order of the collection.
  ///
  /// See ``combineLatest(_:_:)-(Signal<A,Failure>,_)``. Of one signal, each value arrives as a one-element array; of no
  /// signal, the result completes at once without a value.
  ///
  /// ```swift
  /// Signal.combineLatest(sensors.map(\.reading))  // [Double], one reading per sensor
  /// ```
  ///
  /// - Parameter signals: The sources.
  /// - Returns: A signal of arrays of the latest values.
  @inlinable
  public static func combineLatest<Element>(_ signals: some Sequence<Signal<Element, Failure>>) -> Signal
  where Value == [Element] {
    combineLatest(signals) { $0 }
  }

  /// Combines the latest values of a collection of signals with `transform`.
  ///
  /// ```swift
  /// Signal.combineLatest(sensors.map(\.reading)) { $0.max() ?? 0 }
  /// ```
  ///
  /// - Parameters:
  ///   - signals: The sources.
  ///   - transform: Combines the latest values, in the order of `signals`.
  /// - Returns: A signal of the combined values.
  @inlinable
  public static func combineLatest<Element>(
    _ signals: some Sequence<Signal<Element, Failure>>,
    _ transform: @escaping @Sendable ([Element]) -> Value
  ) -> Signal {
    combining(Array(signals), makeMachine: { CombineLatestStateMachine(count: $0) }, combine: transform)
  }

  /// Combines the latest values of this signal and `other` into pairs.
  ///
  /// The same as `Signal.combineLatest(self, other)`.
  ///
  /// ![combineLatest: the latest of each, at every value](marble-combine-latest.svg)
  ///
  /// ```swift
  /// query.combineLatest(with: filters)
  /// ```
  ///
  /// - Parameter other: The other source.
  /// - Returns: A signal of the latest pairs.
  @inlinable
  public func combineLatest<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    .combineLatest(self, other)
  }

  /// Combines the latest values of `signals` with `transform`, completing only once every source completed.
  ///
  /// ReactiveCocoa's `combineLatest:` and `combineLatestWith:`, which the LegacyBridge names keep: a source that
  /// completes without a value leaves the result running (silent) until the others completed too.
  @inlinable
  package static func combineLatestWaitingForEveryCompletion<Element>(
    _ signals: some Sequence<Signal<Element, Failure>>,
    _ transform: @escaping @Sendable ([Element]) -> Value
  ) -> Signal {
    combining(
      Array(signals),
      makeMachine: { CombineLatestStateMachine(count: $0, waitsForEveryCompletion: true) },
      combine: transform
    )
  }

  /// Combines the latest values of this signal and `other` into pairs, completing only once both completed
  /// (ReactiveCocoa's `combineLatestWith:`).
  @inlinable
  package func combineLatestWaitingForEveryCompletion<Other>(
    with other: Signal<Other, Failure>
  ) -> Signal<(Value, Other), Failure> {
    .combining(
      self,
      other,
      makeMachine: { CombineLatestStateMachine(count: $0, waitsForEveryCompletion: true) },
      { ($0, $1) }
    )
  }
}
