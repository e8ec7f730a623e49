import Testing

@testable import AsyncSignals

/// The `for await` buffer (`ForAwaitStorageCore`: the ring, its wake-up flags, the overflow and the prelude), the
/// library's own code, run through the interleaving checker: every atomic operation on its words and every
/// acquisition of its lock is a scheduling point (``CheckedSynchronization``), and the consumer and asynchronous
/// senders are Tasks whose jobs run as the checker's threads (``CheckedTaskExecutor``).
///
/// After each run: the consumer took exactly what its policy lets through, in the order it was sent, and ended;
/// no sender is stranded; the buffer holds no suspended side. Bounds as in ``SerialDeliveryInterleavingTests``
/// (`ASYNCSIGNALS_CHECKER_EXTRA_PREEMPTIONS`, `ASYNCSIGNALS_CHECKER_REPORT`); each scenario names operations some
/// run must reach.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ForAwaitInterleavingTests {
  typealias Storage = ForAwaitStorageCore<Int, Never, CheckedSynchronization>

  /// What the threads of one run did, read by its check once every thread returned.
  final class Log: @unchecked Sendable {
    // Safety: written by the checker's threads, which run one at a time and pass the baton by a semaphore (which
    // orders each one's writes before the next one's reads), and read by the check after the run.
    var sent: [Event<Int, Never>] = []
    var received: [Event<Int, Never>] = []
    var consumerEnded = false
    var sendersEnded = 0
    var sender: Task<Void, Never>?
  }

  /// A consumer that takes batches until the end, or until it has `limit` events and leaves (`break`): it
  /// ends the buffer as the loop's iterator does.
  static func consumer<S: ForAwaitSynchronization>(
    _ storage: ForAwaitStorageCore<Int, Never, S>,
    _ log: Log,
    limit: Int = .max
  ) -> @Sendable () -> Void {
    {
      Task(executorPreference: CheckedTaskExecutor()) {
        var batch: [Event<Int, Never>] = []
        taking: while true {
          batch.removeAll(keepingCapacity: true)
          batch = await storage.nextBatch(recycling: batch, isolation: nil)
          guard !batch.isEmpty else { break }
          for event in batch {
            log.received.append(event)
            if event.isTerminal || log.received.count == limit { break taking }
          }
        }
        storage.finish()
        log.consumerEnded = true
      }
    }
  }

  /// A synchronous producer: sends `events` one after the other, each under `serial` if given (the serial
  /// delivery that orders it after another producer's sends), and nothing after a terminal event, as serial
  /// delivery does.
  static func producer<S: ForAwaitSynchronization>(
    _ storage: ForAwaitStorageCore<Int, Never, S>,
    _ log: Log,
    _ events: [Event<Int, Never>],
    serial: CheckedLock? = nil
  ) -> @Sendable () -> Void {
    {
      for event in events {
        let send = {
          guard log.sent.last?.isTerminal != true else { return }
          log.sent.append(event)
          storage.eventReceived(event)
        }
        if let serial { serial.withLock("serial delivery", send) } else { send() }
      }
    }
  }

  /// An asynchronous sender (a signal's async body): waits for room before each value, stops when its Task is
  /// cancelled, and completes.
  static func asyncSender(_ storage: Storage, _ log: Log, values: [Int]) -> @Sendable () -> Void {
    {
      log.sender = Task(executorPreference: CheckedTaskExecutor()) {
        for value in values {
          await storage.waitForRoom()
          if Task.isCancelled { break }
          log.sent.append(.value(value))
          storage.eventReceived(.value(value))
        }
        log.sent.append(.completed)
        storage.eventReceived(.completed)
        log.sendersEnded += 1
      }
    }
  }

  /// A thread that cancels, at any point of the run where nobody holds the buffer's lock: the cancellation and
  /// what it runs (a Task's cancellation handler, which holds the runtime's lock on the Task) form one step.
  static func canceller<S: ForAwaitSynchronization>(
    _ storage: ForAwaitStorageCore<Int, Never, S>,
    _ cancel: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void {
    {
      let lock = ObjectIdentifier(storage)
      CheckedExecution.current?.reach(.init(label: "cancel", lock: lock))
      CheckedExecution.current?.unlocked(lock)
      if let execution = CheckedExecution.current { execution.atomically(cancel) } else { cancel() }
    }
  }

  /// What no run may leave behind: a consumer or a sender still suspended, a side registered in the buffer.
  static func stranded<S: ForAwaitSynchronization>(
    _ storage: ForAwaitStorageCore<Int, Never, S>,
    _ log: Log,
    consumes: Bool = true,
    senders: Int = 0
  ) -> [String] {
    var violations: [String] = []
    if consumes, !log.consumerEnded {
      violations.append("the consumer is stranded: it took \(log.received) of \(log.sent)")
    }
    if log.sendersEnded != senders {
      violations.append("\(senders - log.sendersEnded) asynchronous sender(s) stranded")
    }
    if storage._waitingProducerCount != 0 {
      violations.append("\(storage._waitingProducerCount) sender(s) still registered as waiting")
    }
    return violations
  }

  /// The consumer took exactly what was sent, in order (up to what it took, if it left early).
  static func tookEverythingInOrder(_ log: Log, leftEarly: Bool = false) -> [String] {
    let expected = leftEarly ? Array(log.sent.prefix(log.received.count)) : log.sent
    return log.received == expected ? [] : ["the consumer took \(log.received), sent \(log.sent)"]
  }

  static func checker(preemptionBound: Int?) -> InterleavingChecker {
    SerialDeliveryInterleavingTests.checker(preemptionBound: preemptionBound)
  }
}

