import AsyncSignals

/// Runs a ``SingleValueStateMachine`` under a lock for one subscription and calls the handler after unlocking.
///
/// ```
/// subscriber Observer ──▶ SingleValueStorage ──Locked──▶ SingleValueStateMachine
///            Lifetime.onDispose ──▶ storage.disposed()       handler called once, outside the lock
/// ```
///
/// Events arrive serially, but disposal can race them from another thread, hence the lock.
final class SingleValueStorage<Value: Sendable, Failure: Error>: Sendable {
  private let stateMachine: Locked<SingleValueStateMachine<Value, Failure>>
  private let lifetime: Lifetime

  init(lifetime: Lifetime, handler: @escaping SingleValueStateMachine<Value, Failure>.Handler) {
    self.lifetime = lifetime
    stateMachine = Locked(SingleValueStateMachine(handler: handler))
  }

  var observer: Observer<Value, Failure> {
    Observer { [self] event in
      switch event {
      case .value(let value): run(stateMachine.withLock { $0.valueReceived(value) })
      case .failed(let failure): run(stateMachine.withLock { $0.failed(failure) })
      case .completed: run(stateMachine.withLock { $0.completed() })
      }
    }
  }

  func disposed() {
    run(stateMachine.withLock { $0.disposed() })
  }

  private func run(_ action: SingleValueStateMachine<Value, Failure>.Action) {
    switch action {
    case .none:
      break
    case .callHandlerAndDispose(let handler, let result):
      handler(result)
      lifetime.dispose()
    }
  }
}
