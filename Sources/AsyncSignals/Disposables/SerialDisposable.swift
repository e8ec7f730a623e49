/// A disposable holding one replaceable inner disposable: setting a new one disposes the old one.
///
/// Once the serial disposable is disposed, any inner set later is disposed at once.
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
  /// Setting it disposes the previous one (after the swap, outside the lock);
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
      let toDispose: (any Disposable)? = state.withLock {
        switch $0 {
        case .active(let old):
          $0 = .active(inner: newValue)
          return old === newValue ? nil : old
        case .disposed:
          return newValue
        }
      }
      toDispose?.dispose()
    }
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
