import TestSupport
import Testing

@testable import AsyncSignals

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `SerialDelivery`, `InputDelivery` and a subject's use of them, the library's own code, run through every
/// interleaving of two or three threads up to a stated bound (``InterleavingChecker``), and checked against the
/// contracts after each run (``DeliveryLog``).
///
/// Each scenario names its bound: `nil` is every interleaving; a number is the most preemptions per
/// interleaving. `ASYNCSIGNALS_CHECKER_EXTRA_PREEMPTIONS=n` adds `n` to every number, for a deeper search than
/// CI's; `ASYNCSIGNALS_CHECKER_REPORT=1` prints how many runs each scenario took. Each scenario also names
/// operations some run must reach, so that a scenario cannot pass by missing the path it is about.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SerialDeliveryInterleavingTests {
  typealias Delivery = SerialDeliveryCore<Int, Never, CheckedSynchronization>

  /// A delivery into a fresh log, owned by its lifetime as in a subscription.
  struct Subscription {
    let log: DeliveryLog
    let lifetime: Lifetime
    let delivery: Delivery

    init(
      log: DeliveryLog = DeliveryLog(),
      executor: (any TaskExecutor)? = nil,
      onValue: (@Sendable (Delivery, DeliveryLog, Int) -> Void)? = nil
    ) {
      self.log = log
      lifetime = Lifetime(preferring: executor)
      let box = DeliveryBox()
      delivery = Delivery(
        downstream: log.observer { [box] value in
          if let onValue, let delivery = box.delivery { onValue(delivery, log, value) }
        },
        lifetime: lifetime
      )
      box.delivery = delivery
      lifetime.add(delivery)
    }

    /// A thread that sends `events` one after the other as `name`.
    func sender(_ name: String, _ events: [Event<Int, Never>]) -> @Sendable () -> Void {
      { [log, delivery] in
        for event in events { log.send(event, as: name, through: delivery.send) }
      }
    }

    /// A thread that runs a synchronous body sending `events`, which owns delivery while it runs.
    func body(_ events: [Event<Int, Never>]) -> @Sendable () -> Void {
      { [log, delivery] in
        delivery.runBody {
          for event in events { log.send(event, as: "the body", through: delivery.send) }
        }
      }
    }

    /// A thread that ends the subscription, as a subscriber's `dispose()` does.
    func disposer() -> @Sendable () -> Void {
      { [log, lifetime] in log.dispose(through: lifetime.dispose) }
    }

    /// The run of `threads`, checked for the contracts and for stranded work.
    func run(_ threads: [@Sendable () -> Void]) -> InterleavingChecker.Run {
      .init(threads: threads) { log.violations() + log.strandedWork(in: delivery, lifetime: lifetime) }
    }
  }

  /// A checker with `preemptionBound`, plus the extra preemptions asked for in the environment.
  static func checker(preemptionBound: Int?) -> InterleavingChecker {
    let extra = getenv("ASYNCSIGNALS_CHECKER_EXTRA_PREEMPTIONS").flatMap { Int(String(cString: $0)) } ?? 0
    return InterleavingChecker(preemptionBound: preemptionBound.map { $0 + extra })
  }

  /// Prints `report` if `ASYNCSIGNALS_CHECKER_REPORT` is set.
  static func print(_ report: InterleavingChecker.Report, of checker: InterleavingChecker) {
    guard getenv("ASYNCSIGNALS_CHECKER_REPORT") != nil else { return }
    let bound = checker.preemptionBound.map(String.init) ?? "none"
    Swift.print("\(Test.current?.name ?? "?"): bound \(bound), \(report)")
  }

  /// Explores `scenario`: expects no violation, a complete search, and every operation of `reaching` performed
  /// by some run.
  static func expectNoViolation(
    _ checker: InterleavingChecker,
    reaching operations: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: () -> InterleavingChecker.Run
  ) {
    let report = checker.explore(scenario)
    print(report, of: checker)
    #expect(report.counterexample == nil, "\(report)", sourceLocation: sourceLocation)
    #expect(report.isComplete, "\(report)", sourceLocation: sourceLocation)
    for operation in operations {
      #expect(report.visited.contains(operation), "no run reached \(operation)", sourceLocation: sourceLocation)
    }
  }
}

