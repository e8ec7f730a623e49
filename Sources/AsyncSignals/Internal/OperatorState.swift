import Synchronization

/// Mutable per-subscription state of an operator, read and written only while an event is being delivered.
///
/// Operators downstream of a serialising source (``SerialDelivery``, a subject, or an operator that
/// serialises several upstreams) receive events one at a time, with a happens-before edge between
/// consecutive deliveries (the acquiring and releasing operations on the source's work counter). State touched
/// only from those deliveries needs no lock of its own, which keeps a chain of operators free of locks.
///
/// ```swift
/// let count = OperatorState(0)
/// return Observer { event in
///   count.value += 1  // only ever inside a delivery
/// }
/// ```
///
/// - Important: Touch `value` only from inside event delivery of the one subscription that created it, never
///   from disposal callbacks, Tasks or other threads. State shared with those needs ``Locked``.
@usableFromInline
final class OperatorState<Value>: @unchecked Sendable {
  // Safety: every access happens inside the serial delivery of one subscription (see the type's doc). The
  // source's work counter orders consecutive deliveries, so accesses never overlap and each sees the previous
  // write.
  // The stress suite checks this contract under the thread sanitizer, and debug builds check it at every access
  // (below), as swift-nio's `NIOLoopBound` checks its event loop.
  // `@exclusivity(unchecked)` for the same reason: accesses never overlap, and the run-time check that a class
  // `var` otherwise gets in inlined code (`swift_beginAccess`, with its thread-local access set) was about 10%
  // of the sync pipeline's time (the `sync pipeline/AsyncSignals` row), from `scan` alone.
  #if DEBUG
  @usableFromInline
  @exclusivity(unchecked)
  var storage: Value

  /// Set while an access is in progress: a second access that starts meanwhile broke the contract.
  @usableFromInline
  let accessing = Atomic<Bool>(false)

  /// The state; in a debug build each access checks that no other access is in progress.
  @inlinable
  var value: Value {
    _read {
      beginAccess()
      defer { endAccess() }
      yield storage
    }
    _modify {
      beginAccess()
      defer { endAccess() }
      yield &storage
    }
  }

  @inlinable
  func beginAccess() {
    precondition(
      !accessing.exchange(true, ordering: .acquiring),
      "OperatorState: accessed while another access was in progress; touch it only inside the serial delivery"
        + " of the subscription that created it (use Locked for state shared with timers, Tasks or disposal)"
    )
  }

  @inlinable
  func endAccess() {
    accessing.store(false, ordering: .releasing)
  }

  /// Creates the state with its initial value.
  @inlinable
  init(_ value: Value) {
    storage = value
  }
  #else
  @usableFromInline
  @exclusivity(unchecked)
  var value: Value

  /// Creates the state with its initial value.
  @inlinable
  init(_ value: Value) {
    self.value = value
  }
  #endif
}
