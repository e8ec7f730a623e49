import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/take(while:)`` with the predicate negated: `-takeUntilBlock:`.
  ///
  /// The value that satisfies `predicate` is not sent (RAC), and the signal completes there.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).takeUntilBlock { $0 == 2 }  // 1, completed
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for the value that ends the signal.
  /// - Returns: The values before the first that satisfies `predicate`.
  public func takeUntilBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    take(while: { !predicate($0) })
  }

  /// Classic name for ``/AsyncSignals/Signal/take(while:)``: `-takeWhileBlock:`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).takeWhileBlock { $0 < 2 }  // 1, completed
  /// ```
  ///
  /// - Parameter predicate: Returns `true` while values are wanted.
  /// - Returns: The values while `predicate` holds.
  public func takeWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    take(while: predicate)
  }

  /// Classic name for ``/AsyncSignals/Signal/skip(until:)``: `-skipUntilBlock:`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).skipUntilBlock { $0 == 2 }  // 2, 3, completed
  /// ```
  ///
  /// - Parameter predicate: Returns `true` for the first value to keep.
  /// - Returns: The values from the first that satisfies `predicate` on.
  public func skipUntilBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    skip(until: predicate)
  }

  /// Classic name for ``/AsyncSignals/Signal/skip(while:)``: `-skipWhileBlock:`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).skipWhileBlock { $0 < 2 }  // 2, 3, completed
  /// ```
  ///
  /// - Parameter predicate: Returns `true` while values are dropped.
  /// - Returns: The values from the first that fails `predicate` on.
  public func skipWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
    skip(while: predicate)
  }

  /// Classic name for ``/AsyncSignals/Signal/take(last:)``: `-takeLast:`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).takeLast(2)  // 2, 3, completed
  /// ```
  ///
  /// - Parameter count: How many of the last values to send at completion.
  /// - Returns: The last `count` values.
  public func takeLast(_ count: Int) -> Signal<Value, Failure> {
    take(last: count)
  }

  /// Classic name for ``/AsyncSignals/Signal/take(until:)-(Signal<Trigger,Never>)``: `-takeUntil:`.
  ///
  /// ```swift
  /// ticks.takeUntil(cancelTaps)
  /// ```
  ///
  /// - Parameter trigger: Ends the signal at its first value or completion.
  /// - Returns: The values until `trigger` fires.
  public func takeUntil<Trigger>(_ trigger: Signal<Trigger, Never>) -> Signal<Value, Failure> {
    take(until: trigger)
  }

  /// Classic name for ``/AsyncSignals/Signal/take(untilReplacement:)``: `-takeUntilReplacement:`.
  ///
  /// ```swift
  /// cachedResults.takeUntilReplacement(liveResults)
  /// ```
  ///
  /// - Parameter replacement: The signal that takes over at its first event.
  /// - Returns: The values until `replacement` starts, then `replacement`'s events.
  public func takeUntilReplacement(_ replacement: Signal<Value, Failure>) -> Signal<Value, Failure> {
    take(untilReplacement: replacement)
  }

  /// Classic name for ``/AsyncSignals/Signal/sample(on:)``: `-sample:`.
  ///
  /// ```swift
  /// positions.sample(frames)
  /// ```
  ///
  /// - Parameter sampler: Each of its values sends the latest value.
  /// - Returns: The latest value, each time `sampler` fires.
  public func sample<Sampler>(_ sampler: Signal<Sampler, Never>) -> Signal<Value, Failure> {
    sample(on: sampler)
  }

  /// Classic name for ``/AsyncSignals/Signal/any(_:)`` with a predicate that always holds: `-any`.
  ///
  /// ```swift
  /// results.any()  // true at the first value, false if the signal completes empty
  /// ```
  ///
  /// - Returns: A signal of `true` at the first value, or `false` at an empty completion.
  public func any() -> Signal<Bool, Failure> {
    any { _ in true }
  }
}
