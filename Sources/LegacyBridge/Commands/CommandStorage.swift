import AsyncSignals

/// The bookkeeping of a ``Command``: its policy state machine, its running and waiting executions, and the
/// subjects its signals come from.
///
/// ```
///  Command ──owns──▶ CommandStorage ──Locked──▶ Bookkeeping: CommandStateMachine, executions, outbox
///                          │                                        │ (drained in order, outside the lock)
///                          ├──▶ isEnabled / isExecuting (CurrentValueSubject) ◀─────┘
///                          ├──▶ executionSignals, values, errors (PassthroughSubject)
///                          └──▶ one ReplaySubject per execution ◀── the execution's signal (subscribed eagerly)
/// ```
///
/// Why a lock and not an actor: `execute` is synchronous (it returns the execution's signal at once, as in RAC),
/// so the bookkeeping must be reachable without a suspension. The lock is held only for a transition; every
/// subject send, subscription and disposal happens after unlocking. State notices (`isEnabled`, `isExecuting`,
/// `executionSignals`) are appended to an outbox in the same critical section as the transition that caused
/// them, and drained by one thread at a time, so they are delivered in transition order.
final class CommandStorage<Input: Sendable, Output: Sendable, Failure: Error>: Sendable {
  typealias Execution = ReplaySubject<Output, CommandError<Failure>>

  /// A change to publish, in transition order.
  enum Notice: Sendable {
    /// `isExecuting` changed.
    case executing(Bool)
    /// `isEnabled` changed.
    case enabled(Bool)
    /// An execution started.
    case started(Signal<Output, CommandError<Failure>>)
  }

  /// The locked state.
  struct Bookkeeping: Sendable {
    var machine: CommandStateMachine
    /// Waiting executions' inputs and subjects, by identifier.
    var waiting: [Int: (input: Input, execution: Execution)] = [:]
    /// Running executions' subjects, by identifier.
    var running: [Int: Execution] = [:]
    /// Running executions' subscriptions, once `subscribe` returned.
    var subscriptions: [Int: any Disposable] = [:]
    /// The notices not delivered yet.
    var outbox = Outbox<Notice>()
    /// The last published `isExecuting`.
    var publishedExecuting = false
    /// The last published `isEnabled`.
    var publishedEnabled: Bool
  }

  /// A running execution to stop: its subject fails with ``CommandError/cancelled``.
  private typealias Cancellation = (execution: Execution, subscription: (any Disposable)?)

  private let state: Locked<Bookkeeping>
  private let makeSignal: @Sendable (Input) -> Signal<Output, Failure>
  let isEnabled: CurrentValueSubject<Bool, Never>
  let isExecuting = CurrentValueSubject<Bool, Never>(false)
  let executions = PassthroughSubject<Signal<Output, CommandError<Failure>>, Never>()
  let values = PassthroughSubject<Output, Never>()
  let errors = PassthroughSubject<Failure, Never>()

  init(strategy: ExecutionStrategy, makeSignal: @escaping @Sendable (Input) -> Signal<Output, Failure>) {
    let machine = CommandStateMachine(strategy: strategy)
    self.makeSignal = makeSignal
    isEnabled = CurrentValueSubject(machine.isEnabled)
    state = Locked(Bookkeeping(machine: machine, publishedEnabled: machine.isEnabled))
  }

  /// The user's enabled signal sent a value.
  func enabledChanged(_ isEnabled: Bool) {
    if update({ $0.machine.enabledChanged(isEnabled) }).shouldDrain {
      drain()
    }
  }

