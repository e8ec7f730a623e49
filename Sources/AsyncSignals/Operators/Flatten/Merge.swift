extension Signal {
  /// Interleaves the values of several signals into one.
  ///
  /// Every source is subscribed, in order, at subscription. Values are forwarded serially, as they arrive. The
  /// result completes after every source completed, and fails as soon as one fails: the other sources are
  /// disposed and a source not subscribed yet (because an earlier one failed during subscription) never is.
  ///
  /// ```
  ///  a:      ─1─────3──|
  ///  b:      ───2──────────4─|
  ///  merge:  ─1─2───3──────4─|
  /// ```
  ///
  /// ```swift
  /// Signal.merge(localChanges, remoteChanges).subscribe(value: { apply($0) })
  /// ```
  ///
  /// - Parameter signals: The signals to merge.
  /// - Returns: A signal of every source's values.
  @inlinable
  public static func merge(_ signals: Signal...) -> Signal {
    merge(signals)
  }

  /// Interleaves the values of a collection of signals into one.
  ///
  /// See ``merge(_:)-(Signal<Value,Failure>...)``. Merging no signal completes at once.
  ///
  /// ```swift
  /// Signal.merge(servers.map { $0.events })
  /// ```
  ///
  /// - Parameter signals: The signals to merge.
  /// - Returns: A signal of every source's values.
  @inlinable
  public static func merge(_ signals: some Sequence<Signal>) -> Signal {
    Signal<Signal, Failure>.sending(Array(signals)).flatten(.merge)
  }

  /// Interleaves the values of this signal and `other`.
  ///
  /// ![merge(with:): the values of both, interleaved](marble-merge.svg)
  ///
  /// ```swift
  /// taps.merge(with: keyPresses)
  /// ```
  ///
  /// - Parameter other: The signal to merge with.
  /// - Returns: A signal of both signals' values.
  @inlinable
  public func merge(with other: Signal) -> Signal {
    let merged = Signal.merge([self, other])
    return derived(merged.startHandler)  // keeps this signal's buffering policy
  }

  /// Interleaves the values of the inner signals this signal sends (the same as `flatten(.merge)`).
  ///
  /// Each inner is subscribed when it arrives. The result completes after this signal and every inner completed,
  /// and fails as soon as any of them fails.
  ///
  /// ```swift
  /// let uploads: Signal<Signal<Progress, UploadError>, UploadError> = files.map { upload($0) }
  /// uploads.merge()
  /// ```
  ///
  /// - Returns: A signal of every inner signal's values.
  @inlinable
  public func merge<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
    flatten(.merge)
  }

  /// A signal that sends the elements of `values` in order and completes, stopping early when disposed.
  @inlinable
  static func sending(_ values: [Value]) -> Signal {
    Signal { observer, lifetime in
      for value in values {
        guard !lifetime.isDisposed else { return }
        observer.send(value)
      }
      observer.complete()
    }
  }
}
