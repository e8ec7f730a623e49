import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/flatMap(_:_:)->Signal<NewValue,Failure>`` with
  /// ``/AsyncSignals/FlattenStrategy/merge``: `-flattenMap:`.
  ///
  /// Every inner signal runs as soon as it is made and their values interleave.
  ///
  /// ```swift
  /// userIDs.flattenMap { id in api.user(id) }
  /// ```
  ///
  /// - Parameter block: Makes the inner signal for each value.
  /// - Returns: A signal of the inner signals' values.
  public func flattenMap<NewValue>(
    _ block: @escaping @Sendable (Value) -> Signal<NewValue, Failure>
  ) -> Signal<NewValue, Failure> {
    flatMap(.merge, block)
  }

  /// Classic name for a ``/AsyncSignals/Signal/merge()`` of the signals a per-subscription block returns, with a
  /// stop flag: `-bind:`, the primitive RAC builds its operators on.
  ///
  /// At each subscription, `block` runs once and returns the binding closure, so the closure's state belongs to
  /// that subscription. The binding closure receives each value and returns a signal to merge into the result, or
  /// `nil`. Returning `nil` stops at once: the receiver is disposed and the value binds nothing. Setting `stop` to
  /// `true` stops after this value: its signal is merged, then the receiver is disposed. Either way, the signals
  /// already bound keep running, and the result completes when they and the receiver have all completed. A failure
  /// of the receiver or of any bound signal fails the result at once and disposes the rest; a value the receiver
  /// sent after it is not bound. The binding closure runs on the thread that delivers each value, one value at a
  /// time, so its state needs a `Sendable` box (a `Mutex`).
  ///
  /// ```swift
  /// let firstThreePages = pageNumbers.bind {
  ///   let count = Mutex(0)
  ///   return { (page: Int, stop: inout Bool) in
  ///     stop = count.withLock { $0 += 1; return $0 == 3 }
  ///     return api.page(page)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter block: Runs once per subscription; returns the binding closure.
  /// - Returns: The values of every bound signal, merged.
  public func bind<NewValue>(
    _ block: @escaping @Sendable () -> @Sendable (Value, inout Bool) -> Signal<NewValue, Failure>?
  ) -> Signal<NewValue, Failure> {
    Signal<Signal<NewValue, Failure>, Failure>.deferred {
      let binding = block()
      let bound = map { value -> (signal: Signal<NewValue, Failure>?, stop: Bool) in
        var stop = false
        let signal = binding(value, &stop)
        return (signal, stop)
      }
      // `take` ends the subscription it runs in. As the only inner of a merge, that is the receiver's own, so
      // stopping disposes the receiver and the bound signals, inners of the outer merge, keep running.
      let stopping = bound.take(while: { $0.signal != nil }).take(until: { $0.stop }).compactMap { $0.signal }
      return Signal<Signal<Signal<NewValue, Failure>, Failure>, Failure>.just(stopping).merge()
    }
    .merge()
  }

  /// Classic name for ``/AsyncSignals/Signal/map(to:)``: `-mapReplace:`.
  ///
  /// ```swift
  /// taps.mapReplace("tapped")
  /// ```
  ///
  /// - Parameter object: The constant that replaces each value.
  /// - Returns: A signal of the constant, once per value.
  public func mapReplace<NewValue: Sendable>(_ object: NewValue) -> Signal<NewValue, Failure> {
    map(to: object)
  }

  /// Classic name for ``/AsyncSignals/Signal/prepend(_:)``: `-startWith:`.
  ///
  /// ```swift
  /// Signal<Int, Never>.return(2).startWith(1)  // 1, 2, completed
  /// ```
  ///
  /// - Parameter value: The value sent before the signal's own values.
  /// - Returns: The signal, starting with `value`.
  public func startWith(_ value: Value) -> Signal<Value, Failure> {
    prepend(value)
  }

  /// Classic name for ``/AsyncSignals/Signal/scan(_:_:)-(_,(Result,Value)->Result)``: `-scanWithStart:reduce:`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).scanWithStart(0, reduce: +)  // 1, 3, 6, completed
  /// ```
  ///
  /// - Parameters:
  ///   - start: The initial accumulation.
  ///   - reduce: Combines the running accumulation with a value.
  /// - Returns: A signal of each running accumulation.
  public func scanWithStart<Result: Sendable>(
    _ start: Result,
    reduce: @escaping @Sendable (Result, Value) -> Result
  ) -> Signal<Result, Failure> {
    scan(start, reduce)
  }

  /// Classic name for ``/AsyncSignals/Signal/scan(_:_:)-(_,(Result,Value,Int)->Result)`` with an index:
  /// `-scanWithStart:reduceWithIndex:`.
  ///
  /// ```swift
  /// Signal(values: [5, 5]).scanWithStart(0, reduceWithIndex: { sum, value, index in sum + value * index })
  /// ```
  ///
  /// - Parameters:
  ///   - start: The initial accumulation.
  ///   - reduceWithIndex: Combines the running accumulation with a value and its index (from 0).
  /// - Returns: A signal of each running accumulation.
  public func scanWithStart<Result: Sendable>(
    _ start: Result,
    reduceWithIndex: @escaping @Sendable (Result, Value, Int) -> Result
  ) -> Signal<Result, Failure> {
    scan(start, reduceWithIndex)
  }

  /// Classic name for ``/AsyncSignals/Signal/combinePrevious(_:)`` followed by a map:
  /// `-combinePreviousWithStart:reduce:`.
  ///
  /// ```swift
  /// Signal(values: [1, 4, 9]).combinePreviousWithStart(0) { previous, current in current - previous }  // 1, 3, 5
  /// ```
  ///
  /// - Parameters:
  ///   - start: The value paired with the first value as its previous.
  ///   - reduce: Combines the previous and the current value.
  /// - Returns: A signal of the combined pairs.
  public func combinePreviousWithStart<NewValue>(
    _ start: Value,
    reduce: @escaping @Sendable (Value, Value) -> NewValue
  ) -> Signal<NewValue, Failure> {
    combinePrevious(start).map { reduce($0.previous, $0.current) }
  }

  /// Classic name for ``/AsyncSignals/Signal/reduce(_:_:)``: `-aggregateWithStart:reduce:`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).aggregateWithStart(0, reduce: +)  // 6, completed
  /// ```
  ///
  /// - Parameters:
  ///   - start: The initial accumulation.
  ///   - reduce: Combines the accumulation with a value.
  /// - Returns: A signal of the final accumulation, sent at completion.
  public func aggregateWithStart<Result: Sendable>(
    _ start: Result,
    reduce: @escaping @Sendable (Result, Value) -> Result
  ) -> Signal<Result, Failure> {
    self.reduce(start, reduce)
  }

  /// Classic name for ``/AsyncSignals/Signal/reduce(makeInitial:_:)``: `-aggregateWithStartFactory:reduce:`.
  ///
  /// ```swift
  /// words.aggregateWithStartFactory({ [String]() }, reduce: { $0 + [$1] })
  /// ```
  ///
  /// - Parameters:
  ///   - startFactory: Makes the initial accumulation, once per subscription.
  ///   - reduce: Combines the accumulation with a value.
  /// - Returns: A signal of the final accumulation, sent at completion.
  public func aggregateWithStartFactory<Result: Sendable>(
    _ startFactory: @escaping @Sendable () -> Result,
    reduce: @escaping @Sendable (Result, Value) -> Result
  ) -> Signal<Result, Failure> {
    self.reduce(makeInitial: startFactory) { $0 = reduce($0, $1) }
  }
}

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/merge()``: `-flatten`.
  ///
  /// ```swift
  /// signalOfSignals.flatten()
  /// ```
  ///
  /// - Returns: A signal of the inner signals' values, interleaved.
  public func flatten<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
    merge()
  }

  /// Classic name for ``/AsyncSignals/Signal/flatten(_:)`` with ``/AsyncSignals/FlattenStrategy/concurrent(limit:)``:
  /// `-flatten:`.
  ///
  /// As in RAC, a limit of 0 means no limit.
  ///
  /// ```swift
  /// downloads.flatten(2)  // at most two at a time
  /// ```
  ///
  /// - Parameter maxConcurrent: The most inner signals running at once; 0 for no limit.
  /// - Returns: A signal of the inner signals' values.
  public func flatten<Inner>(_ maxConcurrent: Int) -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
    flatten(maxConcurrent == 0 ? .merge : .concurrent(limit: maxConcurrent))
  }
}
