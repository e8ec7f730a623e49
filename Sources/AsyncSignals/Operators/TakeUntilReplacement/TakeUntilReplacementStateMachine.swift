/// The states of one `take(untilReplacement:)` subscription: who is forwarded, the receiver or the replacement.
///
/// Pure: it only decides what to do with each event of either input; the operator carries out the action.
/// Inputs arrive serially (see ``TwoInputDelivery``), so it lives in an ``OperatorState`` without a lock.
struct TakeUntilReplacementStateMachine: Sendable {
  private enum State {
    /// The receiver's values are forwarded; the replacement has sent nothing yet.
    case forwardingReceiver
    /// The receiver completed; its completion was swallowed, the replacement has sent nothing yet.
    case waitingForReplacement
    /// The replacement has sent an event; the receiver's subscription has ended.
    case forwardingReplacement
    /// A terminal event went downstream.
    case finished
  }

  /// What to do with the event that was received.
  enum Action: Equatable {
    /// Ignore it.
    case drop
    /// Send it downstream.
    case forward
    /// End the receiver's subscription, then send the event downstream.
    case endReceiverAndForward
    /// Send the terminal event downstream and end the whole subscription.
    case forwardAndFinish
  }

  private var state = State.forwardingReceiver

  /// Creates the machine of a new subscription.
  init() {}

  /// The receiver sent an event.
  mutating func receiverSent(_ kind: EventKind) -> Action {
    switch state {
    case .forwardingReceiver:
      switch kind {
      case .value:
        return .forward
      case .failed:
        state = .finished
        return .forwardAndFinish
      case .completed:
        state = .waitingForReplacement
        return .drop
      }
    case .waitingForReplacement, .forwardingReplacement, .finished:
      return .drop
    }
  }

  /// The replacement sent an event.
  mutating func replacementSent(_ kind: EventKind) -> Action {
    let isTerminal = kind != .value
    switch state {
    case .forwardingReceiver, .waitingForReplacement:
      guard !isTerminal else {
        state = .finished
        return .forwardAndFinish
      }
      state = .forwardingReplacement
      return .endReceiverAndForward
    case .forwardingReplacement:
      guard isTerminal else { return .forward }
      state = .finished
      return .forwardAndFinish
    case .finished:
      return .drop
    }
  }
}