// MARK: - Senders, re-entrancy, disposal

extension SerialDeliveryInterleavingTests {
  @Test func threeSendersWithTwoValuesEach() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["compare-and-swap (eventQueued)", "compare-and-swap (drainRoundFinished)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2)]),
        subscription.sender("B", [.value(11), .value(12)]),
        subscription.sender("C", [.value(21), .value(22)]),
      ])
    }
  }

  @Test func twoSendersInEveryInterleaving() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: nil),
      reaching: ["compare-and-swap (eventQueued)", "compare-and-swap (drainRoundFinished)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2)]),
        subscription.sender("B", [.value(11)]),
      ])
    }
  }

  @Test func aCompletionRacingAnotherThreadsSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 5),
      reaching: ["compare-and-swap (terminalArrived)", "compare-and-swap (eventQueued)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2)]),
        subscription.sender("B", [.value(11), .completed]),
      ])
    }
  }

  @Test func aReentrantSendFromTheObserverWhileAnotherThreadSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 5),
      reaching: ["load (deliveryChecked)", "observer receives value(111)"]
    ) {
      let subscription = Subscription { delivery, log, value in
        guard value < 100 else { return }
        log.sendReentrantly(.value(value + 100), causedBy: value, through: delivery.send)
      }
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2)]),
        subscription.sender("B", [.value(11)]),
      ])
    }
  }

  /// The observer ends the stream from inside a delivery (a `take(1)`-like operator sends its completion
  /// re-entrantly) while another thread sends: the completion goes out right after the value that caused it,
  /// and nothing after it; what the other thread queued before it is dropped (Contracts.md rule 6), which the
  /// checker's first run of this scenario reported as "11 (sent by B) was lost" until the rule was written.
  @Test func aReentrantTerminalEventWhileAnotherThreadSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 4),
      reaching: ["observer receives completed", "compare-and-swap (eventQueued)"]
    ) {
      let subscription = Subscription { delivery, log, value in
        guard value == 1 else { return }
        log.sendReentrantly(.completed, causedBy: value, through: delivery.send)
      }
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2)]),
        subscription.sender("B", [.value(11), .value(12)]),
      ])
    }
  }

  @Test func disposalFromAnotherThreadInEveryInterleaving() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: nil),
      reaching: ["compare-and-swap (disposeRequested)", "lock (release)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2), .value(3)]),
        subscription.disposer(),
      ])
    }
  }
}

// MARK: - A synchronous body that owns delivery

extension SerialDeliveryInterleavingTests {
  @Test func aSynchronousBodyWhileAnotherThreadSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 4),
      reaching: ["compare-and-swap (bodyDrainFinished)", "compare-and-swap (bodyReturned)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.body([.value(1), .value(2), .value(3)]),
        subscription.sender("B", [.value(11), .value(12)]),
      ])
    }
  }

  @Test func aSynchronousBodyThatCompletesWhileAnotherThreadSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 4),
      reaching: ["compare-and-swap (terminalArrived)", "compare-and-swap (bodyDrainFinished)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.body([.value(1), .completed]),
        subscription.sender("B", [.value(11), .value(12)]),
      ])
    }
  }

  /// A synchronous body whose observer sends back into the subscription (each value below 100 sends itself plus
  /// 100) while another thread sends: every re-entrant send right after the delivery that made it, the body's
  /// and the other thread's events each in order.
  @Test func aSynchronousBodyWithReentrantSendsWhileAnotherThreadSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: [
        "compare-and-swap (bodyDrainFinished)", "observer receives value(101)", "observer receives value(111)",
      ]
    ) {
      let subscription = Subscription { delivery, log, value in
        guard value < 100 else { return }
        log.sendReentrantly(.value(value + 100), causedBy: value, through: delivery.send)
      }
      return subscription.run([
        subscription.body([.value(1), .value(2)]),
        subscription.sender("B", [.value(11)]),
      ])
    }
  }

  @Test func aSynchronousBodyDisposedFromAnotherThreadWhileAThirdSends() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["compare-and-swap (disposeRequested)", "lock (release)", "compare-and-swap (bodyDrainFinished)"]
    ) {
      let subscription = Subscription()
      return subscription.run([
        subscription.body([.value(1), .value(2), .value(3)]),
        subscription.sender("B", [.value(11)]),
        subscription.disposer(),
      ])
    }
  }
}

