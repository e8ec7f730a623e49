/// The state of one single-value request: it waits for at most one value, then for the end.
///
/// Pure: it hands the completion handler back in the action so the storage can call it after unlocking.
package struct SingleValueStateMachine<Value: Sendable, Failure: Error> {
  package typealias Handler = @Sendable (Result<Value, SingleValueError<Failure>>) -> Void

  /// What the storage must do after a transition.
  package enum Action {
    /// Nothing to do.
    case none
    /// Call the handler with the result (outside the lock), then dispose the subscription, which ends the
    /// upstream early at a second value and breaks the storage ↔ lifetime cycle in every case.
    case callHandlerAndDispose(Handler, Result<Value, SingleValueError<Failure>>)
  }

  private enum State {
    /// Subscribed; `value` is the one value received so far, if any.
    case waiting(value: Value?, handler: Handler)
    /// The handler was called; every later input is ignored.
    case finished
  }

  private var state: State

  package init(handler: @escaping Handler) {
    state = .waiting(value: nil, handler: handler)
  }

  package mutating func valueReceived(_ value: Value) -> Action {
    switch state {
    case .waiting(value: nil, let handler):
      state = .waiting(value: value, handler: handler)
      return .none
    case .waiting(value: .some, let handler):
      state = .finished
      return .callHandlerAndDispose(handler, .failure(.moreThanOneValue))
    case .finished:
      return .none
    }
  }

  package mutating func failed(_ failure: Failure) -> Action {
    finish { _ in .failure(.failed(failure)) }
  }

  package mutating func completed() -> Action {
    finish { value in value.map { .success($0) } ?? .failure(.noValue) }
  }

  package mutating func disposed() -> Action {
    finish { _ in .failure(.cancelled) }
  }

  private mutating func finish(_ result: (Value?) -> Result<Value, SingleValueError<Failure>>) -> Action {
    switch state {
    case .waiting(let value, let handler):
      state = .finished
      return .callHandlerAndDispose(handler, result(value))
    case .finished:
      return .none
    }
  }
}
