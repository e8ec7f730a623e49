extension Signal {
  /// Pairs the values of two signals in order: the first of each, then the second of each, and so on.
  ///
  /// A value waits (buffered) until the other source sent the value of the same position. The result completes
  /// as soon as no further pair is possible: when a source has completed and none of its values waits, even if
  /// the other source still runs (it is disposed). It fails as soon as a source fails. The sources are
  /// subscribed in order and their events are serialised, one at a time.
  ///
  /// ```
  ///  a:       ─1──2──3──4─
  ///  b:       ───x────y─|
  ///  result:  ───(1,x)─(2,y)|
  /// ```
  ///
  /// ```swift
  /// Signal.zip(requests, responses)  // each request with its response
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  /// - Returns: A signal of the pairs.
  @inlinable
  public static func zip<A, B>(_ a: Signal<A, Failure>, _ b: Signal<B, Failure>) -> Signal where Value == (A, B) {
    zip(a, b) { ($0, $1) }
  }

  /// Pairs the values of two signals in order and combines each pair with `transform`.
  ///
  /// The same as ``zip(_:_:)-(Signal<A,Failure>,_)`` followed by a map, without the intermediate tuple.
  ///
  /// ```swift
  /// Signal.zip(names, scores) { "\($0): \($1)" }
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  ///   - transform: Combines the values of one position.
  /// - Returns: A signal of the combined values.
  @inlinable
  public static func zip<A, B>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ transform: @escaping @Sendable (A, B) -> Value
  ) -> Signal {
    combining(a, b, makeMachine: { ZipStateMachine(count: $0) }, transform)
  }

  /// Groups the values of three signals in order into triples.
  ///
  /// See ``zip(_:_:)-(Signal<A,Failure>,_)``.
  ///
  /// ```swift
  /// Signal.zip(xs, ys, zs)
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  ///   - c: The third source.
  /// - Returns: A signal of the triples.
  @inlinable
  public static func zip<A, B, C>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ c: Signal<C, Failure>
  ) -> Signal where Value == (A, B, C) {
    zip(a, b, c) { ($0, $1, $2) }
  }

  /// Groups the values of three signals in order and combines each group with `transform`.
  ///
  /// ```swift
  /// Signal.zip(xs, ys, zs) { Point(x: $0, y: $1, z: $2) }
  /// ```
  ///
  /// - Parameters:
  ///   - a: The first source.
  ///   - b: The second source.
  ///   - c: The third source.
  ///   - transform: Combines the values of one position.
  /// - Returns: A signal of the combined values.
  @inlinable
  public static func zip<A, B, C>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ c: Signal<C, Failure>,
    _ transform: @escaping @Sendable (A, B, C) -> Value
  ) -> Signal {
    combining(a, b, c, makeMachine: { ZipStateMachine(count: $0) }, transform)
  }

  /// Groups the values of a collection of signals in order into arrays, in the order of the collection.
  ///
  /// See ``zip(_:_:)-(Signal<A,Failure>,_)``. Of one signal, each value arrives as a one-element array; of no signal,
  /// the result completes at once without a value.
  ///
  /// ```swift
  /// Signal.zip(workers.map(\.results))  // one result of each worker per array
  /// ```
  ///
  /// - Parameter signals: The sources.
  /// - Returns: A signal of arrays of the values of one position.
  @inlinable
  public static func zip<Element>(_ signals: some Sequence<Signal<Element, Failure>>) -> Signal
  where Value == [Element] {
    zip(signals) { $0 }
  }

  /// Groups the values of a collection of signals in order and combines each group with `transform`.
  ///
  /// ```swift
  /// Signal.zip(workers.map(\.results)) { $0.reduce(0, +) }
  /// ```
  ///
  /// - Parameters:
  ///   - signals: The sources.
  ///   - transform: Combines the values of one position, in the order of `signals`.
  /// - Returns: A signal of the combined values.
  @inlinable
  public static func zip<Element>(
    _ signals: some Sequence<Signal<Element, Failure>>,
    _ transform: @escaping @Sendable ([Element]) -> Value
  ) -> Signal {
    combining(Array(signals), makeMachine: { ZipStateMachine(count: $0) }, combine: transform)
  }

  /// Pairs the values of this signal and `other` in order.
  ///
  /// The same as `Signal.zip(self, other)`.
  ///
  /// ![zip: the values paired by position](marble-zip.svg)
  ///
  /// ```swift
  /// questions.zip(with: answers)
  /// ```
  ///
  /// - Parameter other: The other source.
  /// - Returns: A signal of the pairs.
  @inlinable
  public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    .zip(self, other)
  }
}
