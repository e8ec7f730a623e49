/// What a timed-out subscription does once upstream has been ended.
enum TimeoutResolution<Value: Sendable, Failure: Error>: Sendable {
  /// Fail with this failure.
  case fail(Failure)
  /// Continue with this signal's events.
  case switchTo(Signal<Value, Failure>)
}

/// One `timeout` subscription: runs ``TimeoutStateMachine`` on the serial inputs of its ``TimedOperatorRuntime``
/// and carries out the actions.
///
/// ```
///  upstream (child lifetime) ──▶ runtime mailbox ──▶ handle ──▶ downstream
///  deadline timer ─────────────▶       ┘            └ time out: dispose upstream's lifetime, then fail, or
///                                                     subscribe the fallback into downstream (same lifetime)
/// ```
///
/// After a time out, upstream events still in the mailbox are dropped by the machine, and the fallback sends to
/// downstream directly: nothing else sends to it any more.
final class TimeoutStorage<Value: Sendable, Failure: Error, NewFailure: Error>: TimedInputHandler {
  private let machine: OperatorState<TimeoutStateMachine>
  private let interval: Duration
  private let downstream: Observer<Value, NewFailure>
  private let runtime: TimedOperatorRuntime<Value, Failure>
  private let upstreamLifetime: Lifetime
  private let lifetime: Lifetime
  private let mapFailure: @Sendable (Failure) -> NewFailure
  private let resolution: TimeoutResolution<Value, NewFailure>

  /// Creates the storage of one subscription; upstream runs in `upstreamLifetime`, a child of `lifetime`.
  init(
    restartsOnValue: Bool,
    interval: Duration,
    downstream: Observer<Value, NewFailure>,
    runtime: TimedOperatorRuntime<Value, Failure>,
    upstreamLifetime: Lifetime,
    lifetime: Lifetime,
    mapFailure: @escaping @Sendable (Failure) -> NewFailure,
    resolution: TimeoutResolution<Value, NewFailure>
  ) {
    machine = OperatorState(TimeoutStateMachine(restartsOnValue: restartsOnValue))
    self.interval = interval
    self.downstream = downstream
    self.runtime = runtime
    self.upstreamLifetime = upstreamLifetime
    self.lifetime = lifetime
    self.mapFailure = mapFailure
    self.resolution = resolution
  }

  /// Starts the first deadline; call before upstream is subscribed.
  func startDeadline() {
    runtime.startTimer(after: interval, generation: TimeoutStateMachine.firstGeneration)
  }

  /// Handles one input, serially.
  func handle(_ input: TimedInput<Value, Failure>) {
    switch input {
    case .upstream(.value(let value)):
      switch machine.value.valueReceived() {
      case .send:
        downstream.send(value)
      case .restartTimerAndSend(let generation):
        runtime.startTimer(after: interval, generation: generation)
        downstream.send(value)
      case .drop:
        break
      }
    case .upstream(.failed(let failure)):
      guard machine.value.terminalReceived() == .cancelTimerAndForward else { return }
      runtime.cancelTimer()
      downstream.fail(mapFailure(failure))
    case .upstream(.completed):
      guard machine.value.terminalReceived() == .cancelTimerAndForward else { return }
      runtime.cancelTimer()
      downstream.complete()
    case .timerFired(let generation):
      guard machine.value.timerFired(generation: generation) == .timeOut else { return }
      upstreamLifetime.dispose()
      switch resolution {
      case .fail(let failure): downstream.fail(failure)
      case .switchTo(let fallback): fallback.start(downstream, in: lifetime)
      }
    }
  }
}
