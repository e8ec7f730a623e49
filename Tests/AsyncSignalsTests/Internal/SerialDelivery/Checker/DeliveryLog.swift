@testable import AsyncSignals

/// What a scenario's threads sent and what its observer received, in the order one run performed them, and the
/// contracts of `SerialDelivery` checked against it.
///
/// Every entry carries a tick of one clock: only one logical thread runs at a time, so the ticks order what
/// happened. Values must be unique within a scenario.
final class DeliveryLog: @unchecked Sendable {
  // Safety: only the logical thread holding the run's baton touches the log, and the check reads it after every
  // thread returned; the baton passes by semaphores, which order each holder's accesses before the next one's.

  /// One send.
  struct Send {
    /// Who sent it: a thread's name, or the value whose delivery sent it re-entrantly.
    var sender: String
    /// The event.
    var event: Event<Int, Never>
    /// When the send started and returned.
    var started: Int
    var returned: Int?
    /// For a re-entrant send, the value during whose delivery it was sent.
    var cause: Int?
  }

  /// Whether a send from outside the observer must be delivered before any such send that started after it returned.
  ///
  /// That is linearizability. The contracts promise it only for the sends of one thread (rule 5), which is all
  /// the tests of the delivery's history check.
  let checksRealTimeOrder: Bool

  private var now = 0
  private(set) var sends: [Send] = []
  /// Each event delivered, with the tick at which its observer started.
  private(set) var deliveries: [(event: Event<Int, Never>, at: Int)] = []
  private var delivering: Int?
  private var overlaps: [String] = []
  /// When `dispose()` returned, if it was called.
  private(set) var disposeReturned: Int?
  /// When `dispose()` was called.
  private(set) var disposeStarted: Int?

  init(checksRealTimeOrder: Bool = true) {
    self.checksRealTimeOrder = checksRealTimeOrder
  }

  /// Advances the clock and returns it: the moment of something the scenario wants to compare.
  func tick() -> Int {
    now += 1
    return now
  }

  /// Sends `event` as `sender` through `send`, recording when the send started and returned.
  func send(_ event: Event<Int, Never>, as sender: String, through send: (Event<Int, Never>) -> Void) {
    let index = sends.count
    sends.append(Send(sender: sender, event: event, started: tick(), returned: nil, cause: nil))
    send(event)
    sends[index].returned = tick()
  }

  /// Sends `event` re-entrantly, from inside the delivery of `cause`.
  func sendReentrantly(_ event: Event<Int, Never>, causedBy cause: Int, through send: (Event<Int, Never>) -> Void) {
    let index = sends.count
    sends.append(Send(sender: "inside \(cause)", event: event, started: tick(), returned: nil, cause: cause))
    send(event)
    sends[index].returned = tick()
  }

  /// Calls `dispose`, recording when it started and returned.
  func dispose(through dispose: () -> Void) {
    disposeStarted = tick()
    dispose()
    disposeReturned = tick()
  }

  /// Records the delivery of `event`; `inside` runs during the delivery, after a scheduling point at which
  /// another thread may try to deliver too.
  func deliver(_ event: Event<Int, Never>, inside: (() -> Void)? = nil) {
    if let delivering { overlaps.append("\(event) was delivered during \(delivering)'s delivery") }
    let marker = deliveries.count
    delivering = marker
    deliveries.append((event, tick()))
    InterleavingChecker.yield("observer receives \(event)")
    inside?()
    delivering = nil
  }

  /// An observer that records what it receives; `onValue` runs inside each value's delivery.
  func observer(onValue: (@Sendable (Int) -> Void)? = nil) -> Observer<Int, Never> {
    Observer { [self] event in
      deliver(event) {
        if let onValue, case .value(let value) = event { onValue(value) }
      }
    }
  }
}

extension DeliveryLog {
  /// The deliveries that started during another one.
  var overlapViolations: [String] { overlaps }

