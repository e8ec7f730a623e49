/// A disposable that disposes its inner disposable when it is deinitialised.
///
/// Keep one in an owner's stored property to tie a subscription to the owner's lifetime.
///
/// ```swift
/// final class ViewModel {
///   private let subscription: ScopedDisposable
///   init(source: Signal<Int, Never>) {
///     subscription = ScopedDisposable(source.subscribe(value: { print($0) }))
///   }
/// }  // the subscription is disposed when the view model goes away
/// ```
public final class ScopedDisposable: Disposable {
  /// The disposable that is disposed with this one.
  public let inner: any Disposable

  /// Creates a scoped disposable around `inner`.
  ///
  /// - Parameter inner: The disposable to dispose on deinit.
  public init(_ inner: any Disposable) {
    self.inner = inner
  }

  deinit {
    inner.dispose()
  }

  /// Whether the inner disposable has been disposed.
  public var isDisposed: Bool { inner.isDisposed }

  /// Disposes the inner disposable now.
  public func dispose() {
    inner.dispose()
  }
}

extension Disposable {
  /// Wraps the disposable in a ``ScopedDisposable`` that disposes it on deinit.
  ///
  /// ```swift
  /// let scoped = signal.subscribe(value: { print($0) }).scoped()
  /// ```
  ///
  /// - Returns: The scoped disposable.
  public func scoped() -> ScopedDisposable {
    ScopedDisposable(self)
  }
}
