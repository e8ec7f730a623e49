/// The points where a ``SerialDeliveryCore`` touches state other threads see, and the constants of its protocol:
/// injected, so that a test can run the real delivery code under a scheduler of its own.
///
/// The delivery calls ``willAccessSharedState(_:of:)`` right before each atomic operation on its state word and
/// before it takes its queue's lock, and ``didUnlock(_:)`` after it released that lock. ``SystemSynchronization``,
/// the one the library uses, does nothing there: its methods are empty and inlined into specialised code, so a
/// release build runs the same instructions as without them. The interleaving checker of the tests
/// (`Tests/AsyncSignalsTests/Internal/SerialDelivery/Checker`) lets another of its threads run at each point,
/// and so runs the delivery through every order of those operations.
///
/// Not a point: the owner-thread number (`ownerThread`). A thread compares it only with its own number, which only
/// that thread stores, so where its loads and stores fall among other threads' operations changes nothing.
///
/// ```
///  SerialDeliveryCore ──state word, queue lock──▶ Synchronization.willAccessSharedState ──▶ (checker: switch thread)
/// ```
@usableFromInline
protocol SerialDeliverySynchronization: SendableMetatype {
  /// Called before each operation on `delivery`'s shared state.
  static func willAccessSharedState(_ access: SerialDeliveryAccess, of delivery: AnyObject)

  /// Called after `delivery`'s queue lock was released.
  static func didUnlock(_ delivery: AnyObject)

  /// How many queued events one caller delivers for other threads before it hands the rest to a Task.
  static var drainBudget: Int { get }

  /// Fixed bugs to put back, so that a test can show the checker finds them; empty except in that test.
  static var reintroducedBugs: SerialDeliveryReintroducedBugs { get }
}

/// An operation on a delivery's shared state, named after the input it serves (for the checker's traces).
@usableFromInline
enum SerialDeliveryAccess: Sendable {
  /// A load of the state word.
  case load(StaticString)
  /// A compare-and-swap of the state word.
  case compareExchange(StaticString)
  /// Taking the queue's lock.
  case lock(StaticString)
  /// A store (a `for await` buffer's words).
  case store(StaticString)
  /// A read-modify-write other than a compare-and-swap: an add, an `and`, an `or` (a `for await` buffer's words).
  case update(StaticString)
}

/// Bugs fixed in `SerialDeliveryCore`'s history, which the interleaving checker's own test puts back.
@usableFromInline
struct SerialDeliveryReintroducedBugs: OptionSet, Sendable {
  @usableFromInline
  let rawValue: Int

  @inlinable
  init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// A queued send is counted after the queue's lock is released (fixed in ba964f5), so a drain can pop an
  /// event whose request is not counted yet in place of one that is, and give delivery up too early.
  @inlinable
  static var countsQueuedSendsAfterUnlocking: Self { Self(rawValue: 1 << 0) }

  /// With the first: the body's thread delivers its event directly only when the queue is empty too (the partial
  /// fix of ee4aa2a), which keeps the body's own events in order but not other threads'.
  @inlinable
  static var bodyChecksTheQueueBeforeDelivering: Self { Self(rawValue: 1 << 1) }
}

/// The system's atomics and lock, with nothing between them and the delivery.
@usableFromInline
enum SystemSynchronization: SerialDeliverySynchronization {
  @inlinable
  @inline(__always)
  static func willAccessSharedState(_ access: SerialDeliveryAccess, of delivery: AnyObject) {}

  @inlinable
  @inline(__always)
  static func didUnlock(_ delivery: AnyObject) {}

  @inlinable
  static var drainBudget: Int { 1_024 }

  @inlinable
  static var reintroducedBugs: SerialDeliveryReintroducedBugs { [] }
}
