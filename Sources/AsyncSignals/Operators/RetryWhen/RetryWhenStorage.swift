/// Carries out what ``RetryWhenStateMachine`` decides for one ``Signal/retry(when:)`` subscription.
///
/// Each attempt subscribes the source in a fresh child lifetime, disposed when the attempt ends (its cleanup
/// runs before the failure is reported, so before the next attempt can start). Failures go into `failures`, the
/// input of the signal the handler made; that signal, the trigger, runs in its own child lifetime from the start
/// of the subscription. Values of every attempt pass through.
///
/// ```
///  Lifetime ─┬─ trigger (child) ◀── handler(failures.signal)
///            ├─ attempt 1 (child, disposed when it ends) ──failure──▶ failures ──▶ … ──▶ trigger value
///            └─ attempt 2 (child) …   loop in run(): subscribe, then again while a trigger value came meanwhile
/// ```
///
/// Downstream receives events from one place at a time: values only from the running attempt, and a terminal
/// event either from an attempt (its completion, or its failure once the trigger completed) or from the trigger
/// completing while no attempt runs. The machine's lock orders these decisions.
final class RetryWhenStorage<Value: Sendable, Failure: Error>: Sendable {
  private let source: Signal<Value, Failure>
  private let downstream: Observer<Value, Failure>
  private let lifetime: Lifetime
  private let failures = PassthroughSubject<Failure, Never>()
  private let machine = Locked(RetryWhenStateMachine<Failure>())
  /// The scheduler whose executor the Tasks of a retried attempt prefer, when the trigger fires on one.
  private let scheduler: (any Scheduler)?

  /// Creates the storage of one subscription.
  init(
    source: Signal<Value, Failure>,
    downstream: Observer<Value, Failure>,
    lifetime: Lifetime,
    scheduler: (any Scheduler)?
  ) {
    self.source = source
    self.downstream = downstream
    self.lifetime = lifetime
    self.scheduler = scheduler
  }

  /// Subscribes the trigger that `handler` makes from the failures, then the first attempt.
  func start<Trigger: Sendable>(_ handler: (Signal<Failure, Never>) -> Signal<Trigger, Never>) {
    handler(failures.signal).start(
      Observer { [self] event in
        switch event {
        case .value: triggerSent()
        case .completed: triggerCompleted()
        }
      },
      in: lifetime.makeChild()
    )
    run()
  }

  /// Subscribes attempts until one is still running when its subscription call returns.
  private func run() {
    repeat {
      guard !lifetime.isDisposed else { return }
      let attempt = lifetime.makeChild()
      source.start(Observer { [self] event in received(event, in: attempt) }, in: attempt)
    } while machine.withLock { $0.subscriptionReturned() }
  }

  private func received(_ event: Event<Value, Failure>, in attempt: Lifetime) {
    switch event {
    case .value(let value):
      downstream.send(value)
    case .completed:
      attempt.dispose()
      guard machine.withLock({ $0.attemptCompleted() }) else { return }
      finish(.completed)
    case .failed(let failure):
      attempt.dispose()
      switch machine.withLock({ $0.attemptFailed(failure) }) {
      case .reportFailure(let failure): failures.send(failure)
      case .fail(let failure): finish(.failed(failure))
      case .none: break
      }
    }
  }

  private func triggerSent() {
    guard machine.withLock({ $0.triggerSent() }) == .startLoop else { return }
    if let scheduler {
      scheduler.withExecutorPreference { run() }
    } else {
      run()
    }
  }

  private func triggerCompleted() {
    guard case .fail(let failure) = machine.withLock({ $0.triggerCompleted() }) else { return }
    finish(.failed(failure))
  }

  /// Sends the terminal event, then ends the subscription: the trigger is disposed with it.
  private func finish(_ terminal: Event<Value, Failure>) {
    downstream.send(event: terminal)
    lifetime.dispose()
  }
}