// MARK: - The bounded drain

extension SerialDeliveryInterleavingTests {
  /// With a budget of one event, a drain for others hands the rest to a Task, whose job the subscription's
  /// executor (here the checker's) runs as one more thread.
  @Test func aDrainPastItsBudgetHandsTheRestToATaskOnTheSubscriptionsExecutor() {
    var checker = Self.checker(preemptionBound: 3)
    checker.drainBudget = 1
    Self.expectNoViolation(
      checker,
      reaching: ["compare-and-swap (handOffStarted)", "compare-and-swap (drainRoundFinished)"]
    ) {
      let subscription = Subscription(executor: CheckedTaskExecutor())
      return subscription.run([
        subscription.sender("A", [.value(1)]),
        subscription.sender("B", [.value(11), .value(12)]),
        subscription.sender("C", [.value(21)]),
      ])
    }
  }

  /// `dispose()` from a third thread while a drain hands the rest to a Task: no delivery starts after it
  /// returned, the Task finds delivery stopped, and the chain is released.
  @Test func disposalDuringAHandOff() {
    var checker = Self.checker(preemptionBound: 3)
    checker.drainBudget = 1
    Self.expectNoViolation(
      checker,
      reaching: ["compare-and-swap (handOffStarted)", "compare-and-swap (disposeRequested)", "lock (release)"]
    ) {
      let subscription = Subscription(executor: CheckedTaskExecutor())
      return subscription.run([
        subscription.sender("A", [.value(1)]),
        subscription.sender("B", [.value(11), .value(12)]),
        subscription.disposer(),
      ])
    }
  }
}

// MARK: - InputDelivery and subjects

extension SerialDeliveryInterleavingTests {
  /// An operator's mailbox: two upstreams send into its handler while the operator's subscription ends.
  @Test func anInputDeliveryWithTwoInputsWhileTheSubscriptionEnds() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["compare-and-swap (disposeRequested)", "compare-and-swap (eventQueued)"]
    ) {
      let log = DeliveryLog()
      let lifetime = Lifetime()
      let inputs = InputDeliveryCore<Int, CheckedSynchronization>(lifetime: lifetime) { log.deliver(.value($0)) }
      let input: @Sendable (String, [Int]) -> @Sendable () -> Void = { name, values in
        {
          for value in values { log.send(.value(value), as: name, through: { inputs.send($0.value!) }) }
        }
      }
      return .init(
        threads: [input("first", [1, 2]), input("second", [11]), { log.dispose(through: lifetime.dispose) }]
      ) {
        log.violations() + log.strandedWork(in: inputs.delivery, lifetime: lifetime)
      }
    }
  }

  /// A replay subject's engine: two threads send while a third subscribes; the subscriber gets the newest value
  /// sent before it registered, then every later one, with no gap and no duplicate (Contracts.md rule 18).
  @Test func aReplaySubjectSubscribedWhileTwoThreadsSend() {
    Self.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["compare-and-swap (eventQueued)", "observer receives value(11)"]
    ) {
      let storage = SubjectStorageCore<Int, Never, CheckedSynchronization>(history: ReplayBuffer(capacity: 1))
      let reference = DeliveryLog()
      storage.subscribe(reference.observer(), in: Lifetime())
      let late = DeliveryLog()
      let deliveredBeforeSubscribing = UnsynchronizedBox(0)
      let subscribed = UnsynchronizedBox(Int.max)
      let sender: @Sendable (String, [Int]) -> @Sendable () -> Void = { name, values in
        {
          for value in values { reference.send(.value(value), as: name, through: storage.send) }
        }
      }
      let subscriber: @Sendable () -> Void = {
        // A point of its own: a thread runs alone up to its first point, before any other thread's first step.
        InterleavingChecker.yield("subscriber starts")
        deliveredBeforeSubscribing.value = reference.deliveries.count
        storage.subscribe(late.observer(), in: Lifetime())
        subscribed.value = reference.tick()
      }
      return .init(threads: [sender("A", [1, 2]), sender("B", [11]), subscriber]) {
        let history = reference.deliveries.compactMap(\.event.value)
        let received = late.deliveries.compactMap(\.event.value)
        var found = reference.violations() + late.overlapViolations
        found += DeliveryLog.strandedWork(in: storage.delivery, lifetime: storage.delivery.lifetime, ended: false)
        if received != Array(history.suffix(received.count)) {
          found.append("the late subscriber received \(received), not a run ending the history \(history)")
        }
        if received.count > history.count - max(0, deliveredBeforeSubscribing.value - 1) {
          found.append("the late subscriber received \(received), more than the newest value before it subscribed")
        }
        for send in reference.sends where send.started > subscribed.value {
          if let value = send.event.value, !received.contains(value) {
            found.append("the late subscriber missed \(value), sent after it subscribed")
          }
        }
        return found
      }
    }
  }
}

