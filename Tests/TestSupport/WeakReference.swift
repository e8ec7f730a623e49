import AsyncSignals

/// A thread-safe weak reference that `@Sendable` closures can set, for checking that objects are released.
package final class WeakReference<Object: AnyObject & Sendable>: Sendable {
  private struct Slot {
    weak var object: Object?
  }

  private let slot = Locked(Slot())

  /// Creates an empty reference.
  package init() {}

  /// The referenced object, or `nil` once it has been released.
  package var object: Object? {
    get { slot.withLock { $0.object } }
    set { slot.withLock { $0.object = newValue } }
  }
}