// MARK: - The ring and the wake-ups

extension ForAwaitInterleavingTests {
  /// A synchronous producer against a consumer that suspends, is woken, takes batches (the first from the
  /// overflow, then from the ring it allocates) and ends at the completion.
  @Test func aProducerAgainstAConsumerThatSuspendsTakesBatchesAndEnds() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: [
        "compare-and-swap (consumer: set consumerWaiting)", "lock (wake the consumer)",
        "update (consumer: set ringReady)", "update (send: publish)", "lock (take the overflow)",
      ]
    ) {
      let storage = Storage(policy: .unbounded, hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.consumer(storage, log),
        Self.producer(storage, log, [.value(1), .value(2), .value(3), .completed]),
      ]) { Self.tookEverythingInOrder(log) + Self.stranded(storage, log) }
    }
  }

  /// The loop ends while the producer sends, by `break` after two values or by its Task's cancellation, whose
  /// handler ends the buffer from another thread: the producer neither blocks nor fails, the consumer took a
  /// prefix of what was sent, in order, and ended.
  @Test func theConsumerLeavesWhileTheProducerSends() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 2),
      reaching: ["lock (finish)", "update (finish: set finished)", "load (end: produced)"]
    ) {
      let storage = Storage(policy: .unbounded, hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.consumer(storage, log, limit: 2),
        Self.producer(storage, log, [.value(1), .value(2), .value(3), .value(4)]),
        Self.canceller(storage) { storage.finish() },
      ]) { Self.tookEverythingInOrder(log, leftEarly: true) + Self.stranded(storage, log) }
    }
  }
}

// MARK: - Asynchronous senders

extension ForAwaitInterleavingTests {
  /// An asynchronous sender against a loop with room for one value: it waits, the consumer gives slots back and
  /// wakes it, and every value arrives, none dropped.
  @Test func anAsyncSenderAgainstSlotsGivenBack() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 2),
      reaching: [
        "compare-and-swap (sender: set producersWaiting)", "update (give back: released)",
        "lock (wake the senders)",
      ]
    ) {
      let storage = Storage(policy: .bufferingOldest(1), hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.consumer(storage, log),
        Self.asyncSender(storage, log, values: [1, 2, 3]),
      ]) { Self.tookEverythingInOrder(log) + Self.stranded(storage, log, senders: 1) }
    }
  }

  /// The loop ends (its Task cancelled: the handler ends the buffer) while the sender waits for room: the
  /// sender is resumed and finishes.
  @Test func theLoopIsCancelledWhileAnAsyncSenderWaits() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 2),
      reaching: ["compare-and-swap (sender: set producersWaiting)", "lock (finish)"]
    ) {
      let storage = Storage(policy: .bufferingOldest(1), hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.asyncSender(storage, log, values: [1, 2, 3]),
        Self.canceller(storage) { storage.finish() },
      ]) { Self.stranded(storage, log, consumes: false, senders: 1) }
    }
  }

  /// The sender's Task is cancelled while it waits for room, from another thread: its cancellation handler
  /// wakes it, it stops sending and completes, and the consumer takes what it sent.
  @Test func anAsyncSenderIsCancelledWhileItWaits() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 2),
      reaching: ["compare-and-swap (sender: set producersWaiting)", "lock (wake the senders)"]
    ) {
      let storage = Storage(policy: .bufferingOldest(1), hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.asyncSender(storage, log, values: [1, 2, 3]),
        Self.consumer(storage, log),
        Self.canceller(storage) { log.sender?.cancel() },
      ]) { Self.tookEverythingInOrder(log) + Self.stranded(storage, log, senders: 1) }
    }
  }
}

// MARK: - The prelude

