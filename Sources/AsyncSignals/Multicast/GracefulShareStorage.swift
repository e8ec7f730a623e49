/// The connection of a `share(replay:stopAfter:…)`: a subject and a source subscription that outlive the last
/// subscriber by a grace period, on a scheduler's clock.
///
/// ```
///  share signal ──▶ GracefulShareStorage ── Locked<GracefulShareStateMachine>
///                        │ connection: subject ◀── source subscription (Lifetime)
///  last subscriber leaves ──▶ stop timer (gracePeriod) ──▶ dispose the source subscription ──▶ expiry timer
/// ```
final class GracefulShareStorage<Value: Sendable, Failure: Error>: Sendable {
  /// The periods, their clock, and what an end resets.
  struct Timing: Sendable {
    let gracePeriod: Duration
    let replayExpiresAfter: Duration?
    let scheduler: any TimedScheduler
    let resetOnFailure: Bool
    let resetOnCompletion: Bool
  }

  typealias Machine = GracefulShareStateMachine<any Subject<Value, Failure>, Lifetime, any Disposable>

  private let source: Signal<Value, Failure>
  private let replay: Int
  private let timing: Timing
  private let machine: Locked<Machine>

  init(source: Signal<Value, Failure>, replay: Int, timing: Timing) {
    self.source = source
    self.replay = replay
    self.timing = timing
    machine = Locked(Machine(replayExpires: timing.replayExpiresAfter.map { $0 > .zero }))
  }

  /// Registers a subscriber with the connection, opening one (or reopening the cached subject) if none runs.
  func subscribe(_ observer: Observer<Value, Failure>, in lifetime: Lifetime) {
    let action = machine.withLock {
      $0.subscriberAdded(
        makeSubject: { () -> any Subject<Value, Failure> in
          replay == 0 ? PassthroughSubject() : ReplaySubject(capacity: replay)
        },
        makeConnection: { Lifetime(preferring: lifetime.preferredExecutor) }
      )
    }
    switch action {
    case .open(let subject, let connection, let generation, let cancelled):
      cancelled?.dispose()
      removeOnDispose(of: lifetime, generation: generation)
      subject.signal.start(observer, in: lifetime)
      open(subject, connection, generation: generation)
    case .join(let subject, let generation, let cancelled):
      cancelled?.dispose()
      removeOnDispose(of: lifetime, generation: generation)
      subject.signal.start(observer, in: lifetime)
    case .ended(let subject):
      subject.signal.start(observer, in: lifetime)
    }
  }

  private func removeOnDispose(of lifetime: Lifetime, generation: UInt64) {
    lifetime.onDispose { [self] in
      carryOut(machine.withLock { $0.subscriberRemoved(generation: generation) })
    }
  }

  /// Starts the timers and closes the connection the machine asks for, after unlocking.
  private func carryOut(_ action: Machine.TimerAction) {
    switch action {
    case .none:
      return
    case .startStopTimer(let number):
      let timer = timing.scheduler.schedule(after: timing.gracePeriod) { [weak self] in
        guard let self else { return }
        carryOut(machine.withLock { $0.stopTimerFired(number: number) })
      }
      if !machine.withLock({ $0.stopTimerStarted(timer, number: number) }) { timer.dispose() }
    case .close(let connection, let expiryTimer):
      connection.dispose()
      guard let expiryTimer, let delay = timing.replayExpiresAfter else { return }
      let timer = timing.scheduler.schedule(after: delay) { [weak self] in
        self?.machine.withLock { $0.expiryTimerFired(number: expiryTimer) }
      }
      if !machine.withLock({ $0.expiryTimerStarted(timer, number: expiryTimer) }) { timer.dispose() }
    }
  }

  /// Subscribes the source into the connection's subject, recording its terminal event in the machine before
  /// the subject delivers it.
  private func open(_ subject: any Subject<Value, Failure>, _ connection: Lifetime, generation: UInt64) {
    guard !connection.isDisposed else { return }
    let subjectObserver = subject.observer
    let timing = timing
    source.subscribe(
      Observer { [weak self] event in
        if event.isTerminal, let self {
          let resets = if case .failed = event { timing.resetOnFailure } else { timing.resetOnCompletion }
          machine.withLock { $0.sourceEnded(generation: generation, resets: resets) }?.dispose()
        }
        subjectObserver.send(event: event)
      },
      in: connection
    )
  }
}
