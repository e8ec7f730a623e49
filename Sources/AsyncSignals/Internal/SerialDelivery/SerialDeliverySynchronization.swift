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

  // The steps below are the library's code, in this protocol's extension. They are requirements so that the
  // interleaving checker's own test can put a fixed bug back in one of them from the test target (the shipping
  // source has no branch for it); nothing else replaces them.

  /// Whether the synchronous body's send, with nothing delivering, may be delivered at once: the state word says
  /// the body owns delivery alone (``SerialDeliveryStateMachine/bodyAlone``).
  static func bodyMayDeliverAtOnce<Value, Failure>(_ delivery: SerialDeliveryCore<Value, Failure, Self>) -> Bool

  /// What a send from the thread that owns delivery does (``SerialDeliveryStateMachine/ownerThreadSent()``).
  static func ownerThreadSent<Value, Failure>(
    _ delivery: SerialDeliveryCore<Value, Failure, Self>
  ) -> SerialDeliveryStateMachine.OwnerThreadSentAction

  /// Appends `event` to the queue and counts it (``SerialDeliveryCore/queue(_:)``).
  static func queue<Value, Failure>(
    _ event: Event<Value, Failure>,
    in delivery: SerialDeliveryCore<Value, Failure, Self>
  ) -> SerialDeliveryStateMachine.EventQueuedAction
}

extension SerialDeliverySynchronization {
  /// The library's step: one load of the state word, compared with the one state in which the machine answers
  /// `.deliver`.
  @inlinable
  @inline(__always)
  static func bodyMayDeliverAtOnce<Value, Failure>(_ delivery: SerialDeliveryCore<Value, Failure, Self>) -> Bool {
    delivery.observeWord("ownerThreadSent") == SerialDeliveryStateMachine.bodyAlone
  }

  /// The library's step: the machine's answer for the state the word holds.
  @inlinable
  @inline(__always)
  static func ownerThreadSent<Value, Failure>(
    _ delivery: SerialDeliveryCore<Value, Failure, Self>
  ) -> SerialDeliveryStateMachine.OwnerThreadSentAction {
    delivery.observe("ownerThreadSent") { $0.ownerThreadSent() }
  }

  /// The library's step: appended and counted in one critical section.
  @inlinable
  @inline(__always)
  static func queue<Value, Failure>(
    _ event: Event<Value, Failure>,
    in delivery: SerialDeliveryCore<Value, Failure, Self>
  ) -> SerialDeliveryStateMachine.EventQueuedAction {
    delivery.queueCountingUnderTheLock(event)
  }
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
}
