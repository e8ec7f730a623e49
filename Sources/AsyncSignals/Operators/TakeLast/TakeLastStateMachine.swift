/// The states of one `take(last:)` subscription: the last values so far, sent at completion.
///
/// Pure: it keeps the buffer and decides what to send; the operator sends it. Its input is one upstream
/// subscription, whose events arrive serially, so it lives in an ``OperatorState`` without a lock. The
/// buffer is mutated in place (through the `modifying` state), so a value costs no copy and no allocation beyond
/// the buffer's own growth up to `count`.
///
/// `State` is `@usableFromInline` rather than `private` because `take(last:)` is `@inlinable`: the
/// operator is specialised for the value type in the caller's module.
@usableFromInline
struct TakeLastStateMachine<Value> {
  @usableFromInline
  enum State {
    /// Before the upstream's terminal event: `buffer` holds the last values so far, at most `count`.
    case buffering(Queue<Value>)
    /// The buffer is being mutated in place; set only inside a transition, so that the payload is uniquely
    /// referenced while it changes (no copy on write). Any input in this state is an internal inconsistency.
    case modifying
    /// A terminal event went downstream and the buffer is gone; everything else is ignored.
    case finished
  }

  /// What to do when the upstream completes.
  @usableFromInline
  enum CompletionAction {
    /// Send `values` in order, then complete.
    case sendAndComplete(Queue<Value>)
    /// Nothing: the subscription has already finished.
    case none
  }

  /// How many of the last values are kept.
  @usableFromInline
  let count: Int
  @usableFromInline
  var state = State.buffering(Queue())

  /// Creates the machine of a new subscription that keeps the last `count` values.
  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// The upstream sent `value`: it is kept, and the oldest kept value dropped when `count` are kept already.
  ///
  /// Nothing is sent for a value, so there is no action.
  @inlinable
  mutating func valueReceived(_ value: Value) {
    switch state {
    case .buffering(var buffer):
      guard count > 0 else { return }
      state = .modifying
      if buffer.count == count {
        _ = buffer.popFirst()
      }
      buffer.append(value)
      state = .buffering(buffer)
    case .finished:
      return
    case .modifying:
      preconditionFailure("TakeLast: internal inconsistency, \(state) received valueReceived")
    }
  }

  /// The upstream completed: the kept values go downstream, then the completion.
  @inlinable
  mutating func completed() -> CompletionAction {
    switch state {
    case .buffering(let buffer):
      state = .finished
      return .sendAndComplete(buffer)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("TakeLast: internal inconsistency, \(state) received completed")
    }
  }

  /// The upstream failed: the kept values are discarded and the failure goes downstream at once.
  @inlinable
  mutating func failed() -> BufferFailureAction {
    switch state {
    case .buffering:
      state = .finished
      return .fail
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("TakeLast: internal inconsistency, \(state) received failed")
    }
  }
}
