/// A disposable holding one replaceable inner disposable: setting a new one disposes the old one.
///
/// Once the serial disposable is disposed, any inner set later is disposed at once. (RAC's
/// `-swapInDisposable:`, which hands the previous inner back undisposed, is LegacyBridge's `swapInDisposable(_:)`.)
///
/// ```swift
/// let current = SerialDisposable()
/// current.inner = search("swi").subscribe(value: show)
/// current.inner = search("swift").subscribe(value: show)  // the first search is disposed
/// ```
public final class SerialDisposable: Disposable {
  private enum State {
    /// Holding the current inner disposable, if any.
    case active(inner: (any Disposable)?)
    /// Disposed: any inner set from now on is disposed at once.
    case disposed
  }

  private let state: Locked<State>

  /// Creates a serial disposable, optionally with a first inner disposable.
  ///
  /// - Parameter inner: The first inner disposable.
  public init(_ inner: (any Disposable)? = nil) {
    state = Locked(.active(inner: inner))
  }

  /// Whether the serial disposable has been disposed.
  public var isDisposed: Bool {
    state.withLock {
      switch $0 {
      case .active: false
      case .disposed: true
      }
    }
  }

  /// The current inner disposable.
  ///
  /// Setting it disposes the previous one (after the swap, outside the lock), unless it is the same one;
  /// setting it after disposal disposes the new one at once.
  public var inner: (any Disposable)? {
    get {
      state.withLock {
        switch $0 {
        case .active(let inner): inner
        case .disposed: nil
        }
      }
    }
    set {
      guard let old = swapInner(newValue), old !== newValue else { return }
      old.dispose()
    }
  }

  /// Replaces the inner disposable and returns the previous one without disposing it.
  ///
  /// After disposal it disposes `newInner` at once and returns `nil`, as RAC's `-swapInDisposable:` does.
  /// LegacyBridge's classic `swapInDisposable(_:)` forwards here; the ``inner`` setter disposes what it returns.
  ///
  /// - Parameter newInner: The new inner disposable.
  /// - Returns: The previous inner disposable, still undisposed; `nil` if there was none or after disposal.
  package func swapInner(_ newInner: (any Disposable)?) -> (any Disposable)? {
    let (old, disposeNew): ((any Disposable)?, Bool) = state.withLock {
      switch $0 {
      case .active(let old):
        $0 = .active(inner: newInner)
        return (old, false)
      case .disposed:
        return (nil, true)
      }
    }
    if disposeNew { newInner?.dispose() }
    return old
  }

  /// Disposes the current inner disposable and every later one.
  public func dispose() {
    let old: (any Disposable)? = state.withLock {
      switch $0 {
      case .active(let inner):
        $0 = .disposed
        return inner
      case .disposed:
        return nil
      }
    }
    old?.dispose()
  }
}