  /// The violations of the contracts (Docs/Contracts.md rules 2, 3, 5 and 6) in what was logged.
  ///
  /// - serial: no delivery started during another;
  /// - nothing is delivered that was not sent, nor twice, nor after a terminal event;
  /// - each sender's events arrive in the order it sent them, and of two sends from outside the observer, one that
  ///   returned before the other started is delivered first;
  /// - a re-entrant send is delivered right after the delivery it was sent from;
  /// - nothing is lost: every send that returned before a terminal event was sent, or before the end if there is
  ///   none, is delivered, unless `dispose()` was called or the terminal event was sent re-entrantly (which
  ///   drops what other threads queued; it must follow its cause at once);
  /// - no delivery starts after `dispose()` returned.
  func violations() -> [String] {
    var found = overlaps
    var position: [Int: Int] = [:]
    for (index, delivery) in deliveries.enumerated() {
      guard let value = delivery.event.value else { continue }
      if position[value] != nil { found.append("\(value) was delivered twice") }
      position[value] = index
      if !sends.contains(where: { $0.event.value == value }) { found.append("\(value) was delivered, never sent") }
    }
    if let end = deliveries.firstIndex(where: { $0.event.isTerminal }), end != deliveries.count - 1 {
      found.append("\(deliveries[(end + 1)...].map(\.event)) were delivered after \(deliveries[end].event)")
    }
    let values = sends.filter { $0.event.value != nil }
    for first in values {
      for second in values where first.started < second.started {
        guard let a = first.event.value, let b = second.event.value, let at = position[a], let bt = position[b]
        else { continue }
        let sameSender = first.sender == second.sender
        let realTime =
          checksRealTimeOrder && first.cause == nil && second.cause == nil
          && (first.returned ?? .max) < second.started
        if (sameSender || realTime) && bt < at {
          found.append("\(b) (sent by \(second.sender)) overtook \(a) (sent by \(first.sender))")
        }
      }
    }
    for send in values {
      guard let cause = send.cause, let value = send.event.value, let at = position[value],
        let causeAt = position[cause]
      else { continue }
      if at != causeAt + 1 {
        found.append("\(value), sent inside \(cause)'s delivery, was not delivered right after it")
      }
    }
    if disposeStarted == nil {
      let terminal = sends.first { $0.event.isTerminal }
      // A re-entrant terminal event ends the stream right after the delivery that caused it (Contracts.md rule
      // 6): what other threads queued before it and was not delivered yet is dropped, not lost.
      if terminal?.cause == nil {
        for send in values where (send.returned ?? .max) < (terminal?.started ?? .max) {
          if let value = send.event.value, position[value] == nil {
            found.append("\(value) (sent by \(send.sender)) was lost")
          }
        }
      }
      if let terminal, deliveries.last?.event != terminal.event {
        found.append("the terminal event \(terminal.event) was lost")
      }
      if let terminal, let cause = terminal.cause, let causeAt = position[cause],
        deliveries.firstIndex(where: { $0.event == terminal.event }) != causeAt + 1
      {
        found.append("\(terminal.event), sent inside \(cause)'s delivery, was not delivered right after it")
      }
    }
    if let disposeReturned {
      for delivery in deliveries where delivery.at > disposeReturned {
        found.append("\(delivery.event) was delivered after dispose() returned")
      }
    }
    return found
  }

  /// What is left in `delivery` once every thread returned: nothing must be stranded.
  ///
  /// Delivery is idle, or stopped and released; no event waits in either queue; the lifetime ended exactly when
  /// a terminal event went out or `dispose()` was called.
  func strandedWork<Value, Failure>(
    in delivery: SerialDeliveryCore<Value, Failure, CheckedSynchronization>,
    lifetime: Lifetime
  ) -> [String] {
    let ended = deliveries.contains { $0.event.isTerminal } || disposeStarted != nil
    return Self.strandedWork(in: delivery, lifetime: lifetime, ended: ended)
  }

  /// What is left in `delivery`, whose `lifetime` should have ended if `ended`.
  static func strandedWork<Value, Failure>(
    in delivery: SerialDeliveryCore<Value, Failure, CheckedSynchronization>,
    lifetime: Lifetime,
    ended: Bool
  ) -> [String] {
    var found: [String] = []
    let state = SerialDeliveryStateMachine(encoded: delivery.state.load(ordering: .acquiring)).state
    switch state {
    case .idle:
      if delivery.downstream == nil { found.append("delivery is idle without its observer chain") }
    case .stopped:
      if delivery.downstream != nil { found.append("delivery stopped without releasing its observer chain") }
    case .owned, .stopping:
      found.append("delivery was left \(state)")
    }
    if !delivery.pending.isEmpty { found.append("\(delivery.pending.count) events were stranded in the queue") }
    if !delivery.reentrant.isEmpty { found.append("\(delivery.reentrant.count) re-entrant events were stranded") }
    if lifetime.isDisposed != ended {
      found.append(ended ? "the lifetime did not end" : "the lifetime ended without a terminal event or disposal")
    }
    return found
  }
}
