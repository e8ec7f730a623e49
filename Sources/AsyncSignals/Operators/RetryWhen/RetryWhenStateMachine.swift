/// The states of one ``Signal/retry(when:)`` subscription: whether an attempt runs or waits for the trigger, whether
/// the trigger still allows retries, and whether a subscription call is running.
///
/// Attempts are subscribed in a loop (a trampoline), as in ``ResubscribeStateMachine``: a trigger value that
/// arrives while a subscription call runs (an attempt that failed synchronously, and a trigger that answered
/// synchronously) only asks for another round, which the loop runs once the call returned. Pure: the storage
/// subscribes, reports failures to the trigger's input and sends downstream.
struct RetryWhenStateMachine<Failure: Error> {
  private enum State {
    /// An attempt runs. `triggerEnded` tells that the trigger completed: the attempt is the last one.
    case attempting(triggerEnded: Bool)
    /// The last attempt failed with `failure`, which went to the trigger's input; a trigger value starts the next
    /// attempt, the trigger's completion fails the result with `failure`.
    case waiting(failure: Failure)
    /// A terminal event went downstream; every further input is ignored.
    case finished
  }

  /// Where the subscription loop is.
  private enum Loop {
    /// No subscription call is running; the next attempt starts a loop.
    case idle
    /// The loop is inside a subscription call.
    case subscribing
    /// The loop is inside a subscription call and the trigger asked for the next attempt: subscribe again when the
    /// call returns.
    case subscribingAgain
  }

  /// What to do after an attempt failed.
  enum AttemptFailedAction {
    /// Send the failure to the trigger's input, and wait for the trigger.
    case reportFailure(Failure)
    /// Fail the result with the failure: the trigger has completed.
    case fail(Failure)
    /// Nothing: the result has ended.
    case none
  }

  /// What to do after the trigger sent a value.
  enum TriggerSentAction: Equatable {
    /// Run the subscription loop now: no subscription call is running.
    case startLoop
    /// Nothing: the running loop subscribes the next attempt when its call returns, or no attempt failed.
    case none
  }

  /// What to do after the trigger completed.
  enum TriggerCompletedAction {
    /// Fail the result with the failure of the last attempt.
    case fail(Failure)
    /// Nothing: the running attempt is the last one, or the result has ended.
    case none
  }

  private var state = State.attempting(triggerEnded: false)
  private var loop = Loop.subscribing

  /// Creates the machine of a new subscription, about to subscribe its first attempt.
  init() {}

  /// The running attempt failed with `failure`.
  mutating func attemptFailed(_ failure: Failure) -> AttemptFailedAction {
    switch state {
    case .attempting(triggerEnded: false):
      state = .waiting(failure: failure)
      return .reportFailure(failure)
    case .attempting(triggerEnded: true):
      state = .finished
      return .fail(failure)
    case .waiting, .finished:
      return .none
    }
  }

  /// The running attempt completed; returns whether to complete the result.
  mutating func attemptCompleted() -> Bool {
    switch state {
    case .attempting:
      state = .finished
      return true
    case .waiting, .finished:
      return false
    }
  }

  /// The trigger sent a value: after a failure, the next attempt starts; otherwise the value is ignored.
  mutating func triggerSent() -> TriggerSentAction {
    guard case .waiting = state else { return .none }
    state = .attempting(triggerEnded: false)
    switch loop {
    case .idle:
      loop = .subscribing
      return .startLoop
    case .subscribing:
      loop = .subscribingAgain
      return .none
    case .subscribingAgain:
      preconditionFailure("RetryWhen: internal inconsistency, \(loop) received a second trigger value")
    }
  }

  /// The trigger completed: no attempt starts any more.
  mutating func triggerCompleted() -> TriggerCompletedAction {
    switch state {
    case .attempting(triggerEnded: false):
      state = .attempting(triggerEnded: true)
      return .none
    case .waiting(let failure):
      state = .finished
      return .fail(failure)
    case .attempting(triggerEnded: true), .finished:
      return .none
    }
  }

  /// A subscription call returned; returns whether to subscribe the next attempt at once.
  mutating func subscriptionReturned() -> Bool {
    switch loop {
    case .subscribing:
      loop = .idle
      return false
    case .subscribingAgain:
      loop = .subscribing
      return true
    case .idle:
      preconditionFailure("RetryWhen: internal inconsistency, \(loop) received a returning subscription")
    }
  }
}