// MARK: - The bugs of the delivery's history

/// The checker finds the two ordering bugs fixed in the delivery's history when they are put back
/// (``SerialDeliveryReintroducedBugs``); each showed in about one of 30–40 loaded runs of the TSan stress suite.
extension SerialDeliveryInterleavingTests {
  /// ee4aa2a: a drain took an uncounted event in place of the body's counted one, and the body's next send
  /// overtook it ("the body's value 629 arrived after 630...754").
  @Test func findsTheBugFixedInEe4aa2aWhenItIsPutBack() {
    var checker = Self.checker(preemptionBound: 3)
    checker.reintroducedBugs = [.countsQueuedSendsAfterUnlocking]
    let report = checker.explore {
      let subscription = Subscription(log: DeliveryLog(checksRealTimeOrder: false))
      return subscription.run([
        subscription.body([.value(1), .value(2), .value(3)]),
        subscription.sender("B", [.value(11), .value(12)]),
      ])
    }
    Self.print(report, of: checker)
    let violations = report.counterexample?.violations ?? []
    #expect(violations.contains { $0.contains("(sent by the body) overtook") }, "\(report)")
  }

  /// ba964f5: with ee4aa2a's guard on the body's path, another sender's next send still overtook its queued one
  /// ("thread 7's 70006 after 70007"); the guard keeps the body's own events in order.
  @Test func findsTheBugFixedInBa964f5WhenItIsPutBack() {
    var checker = Self.checker(preemptionBound: 3)
    checker.reintroducedBugs = [.countsQueuedSendsAfterUnlocking, .bodyChecksTheQueueBeforeDelivering]
    let senders = checker.explore {
      let subscription = Subscription(log: DeliveryLog(checksRealTimeOrder: false))
      return subscription.run([
        subscription.sender("A", [.value(1), .value(2)]),
        subscription.sender("B", [.value(11), .value(12)]),
        subscription.sender("C", [.value(21), .value(22)]),
      ])
    }
    Self.print(senders, of: checker)
    let violations = senders.counterexample?.violations ?? []
    #expect(violations.contains { $0.contains("overtook") && !$0.contains("the body") }, "\(senders)")
    let body = checker.explore {
      let subscription = Subscription(log: DeliveryLog(checksRealTimeOrder: false))
      return subscription.run([
        subscription.body([.value(1), .value(2), .value(3)]),
        subscription.sender("B", [.value(11), .value(12)]),
      ])
    }
    #expect(body.counterexample == nil, "\(body)")
  }
}

/// The delivery a scenario's observer sends into, set once the delivery exists.
final class DeliveryBox: @unchecked Sendable {
  // Safety: set on the test's thread before the run starts, and only read during it.
  var delivery: SerialDeliveryInterleavingTests.Delivery?
}
