/// What a buffering operator's state machine (`take(last:)`, `collect(count:)`) asks for when its upstream
/// fails: the buffer has already been discarded, so no partial result goes downstream.
@usableFromInline
enum BufferFailureAction: Equatable {
  /// Forward the failure at once.
  case fail
  /// Nothing: the subscription has already finished.
  case none
}

extension BufferFailureAction {
  /// Carries out the action: `.fail` sends `failure` to `downstream`, `.none` does nothing.
  @inlinable
  func perform<Value: Sendable, Failure: Error>(_ failure: Failure, on downstream: Observer<Value, Failure>) {
    switch self {
    case .fail: downstream.fail(failure)
    case .none: break
    }
  }
}
