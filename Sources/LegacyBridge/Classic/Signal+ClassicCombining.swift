import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/zip(with:)``: `-zipWith:`.
  ///
  /// ```swift
  /// names.zipWith(ages)  // (name, age) pairs, in step
  /// ```
  ///
  /// - Parameter other: The signal to pair with.
  /// - Returns: A signal of pairs, one per value of each.
  public func zipWith<Other>(_ other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    zip(with: other)
  }

  /// Classic name for ``/AsyncSignals/Signal/combineLatest(with:)``: `-combineLatestWith:`.
  ///
  /// It keeps ReactiveCocoa's completion: the result completes once both signals completed, even when one
  /// completed without a value (the core completes at once then, as Rx does).
  ///
  /// ```swift
  /// username.combineLatestWith(password)
  /// ```
  ///
  /// - Parameter other: The signal to combine with.
  /// - Returns: A signal of the latest pair, each time either side sends once both have sent.
  public func combineLatestWith<Other>(_ other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    combineLatestWaitingForEveryCompletion(with: other)
  }

  /// Classic name for ``/AsyncSignals/Signal/merge(with:)``: `-merge:`.
  ///
  /// ```swift
  /// localChanges.merge(remoteChanges)
  /// ```
  ///
  /// - Parameter other: The signal to merge with.
  /// - Returns: A signal of both signals' values, interleaved.
  public func merge(_ other: Signal) -> Signal {
    merge(with: other)
  }

  /// Classic name for ``/AsyncSignals/Signal/combineLatest(_:_:)-(Sequence,_)``:
  /// `+combineLatest:reduce:`.
  ///
  /// It keeps ReactiveCocoa's completion: the result completes once every signal completed, even when one
  /// completed without a value (the core completes at once then, as Rx does).
  ///
  /// ```swift
  /// Signal<Bool, Never>.combineLatest([isNameValid, isPasswordValid], reduce: { $0.allSatisfy { $0 } })
  /// ```
  ///
  /// - Parameters:
  ///   - signals: The signals to combine.
  ///   - reduce: Combines the latest value of each signal, in order.
  /// - Returns: A signal of the combined values.
  public static func combineLatest<Element>(
    _ signals: some Sequence<Signal<Element, Failure>>,
    reduce: @escaping @Sendable ([Element]) -> Value
  ) -> Signal {
    combineLatestWaitingForEveryCompletion(signals, reduce)
  }

  /// Classic name for ``/AsyncSignals/Signal/zip(_:_:)-(Sequence,_)``:
  /// `+zip:reduce:`.
  ///
  /// ```swift
  /// Signal<Int, Never>.zip([a, b], reduce: { $0.reduce(0, +) })
  /// ```
  ///
  /// - Parameters:
  ///   - signals: The signals to zip.
  ///   - reduce: Combines one value of each signal, in order.
  /// - Returns: A signal of the combined values.
  public static func zip<Element>(
    _ signals: some Sequence<Signal<Element, Failure>>,
    reduce: @escaping @Sendable ([Element]) -> Value
  ) -> Signal {
    zip(signals, reduce)
  }

  /// Classic name for a map to signals followed by ``/AsyncSignals/Signal/switchToLatest()``: `+if:then:else:`.
  ///
  /// Each value of `condition` switches to `trueSignal` or `falseSignal`, disposing the one running before.
  ///
  /// ```swift
  /// Signal<String, Never>.if(isLoggedIn, then: profileName, else: .return("Guest"))
  /// ```
  ///
  /// - Parameters:
  ///   - condition: Chooses the signal to forward.
  ///   - trueSignal: Forwarded while the latest condition is `true`.
  ///   - falseSignal: Forwarded while the latest condition is `false`.
  /// - Returns: The values of the chosen signal.
  public static func `if`(
    _ condition: Signal<Bool, Failure>,
    then trueSignal: Signal,
    else falseSignal: Signal
  ) -> Signal {
    condition.map { $0 ? trueSignal : falseSignal }.switchToLatest()
  }

  /// Classic name for a map to signals followed by ``/AsyncSignals/Signal/switchToLatest()``:
  /// `+switch:cases:default:`.
  ///
  /// Each value of `signal` switches to its case, or to `defaultSignal` when it has none. Without a default,
  /// ``switch(_:cases:)`` fails at an unknown key, as RAC does.
  ///
  /// ```swift
  /// Signal<String, Never>.switch(tab, cases: [0: home, 1: search], default: .empty)
  /// ```
  ///
  /// - Parameters:
  ///   - signal: Chooses the case.
  ///   - cases: The signal to forward for each key.
  ///   - defaultSignal: Forwarded for a key without a case.
  /// - Returns: The values of the chosen signal.
  public static func `switch`<Key: Hashable & Sendable>(
    _ signal: Signal<Key, Failure>,
    cases: [Key: Signal],
    default defaultSignal: Signal
  ) -> Signal {
    signal.map { cases[$0] ?? defaultSignal }.switchToLatest()
  }

  /// Classic name for a map to signals followed by ``/AsyncSignals/Signal/switchToLatest()``:
  /// `+switch:cases:default:` with a `nil` default.
  ///
  /// Each value of `signal` switches to its case, disposing the one running before. A key that `cases` does not
  /// contain fails the result with ``SwitchFailure/noMatchingCase(_:)`` (RAC's `RACSignalErrorNoMatchingCase`),
  /// disposing the running case; a failure of `signal` or of the running case arrives as
  /// ``SwitchFailure/upstream(_:)``. The result completes when `signal` and the latest case have completed.
  ///
  /// ```swift
  /// let screen = Signal.switch(tab, cases: [0: home, 1: search])  // Signal<Screen, SwitchFailure<Int, Never>>
  /// ```
  ///
  /// - Parameters:
  ///   - signal: Chooses the case.
  ///   - cases: The signal to forward for each key.
  /// - Returns: The values of the chosen signal, failing at the first key without a case.
  public static func `switch`<Key: Hashable & Sendable>(
    _ signal: Signal<Key, Failure>,
    cases: [Key: Signal]
  ) -> Signal<Value, SwitchFailure<Key, Failure>> {
    signal.mapError { .upstream($0) }.map { key in
      cases[key].map { $0.mapError { .upstream($0) } } ?? .failure(.noMatchingCase(key))
    }.switchToLatest()
  }
}
