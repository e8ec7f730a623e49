extension Signal {
  /// Flattens a signal of signals into one signal of their values, running the inner signals by `strategy`.
  ///
  /// The values of the inner signals are forwarded, serially, as they arrive. The result fails as soon as the
  /// outer signal or a running inner fails, and then disposes every other inner. It completes once the outer
  /// signal and every inner it started have completed. Disposing the result disposes the outer signal and
  /// every inner. Each inner runs in its own child lifetime, released as soon as the inner ends.
  ///
  /// ```
  ///  outer:    ─A────────B──────|        A: ─1───2───|     B: ─3───4─|
  ///  .merge:   ──1───3───2───4──|
  ///  .concat:  ──1───2───────3───4─|     (B waits until A completed)
  ///  .latest:  ──1───────3───4─|         (B disposes A)
  ///  .first:   ──1───2───|               (B arrives while A runs: dropped)
  /// ```
  ///
  /// A synchronously completing inner does not grow the stack: 100,000 of them in a row through ``FlattenStrategy/concat``
  /// run in constant stack depth.
  ///
  /// ```swift
  /// let pages: Signal<Signal<Page, APIError>, APIError> = pageRequests.map { api.fetch($0) }
  /// pages.flatten(.concat)  // one page after the other, in order
  /// ```
  ///
  /// - Parameter strategy: How the inner signals run (see ``FlattenStrategy``).
  /// - Returns: A signal of the inner signals' values.
  @inlinable
  public func flatten<Inner>(_ strategy: FlattenStrategy) -> Signal<Inner, Failure>
  where Value == Signal<Inner, Failure> {
    let outer = self
    return derived({ downstream, lifetime in
      FlattenStorage.start(outer, strategy: strategy, downstream: downstream, lifetime: lifetime)
    })
  }

  /// Maps each value to a signal and flattens those signals by `strategy`.
  ///
  /// `transform` is called for each value as it arrives. What happens to the signals it returns is described
  /// at ``flatten(_:)``: ``FlattenStrategy/merge`` interleaves them (RAC `flattenMap`), ``FlattenStrategy/concat``
  /// runs them one after the other, ``FlattenStrategy/latest`` keeps only the newest, ``FlattenStrategy/first``
  /// ignores values while an inner runs, and ``FlattenStrategy/concurrent(limit:)`` runs at most a given number
  /// at once. `transform` is called for every value, also for one whose signal ``FlattenStrategy/first`` then drops
  /// unsubscribed (Rx's `flatMapFirst` does not call its selector then); a signal is cold, so nothing of it runs.
  ///
  /// ```swift
  /// searchField.flatMap(.latest) { term in api.search(term) }  // results of the newest term only
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: How the inner signals run.
  ///   - transform: Makes the inner signal for a value.
  /// - Returns: A signal of the inner signals' values.
  @inlinable
  public func flatMap<NewValue>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping @Sendable (Value) -> Signal<NewValue, Failure>
  ) -> Signal<NewValue, Failure> {
    map(transform).flatten(strategy)
  }

  /// Forwards the values of the newest inner signal only, disposing the previous inner when a new one arrives.
  ///
  /// The same as `flatten(.latest)`. It completes once the outer signal and the current inner completed.
  ///
  /// ![switchToLatest: a new inner disposes the previous one](marble-switch-to-latest.svg)
  ///
  /// ```swift
  /// currentUser.map { user in user.messages }.switchToLatest()
  /// ```
  ///
  /// - Returns: A signal of the newest inner signal's values.
  @inlinable
  public func switchToLatest<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
    flatten(.latest)
  }
}

extension Signal where Failure == Never {
  /// Maps each value of a signal that cannot fail to a signal that can, and flattens those signals by `strategy`.
  ///
  /// The same as `promoteError(NewFailure.self).flatMap(strategy, transform)`: the result fails when a running
  /// inner fails. The overload is disfavoured, so wherever the general
  /// ``flatMap(_:_:)->Signal<NewValue,Failure>`` fits (the inner signals cannot fail either, or the outer
  /// signal's failure type is still being inferred) Swift picks that one, and code that compiled before this
  /// overload existed means the same.
  ///
  /// ```swift
  /// let results: Signal<[Match], SearchError> = searchTerms  // Signal<String, Never>
  ///   .flatMap(.latest) { term in api.search(term) }          // Signal<[Match], SearchError>
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: How the inner signals run.
  ///   - transform: Makes the inner signal for a value.
  /// - Returns: A signal of the inner signals' values that fails with their failure.
  @inlinable
  @_disfavoredOverload
  public func flatMap<NewValue, NewFailure>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping @Sendable (Value) -> Signal<NewValue, NewFailure>
  ) -> Signal<NewValue, NewFailure> {
    promoteError(NewFailure.self).flatMap(strategy, transform)
  }
}
