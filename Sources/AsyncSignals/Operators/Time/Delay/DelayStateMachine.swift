/// The states of one ``Signal/delay(for:scheduler:)`` subscription.
///
/// One timer at a time is armed, for the head of the queue; when it fires, every event that is due goes out
/// and the timer is re-armed for the new head. Pure: the current time is passed in.
struct DelayStateMachine<Value: Sendable, Failure: Error> {
  /// An event waiting for its due time.
  struct Pending {
    /// When it goes out.
    var due: SchedulerInstant
    /// The value or completion.
    var event: Event<Value, Failure>
  }

  private enum State {
    /// Events wait in `pending`, in order; `isTimerArmed` tells whether a timer runs for the head.
    case delaying(pending: PendingQueue, isTimerArmed: Bool)
    /// A terminal event was sent downstream, or a failure went out: nothing more.
    case finished
    /// Transient placeholder while `pending` is mutated in place.
    case modifying
  }

  /// What to do after ``eventReceived(_:now:)``.
  enum EventReceivedAction {
    /// Arm the timer `after` from now, with `generation`.
    case startTimer(after: Duration, generation: UInt64)
    /// Cancel the timer and send `failure` at once.
    case cancelTimerAndFail(Failure)
    /// Nothing: the armed timer will get to it, or the stream is over.
    case none
  }

  /// What to do after ``timerFired(generation:now:)``.
  enum TimerFiredAction {
    /// Send `events` in order, then re-arm the timer if `next` is set.
    case send([Event<Value, Failure>], next: (after: Duration, generation: UInt64)?)
    /// Nothing: a stale timer.
    case none
  }

  private let interval: Duration
  private var state = State.delaying(pending: PendingQueue(), isTimerArmed: false)
  private var generation: UInt64 = 0

  /// Creates a machine that holds events for `interval`.
  init(interval: Duration) {
    self.interval = interval
  }

  /// Upstream sent `event` at `now`.
  mutating func eventReceived(_ event: Event<Value, Failure>, now: SchedulerInstant) -> EventReceivedAction {
    switch state {
    case .delaying(var pending, let isTimerArmed):
      if case .failed(let failure) = event {
        state = .finished
        return .cancelTimerAndFail(failure)
      }
      state = .modifying
      pending.append(Pending(due: now.advanced(by: interval), event: event))
      state = .delaying(pending: pending, isTimerArmed: true)
      guard !isTimerArmed else { return .none }
      generation += 1
      return .startTimer(after: interval, generation: generation)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("Delay: internal inconsistency, \(state) received eventReceived")
    }
  }

  /// The timer `generation` fired at `now`.
  mutating func timerFired(generation fired: UInt64, now: SchedulerInstant) -> TimerFiredAction {
    switch state {
    case .delaying(var pending, true) where fired == generation:
      state = .modifying
      var due: [Event<Value, Failure>] = []
      while let head = pending.head, head.due <= now {
        _ = pending.popFirst()
        due.append(head.event)
        if head.event.isTerminal {
          state = .finished
          return .send(due, next: nil)
        }
      }
      // What is left is not due yet (a real timer may fire a little early): re-arm for the new head.
      guard let head = pending.head else {
        state = .delaying(pending: pending, isTimerArmed: false)
        return .send(due, next: nil)
      }
      state = .delaying(pending: pending, isTimerArmed: true)
      generation += 1
      return .send(due, next: (after: now.duration(to: head.due), generation: generation))
    case .delaying, .finished:
      return .none
    case .modifying:
      preconditionFailure("Delay: internal inconsistency, \(state) received timerFired")
    }
  }

  /// A queue of pending events whose first element can be read without removing it.
  struct PendingQueue {
    /// The first element, kept out of `rest` once peeked.
    private(set) var head: Pending?
    private var rest = Queue<Pending>()

    /// Adds an event at the back.
    mutating func append(_ pending: Pending) {
      if head == nil, rest.isEmpty {
        head = pending
      } else {
        rest.append(pending)
      }
    }

    /// Removes and returns the first event.
    mutating func popFirst() -> Pending? {
      defer { head = rest.popFirst() }
      return head
    }
  }
}
