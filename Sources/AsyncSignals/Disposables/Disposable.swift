/// Something that can be torn down once: a subscription, a timer, a registered observer.
///
/// Disposing is idempotent and thread-safe: the first call does the work, later calls do nothing.
/// A subscription's disposable cancels the work the signal's body started, Tasks included.
///
/// ```swift
/// let subscription = signal.subscribe(value: { print($0) })
/// subscription.dispose()  // the body's cleanup runs, its Tasks are cancelled
/// ```
public protocol Disposable: AnyObject, Sendable {
  /// Whether ``dispose()`` has been called (or the owner ended by itself).
  var isDisposed: Bool { get }

  /// Tears down the resource. Calling it again does nothing.
  func dispose()
}
