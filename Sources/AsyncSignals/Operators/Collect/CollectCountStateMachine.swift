/// The states of one `collect(count:)` subscription: the chunk being filled.
///
/// Pure: it keeps the chunk and decides what to send; the operator sends it. Its input is one upstream
/// subscription, whose events arrive serially, so it lives in an ``OperatorState`` without a lock. The chunk
/// is mutated in place (through the `modifying` state), so a value costs no copy; each chunk allocates once,
/// reserving `count` elements when its first value arrives.
///
/// `State` is `@usableFromInline` rather than `private` because `collect(count:)` is `@inlinable`: the
/// operator is specialised for the value type in the caller's module.
@usableFromInline
struct CollectCountStateMachine<Value> {
  @usableFromInline
  enum State {
    /// Before the upstream's terminal event: `chunk` holds fewer than `count` values (possibly none).
    case collecting([Value])
    /// The chunk is being mutated in place; set only inside a transition, so that the payload is uniquely
    /// referenced while it changes (no copy on write). Any input in this state is an internal inconsistency.
    case modifying
    /// A terminal event went downstream and the chunk is gone; everything else is ignored.
    case finished
  }

  /// What to do when the upstream sends a value.
  @usableFromInline
  enum ValueAction {
    /// Nothing yet: the chunk is not full.
    case none
    /// Send the full chunk.
    case send([Value])
  }

  /// What to do when the upstream completes.
  @usableFromInline
  enum CompletionAction {
    /// Send the last, shorter chunk, then complete.
    case sendAndComplete([Value])
    /// Complete: no value is left over.
    case complete
    /// Nothing: the subscription has already finished.
    case none
  }

  /// The size of a full chunk.
  @usableFromInline
  let count: Int
  @usableFromInline
  var state = State.collecting([])

  /// Creates the machine of a new subscription that sends chunks of `count` values.
  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// The upstream sent `value`: it joins the chunk, which is sent when it holds `count` values.
  @inlinable
  mutating func valueReceived(_ value: Value) -> ValueAction {
    switch state {
    case .collecting(var chunk):
      state = .modifying
      if chunk.isEmpty {
        chunk.reserveCapacity(count)
      }
      chunk.append(value)
      guard chunk.count == count else {
        state = .collecting(chunk)
        return .none
      }
      state = .collecting([])
      return .send(chunk)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectCount: internal inconsistency, \(state) received valueReceived")
    }
  }

  /// The upstream completed: the values left over go downstream as a shorter chunk, then the completion.
  @inlinable
  mutating func completed() -> CompletionAction {
    switch state {
    case .collecting(let chunk):
      state = .finished
      return chunk.isEmpty ? .complete : .sendAndComplete(chunk)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectCount: internal inconsistency, \(state) received completed")
    }
  }

  /// The upstream failed: the partial chunk is discarded and the failure goes downstream at once.
  @inlinable
  mutating func failed() -> BufferFailureAction {
    switch state {
    case .collecting:
      state = .finished
      return .fail
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CollectCount: internal inconsistency, \(state) received failed")
    }
  }
}

extension CollectCountStateMachine.ValueAction: Equatable where Value: Equatable {}
extension CollectCountStateMachine.CompletionAction: Equatable where Value: Equatable {}
