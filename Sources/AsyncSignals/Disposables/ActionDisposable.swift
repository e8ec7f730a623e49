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
  /// The action, wrapped in a struct so that the lock's generic `State` is never a function type.
  ///
  /// A bare closure passed `inout` through the generic ``Locked/withLock(_:)`` is reabstracted on the way in and
  /// back; unoptimised, each access wrapped the stored closure in two more thunks, so a debug build grew memory with
  /// every ``isDisposed`` read (repeating timers read it each tick) and overflowed the stack when it finally ran.
  private struct Teardown {
    let run: @Sendable () -> Void
  }

  private let action: Locked<Teardown?>

  /// Creates a disposable that runs `action` once when disposed.
  ///
  /// - Parameter action: The teardown to run.
  public init(_ action: @escaping @Sendable () -> Void) {
    self.action = Locked(Teardown(run: action))
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
    taken?.run()
  }
}
