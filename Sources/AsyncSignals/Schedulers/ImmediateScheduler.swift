/// A scheduler that runs work at once, on the calling thread.
///
/// It cannot wait, so it is a ``Scheduler`` but not a ``TimedScheduler``. With ``Signal/observe(on:)`` it
/// delivers on the sending thread, still one event at a time.
///
/// ```swift
/// ImmediateScheduler().schedule { print("now") }  // prints before returning; returns nil
/// ```
public struct ImmediateScheduler: Scheduler {
  /// Creates the immediate scheduler.
  public init() {}

  /// Runs `action` before returning.
  ///
  /// - Parameter action: The work.
  /// - Returns: `nil`: there is nothing left to cancel.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    action()
    return nil
  }
}
