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
  // The stress suite checks this contract under the thread sanitizer.
  // `@exclusivity(unchecked)` for the same reason: accesses never overlap, and the run-time check that a class
  // `var` otherwise gets in inlined code (`swift_beginAccess`, with its thread-local access set) was about 10%
  // of the sync pipeline's time, from `scan` alone.
  @usableFromInline
  @exclusivity(unchecked)
  var value: Value

  /// Creates the state with its initial value.
  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}