  /// Starts, queues, or rejects an execution, as the strategy says.
  func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
    let execution = Execution()
    let (decision, shouldDrain) = update { state -> (CommandStateMachine.ExecuteAction, [Cancellation]) in
      let action = state.machine.executeRequested()
      var cancellations: [Cancellation] = []
      switch action {
      case .rejectNotEnabled:
        break
      case .start(let id):
        state.running[id] = execution
        state.outbox.post(.started(execution.signal))
      case .enqueue(let id):
        state.waiting[id] = (input, execution)
      case .cancelAndStart(let cancelled, let id):
        for old in cancelled {
          if let oldExecution = state.running.removeValue(forKey: old) {
            cancellations.append((oldExecution, state.subscriptions.removeValue(forKey: old)))
          }
        }
        state.running[id] = execution
        state.outbox.post(.started(execution.signal))
      }
      return (action, cancellations)
    }
    if shouldDrain {
      drain()
    }
    for cancellation in decision.1 {
      cancellation.subscription?.dispose()
      cancellation.execution.fail(.cancelled)
    }
    switch decision.0 {
    case .rejectNotEnabled:
      return .failure(.notEnabled)
    case .start(let id), .cancelAndStart(_, let id):
      run(id: id, input: input, execution: execution)
    case .enqueue:
      break
    }
    return execution.signal
  }

  /// Subscribes to the execution's signal, forwarding its events while it is running.
  private func run(id: Int, input: Input, execution: Execution) {
    let subscription = makeSignal(input).subscribe(
      Observer { [self] event in receive(event, id: id, execution: execution) }
    )
    let isStale = state.withLock { state in
      guard state.machine.isRunning(id) else { return true }
      state.subscriptions[id] = subscription
      return false
    }
    if isStale {
      subscription.dispose()
    }
  }

  private func receive(_ event: Event<Output, Failure>, id: Int, execution: Execution) {
    switch event {
    case .value(let value):
      guard state.withLock({ $0.machine.isRunning(id) }) else { return }
      values.send(value)
      execution.send(value)
    case .failed, .completed:
      let (finish, shouldDrain) = update {
        state -> (isRunning: Bool, next: (id: Int, input: Input, execution: Execution)?) in
        guard state.machine.isRunning(id) else { return (false, nil) }
        state.running[id] = nil
        state.subscriptions[id] = nil
        switch state.machine.executionFinished(id: id) {
        case .none:
          return (true, nil)
        case .start(let next):
          guard let waiting = state.waiting.removeValue(forKey: next) else {
            preconditionFailure("Command: internal inconsistency, execution \(next) started without an input")
          }
          state.running[next] = waiting.execution
          state.outbox.post(.started(waiting.execution.signal))
          return (true, (next, waiting.input, waiting.execution))
        }
      }
      if shouldDrain {
        drain()
      }
      guard finish.isRunning else { return }
      if case .failed(let failure) = event {
        errors.send(failure)
        execution.fail(.failed(failure))
      } else {
        execution.complete()
      }
      if let next = finish.next {
        run(id: next.id, input: next.input, execution: next.execution)
      }
    }
  }

  /// Runs a transition under the lock, queues the notices it caused, and says whether to drain.
  private func update<Result: Sendable>(
    _ transition: (inout Bookkeeping) -> Result
  ) -> (result: Result, shouldDrain: Bool) {
    state.withLock { state in
      let result = transition(&state)
      // `isEnabled` before `isExecuting`: code that waits for "not executing" (a test, a view) then finds every
      // other signal of the command caught up, on its own actor too, since hops to one actor run in order.
      if state.machine.isEnabled != state.publishedEnabled {
        state.publishedEnabled = state.machine.isEnabled
        state.outbox.post(.enabled(state.publishedEnabled))
      }
      if state.machine.isExecuting != state.publishedExecuting {
        state.publishedExecuting = state.machine.isExecuting
        state.outbox.post(.executing(state.publishedExecuting))
      }
      return (result, state.outbox.claim())
    }
  }

  /// Delivers the outbox in order, until it is empty; only one thread drains at a time.
  private func drain() {
    Outbox.drain(state, \.outbox) { notice in
      switch notice {
      case .executing(let isExecuting): self.isExecuting.send(isExecuting)
      case .enabled(let isEnabled): self.isEnabled.send(isEnabled)
      case .started(let execution): executions.send(execution)
      }
    }
  }
}
