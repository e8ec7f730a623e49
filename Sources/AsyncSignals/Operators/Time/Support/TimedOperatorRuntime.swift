/// What a time operator's storage handles, one at a time: an upstream event or one of its timers firing.
enum TimedInput<Value: Sendable, Failure: Error>: Sendable {
  /// Upstream sent an event.
  case upstream(Event<Value, Failure>)
  /// The timer started with `generation` fired.
  case timerFired(generation: UInt64)
}

/// The part of a time operator's storage that handles its inputs.
protocol TimedInputHandler<Value, Failure>: Sendable {
  associatedtype Value: Sendable
  associatedtype Failure: Error

  /// Handles one input; calls never overlap and come in the order the inputs arrived.
  func handle(_ input: TimedInput<Value, Failure>)
}

/// One subscription's plumbing shared by the time operators: a serial mailbox and a timer.
///
/// Upstream events and timer firings arrive on different threads. Rather than taking a lock around a state
/// machine and racing to deliver after unlocking (a timer's value could then overtake the completion that
/// follows it), both kinds of input go through one ``InputDelivery`` mailbox, and the operator's storage
/// handles them one at a time inside its delivery. The storage's state machine therefore lives in an
/// ``OperatorState`` (no lock of its own), and everything it sends downstream is serial and ordered.
///
/// ```
///  upstream (child lifetime) ──.upstream(event)──┐
///  scheduler timer ───────────.timerFired(gen)───┴─▶ InputDelivery mailbox ──▶ storage.handle ──▶ downstream
///  Lifetime ──dispose()──▶ mailbox (drops inputs), ScheduledSlot (cancels the timer)
/// ```
///
/// Upstream runs in a child of the subscription's lifetime: its terminal event ends only that child, so an
/// operator that delays completion keeps its timers; the operator's own terminal event reaches the
/// subscriber, which ends the whole subscription.
final class TimedOperatorRuntime<Value: Sendable, Failure: Error>: Sendable {
  /// The scheduler that runs the timers and tells the time.
  let scheduler: any TimedScheduler
  private let timer = ScheduledSlot()
  // Safety: written once, by `start(in:handler:)`, in the subscription's start handler, before upstream is
  // subscribed and before any timer is scheduled, so before any other thread can reach the runtime (they get
  // to it only through upstream's observer or a timer). It is only read afterwards.
  nonisolated(unsafe) private var mailbox: InputDelivery<TimedInput<Value, Failure>>?

  /// Creates the runtime of one subscription.
  init(scheduler: any TimedScheduler) {
    self.scheduler = scheduler
  }

  /// The scheduler's current time.
  var now: SchedulerInstant {
    scheduler.now
  }

  /// Opens the mailbox: from now on `handler` receives every input, serially.
  func start(in lifetime: Lifetime, handler: some TimedInputHandler<Value, Failure>) {
    mailbox = InputDelivery(lifetime: lifetime) { handler.handle($0) }
    lifetime.add(timer)
  }

  /// The observer to subscribe upstream with.
  var upstreamObserver: Observer<Value, Failure> {
    Observer { [self] event in send(.upstream(event)) }
  }

  /// Starts the timer `generation`, `delay` from now, cancelling the previous one.
  func startTimer(after delay: Duration, generation: UInt64) {
    let scheduled = scheduler.schedule(after: delay) { [self] in
      send(.timerFired(generation: generation))
    }
    timer.store(scheduled, generation: generation)
  }

  /// Cancels the pending timer, if any.
  func cancelTimer() {
    timer.cancel()
  }

  private func send(_ input: TimedInput<Value, Failure>) {
    mailbox?.send(input)
  }
}

extension Signal {
  /// Builds a time operator whose storage, made once per subscription, handles upstream events and timer
  /// firings serially (see ``TimedOperatorRuntime``).
  func timed<NewValue, NewFailure, Storage: TimedInputHandler<Value, Failure>>(
    scheduler: some TimedScheduler,
    makeStorage: @escaping @Sendable (Observer<NewValue, NewFailure>, TimedOperatorRuntime<Value, Failure>) -> Storage
  ) -> Signal<NewValue, NewFailure> {
    derived({ downstream, lifetime in
      let runtime = TimedOperatorRuntime<Value, Failure>(scheduler: scheduler)
      runtime.start(in: lifetime, handler: makeStorage(downstream, runtime))
      start(runtime.upstreamObserver, in: lifetime.makeChild())
    })
  }
}
