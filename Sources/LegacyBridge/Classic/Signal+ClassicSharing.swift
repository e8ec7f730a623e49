import AsyncSignals

// The ReactiveCocoa names of the core's replaying operators. They live here only: the core spells them
// `startNow(replayingLast:)` and `startOnFirstSubscription(replayingLast:)`.

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/startNow(replayingLast:)``: `-replay`.
  ///
  /// ```swift
  /// let download = Signal(operation: { try await fetch(url) }).replay()  // starts now, replays everything
  /// ```
  ///
  /// - Returns: The hot signal replaying every value.
  public func replay() -> Signal {
    startNow()
  }

  /// Classic name for ``/AsyncSignals/Signal/startNow(replayingLast:)`` with 1: `-replayLast`.
  ///
  /// ```swift
  /// let settings = loadSettings.replayLast()
  /// ```
  ///
  /// - Returns: The hot signal replaying its newest value.
  public func replayLast() -> Signal {
    startNow(replayingLast: 1)
  }

  /// Classic name for ``/AsyncSignals/Signal/startOnFirstSubscription(replayingLast:)``: `-replayLazily`.
  ///
  /// ```swift
  /// let config = fetchConfig.replayLazily()
  /// ```
  ///
  /// - Returns: The lazily started signal replaying every value.
  public func replayLazily() -> Signal {
    startOnFirstSubscription()
  }

  /// Classic name for `Signal(body).startNow()`: `+startEagerlyWithScheduler:block:`.
  ///
  /// ```swift
  /// let warmUp = Signal<Cache, Never>.startEagerly { observer, _ in observer.send(buildCache()) }
  /// ```
  ///
  /// - Parameter body: Sends the events, once.
  /// - Returns: The hot, replaying signal.
  public static func startEagerly(_ body: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void) -> Signal {
    Signal(body).startNow()
  }

  /// Classic name for `Signal(body).startOnFirstSubscription()`: `+startLazilyWithScheduler:block:`.
  ///
  /// ```swift
  /// let token = Signal<Token, AuthError>.startLazily { observer, _ in observer.send(refresh()) }
  /// ```
  ///
  /// - Parameter body: Sends the events, once, from the first subscription on.
  /// - Returns: The lazily started, replaying signal.
  public static func startLazily(_ body: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void) -> Signal {
    Signal(body).startOnFirstSubscription()
  }

  /// Classic name for ``/AsyncSignals/Signal/mapElements(_:)``: `-reduceEach:`.
  ///
  /// ```swift
  /// Signal(values: [(1, 2), (3, 4)]).reduceEach { a, b in a + b }  // 3, 7, completed
  /// ```
  ///
  /// - Parameter transform: Called with the elements of each tuple.
  /// - Returns: A signal of the results.
  public func reduceEach<each Element, NewValue>(
    _ transform: @escaping @Sendable (repeat each Element) -> NewValue
  ) -> Signal<NewValue, Failure> where Value == (repeat each Element) {
    mapElements(transform)
  }
}

extension Signal where Value: Equatable {
  /// Classic name for ``/AsyncSignals/Signal/filter(_:)`` with `{ $0 != ignored }`: `-ignore:`.
  ///
  /// ```swift
  /// Signal(values: [1, 0, 2, 0]).ignore(0)  // 1, 2, completed
  /// ```
  ///
  /// - Parameter ignored: The value to drop.
  /// - Returns: A signal without the values equal to `ignored`.
  public func ignore(_ ignored: Value) -> Signal {
    filter { $0 != ignored }
  }
}

extension Signal where Value == Bool {
  /// Classic name for ``/AsyncSignals/Signal/negated()``: `-not`.
  ///
  /// ```swift
  /// login.isExecuting.not()
  /// ```
  ///
  /// - Returns: A signal of the negated values.
  public func not() -> Signal<Bool, Failure> {
    negated()
  }
}

extension Signal where Value: Sequence, Value.Element == Bool {
  /// Classic name for `allTrue()`: `-and`.
  ///
  /// ```swift
  /// Signal(values: [[true, true], [true, false]]).and()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  public func and() -> Signal<Bool, Failure> {
    allTrue()
  }

  /// Classic name for `anyTrue()`: `-or`.
  ///
  /// ```swift
  /// Signal(values: [[false, true], [false, false]]).or()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  public func or() -> Signal<Bool, Failure> {
    anyTrue()
  }
}

extension Signal where Value == (Bool, Bool) {
  /// Classic name for `allTrue()`: `-and` on a pair.
  ///
  /// ```swift
  /// Signal.combineLatest(isValid, isOnline).and()
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  public func and() -> Signal<Bool, Failure> {
    allTrue()
  }

  /// Classic name for `anyTrue()`: `-or` on a pair.
  ///
  /// ```swift
  /// Signal.combineLatest(isDirty, isNew).or()
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  public func or() -> Signal<Bool, Failure> {
    anyTrue()
  }
}

extension Signal where Value == (Bool, Bool, Bool) {
  /// Classic name for `allTrue()`: `-and` on a triple.
  ///
  /// ```swift
  /// Signal.combineLatest(a, b, c).and()
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  public func and() -> Signal<Bool, Failure> {
    allTrue()
  }

  /// Classic name for `anyTrue()`: `-or` on a triple.
  ///
  /// ```swift
  /// Signal.combineLatest(a, b, c).or()
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  public func or() -> Signal<Bool, Failure> {
    anyTrue()
  }
}
