import Synchronization

/// The interleaving checker's scheduling points in lock-free code that cannot take a `Synchronization` type
/// parameter, as `SerialDeliveryCore` and `ForAwaitStorageCore` do: the public, non-generic ``Lifetime``.
///
/// Debug builds only: before each operation on shared state, the code calls ``reach(_:of:)``, which asks the
/// installed ``SchedulingPointHooks`` (the tests' checker installs them once; nothing else does). Release builds
/// compile every call away. In a debug build without hooks, a call is one atomic load.
///
/// ```swift
/// SchedulingPoint.reach(.load("dispose: phase"), of: self)
/// let current = phase.load(ordering: .acquiring)
/// ```
enum SchedulingPoint {
  #if DEBUG
  /// The hooks, installed at most once, by the tests' interleaving checker.
  private static let hooks = AtomicLazyReference<SchedulingPointHooks>()
  #endif

  /// Installs `hooks` unless hooks are installed already; returns the installed ones (debug builds only; a
  /// release build installs nothing and returns `hooks`).
  @discardableResult
  static func install(_ hooks: SchedulingPointHooks) -> SchedulingPointHooks {
    #if DEBUG
    return Self.hooks.storeIfNil(hooks)
    #else
    return hooks
    #endif
  }

  /// An operation on `object`'s shared state follows.
  @inline(__always)
  static func reach(_ access: SerialDeliveryAccess, of object: AnyObject) {
    #if DEBUG
    installedHooks()?.willAccess(access, object)
    #endif
  }

  /// `object`'s lock was released.
  @inline(__always)
  static func unlocked(_ object: AnyObject) {
    #if DEBUG
    installedHooks()?.didUnlock(object)
    #endif
  }

  /// The installed hooks, if any.
  static func installedHooks() -> SchedulingPointHooks? {
    #if DEBUG
    return hooks.load()
    #else
    return nil
    #endif
  }
}

/// What ``SchedulingPoint`` calls in a debug build: the checker's scheduling points.
///
/// ```swift
/// SchedulingPoint.install(SchedulingPointHooks(willAccess: { access, object in … }, didUnlock: { _ in }))
/// ```
final class SchedulingPointHooks: Sendable {
  /// Called before an operation on `object`'s shared state.
  let willAccess: @Sendable (SerialDeliveryAccess, AnyObject) -> Void
  /// Called after `object`'s lock was released.
  let didUnlock: @Sendable (AnyObject) -> Void

  /// Creates the hooks.
  init(
    willAccess: @escaping @Sendable (SerialDeliveryAccess, AnyObject) -> Void,
    didUnlock: @escaping @Sendable (AnyObject) -> Void
  ) {
    self.willAccess = willAccess
    self.didUnlock = didUnlock
  }
}
