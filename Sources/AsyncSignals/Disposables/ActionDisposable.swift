/// A disposable that runs a closure the first time it is disposed.
///
/// The closure runs at most once, on the thread that disposes first, and is released afterwards.
///
/// ```swift
/// let timer = ActionDisposable { print("stopped") }
/// timer.dispose()  // prints "stopped"
/// timer.dispose()  // does nothing
/// ```
public final class ActionDisposable: Disposable {
  private let action: Locked<(@Sendable () -> Void)?>

  /// Creates a disposable that runs `action` once when disposed.
  ///
  /// - Parameter action: The teardown to run.
  public init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(action)
  }

  /// Creates a disposable with nothing to do; useful as a placeholder that still records disposal.
  public convenience init() {
    self.init {}
  }

  /// Whether ``dispose()`` has run.
  public var isDisposed: Bool {
    action.withLock { $0 == nil }
  }

  /// Runs the action if it has not run yet.
  public func dispose() {
    let taken = action.withLock { action in
      let taken = action
      action = nil
      return taken
    }
    taken?()
  }
}