extension ForAwaitInterleavingTests {
  /// Another thread sends while the consumer subscribes and its own thread's sends go to the prelude: whoever
  /// closes the prelude owns it, and the consumer takes every event in the order serial delivery sent them.
  ///
  /// The other thread is a Task the subscription starts (as a signal whose body starts work elsewhere does), so
  /// it sends only once the subscription exists.
  @Test func anotherThreadSendsWhileThePreludeCloses() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: [
        "compare-and-swap (subscribe: close the prelude)", "compare-and-swap (send: close the prelude)",
        "lock (send to the overflow)",
      ]
    ) {
      let storage = Storage(policy: .unbounded, hooks: nil)
      let log = Log()
      let serial = CheckedLock()
      let elsewhere = Self.producer(storage, log, [.value(11), .value(12), .completed], serial: serial)
      let here = Self.producer(storage, log, [.value(1), .value(2)], serial: serial)
      let consume = Self.consumer(storage, log)
      return .init(threads: [
        {
          storage.subscribing {
            Task(executorPreference: CheckedTaskExecutor(), operation: elsewhere)
            here()
          }
          consume()
        }
      ]) { Self.tookEverythingInOrder(log) + Self.stranded(storage, log) }
    }
  }
}

// MARK: - Bounded policies

extension ForAwaitInterleavingTests {
  /// `.bufferingNewest(1)` and `.bufferingOldest(1)` against a consumer that suspends and wakes: values arrive
  /// in order, none twice, the completion always, and the policy's end of the sequence is kept (the newest
  /// value, or the oldest).
  @Test(arguments: [BufferingPolicy.bufferingNewest(1), .bufferingOldest(1)])
  func aBoundedBufferKeepsWhatItsPolicySays(policy: BufferingPolicy) {
    let throughTheRing = if case .bufferingOldest = policy { ["update (send: publish)"] } else { [String]() }
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["lock (send to the overflow)"] + throughTheRing
    ) {
      let storage = Storage(policy: policy, hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.consumer(storage, log),
        Self.producer(storage, log, [.value(1), .value(2), .value(3), .completed]),
      ]) {
        var violations = Self.stranded(storage, log)
        let values = log.received.compactMap { event -> Int? in
          if case .value(let value) = event { value } else { nil }
        }
        if values != values.sorted() || Set(values).count != values.count {
          violations.append("values out of order or twice: \(log.received)")
        }
        if log.received.last.map({ $0.isTerminal }) != true {
          violations.append("no completion: \(log.received)")
        }
        switch policy {
        case .bufferingNewest: if values.last != 3 { violations.append("the newest value lost: \(values)") }
        case .bufferingOldest: if values.first != 1 { violations.append("the oldest value lost: \(values)") }
        case .unbounded: break
        }
        return violations
      }
    }
  }
}

// MARK: - A bug put back

extension ForAwaitInterleavingTests {
  /// The lost wake-up, put back: the checker finds the stranded consumer.
  ///
  /// A consumer that announces it waits with a plain `or`, without checking that nothing was published since it
  /// looked, sleeps through the value that the producer published in between (its add saw no flag, so it woke
  /// nobody). The suspended Task of the run that shows it is never resumed (one leaked Task).
  @Test func findsTheLostWakeUpWhenItIsPutBack() {
    let report = Self.checker(preemptionBound: 2).explore {
      let storage = ForAwaitStorageCore<Int, Never, LostWakeUpSynchronization>(policy: .unbounded, hooks: nil)
      let log = Log()
      return .init(threads: [
        Self.consumer(storage, log),
        Self.producer(storage, log, [.value(1), .value(2), .completed]),
      ]) { Self.stranded(storage, log) }
    }
    SerialDeliveryInterleavingTests.print(report, of: Self.checker(preemptionBound: 2))
    let violations = report.counterexample?.violations ?? []
    #expect(violations.contains { $0.contains("the consumer is stranded") }, "\(report)")
  }
}

/// The checker's synchronization with the lost wake-up put back in the consumer's announcement (test only: the
/// library's step is the protocol's default, a compare-and-swap that expects the tail the consumer took).
enum LostWakeUpSynchronization: ForAwaitSynchronization {
  static func willAccessSharedState(_ access: SerialDeliveryAccess, of delivery: AnyObject) {
    CheckedSynchronization.willAccessSharedState(access, of: delivery)
  }

  static func didUnlock(_ delivery: AnyObject) {
    CheckedSynchronization.didUnlock(delivery)
  }

  static var drainBudget: Int { CheckedSynchronization.drainBudget }
  static var reintroducedBugs: SerialDeliveryReintroducedBugs { [] }
  static var consumerSpinLimit: Int { CheckedSynchronization.consumerSpinLimit }

  static func announceConsumerWaiting<Value, Failure>(
    in storage: ForAwaitStorageCore<Value, Failure, Self>
  ) -> Bool {
    typealias Produced = ForAwaitStorageCore<Value, Failure, Self>.Produced
    storage.willAccess(.update("consumer: set consumerWaiting, unchecked"))
    storage.produced.bitwiseOr(Produced.consumerWaiting, ordering: .acquiringAndReleasing)
    return true
  }
}
