/// The shared engine of every subject: registers subscribers, serialises sends, delivers and replays.
///
/// Policy for concurrency and re-entrancy: one thread delivers at a time. A send or a subscription that
/// arrives while another thread delivers, or from inside a subscriber, is queued and returns at once; the
/// delivering thread runs it next, in arrival order. Nobody blocks and no lock is held while an observer runs.
/// Each subscriber therefore receives events serially, in the grammar `value* (failed | completed)?`.
///
/// Every operation (a send, a subscription, the removal of an ended one) goes through one ``SerialDelivery``,
/// the same serialisation a signal's body sends through, and runs in ``SubjectEngine``: a send that finds
/// nobody delivering costs two atomic operations and no lock round.
///
/// ```
///  subject ──send──▶ SubjectStorage ──▶ SerialDelivery<Operation> ──▶ SubjectEngine ──▶ observer chains
///  Lifetime of each subscriber ── onDispose: deactivate, then a removal operation (weak reference back)
/// ```
@usableFromInline
typealias SubjectStorage<Value: Sendable, Failure: Error> = SubjectStorageCore<Value, Failure, SystemSynchronization>

/// ``SubjectStorage`` over the atomics and lock of `Synchronization` (see ``SerialDeliverySynchronization``).
@usableFromInline
final class SubjectStorageCore<Value: Sendable, Failure: Error, Synchronization: SerialDeliverySynchronization>:
  Sendable
{
  @usableFromInline
  typealias Machine = SubjectStateMachine<Value, Failure>

  @usableFromInline
  let engine: SubjectEngine<Value, Failure>
  /// Runs the engine's operations one at a time.
  ///
  /// Its lifetime never ends: a subject's end is a terminal operation, not the end of this delivery.
  @usableFromInline
  let delivery: SerialDeliveryCore<Machine.Operation, Never, Synchronization>
  /// Lets one `sendWhenReady` at a time check for room and send, so that two cannot fill the same last place.
  @usableFromInline
  let sendTurns = Locked(SendTurns<UnsafeContinuation<Bool, Never>>())

  /// Creates the engine; new subscribers replay `history`.
  ///
  /// `CurrentValueSubject` asks for the newest value to be readable from any thread (``latestValue``).
  ///
  /// Inlinable, like the subjects' initialisers, so that the delivery's observer, which runs every operation, is
  /// specialised where the subject is made: made here in generic code, it ran each send unspecialised, ten
  /// times slower.
  @inlinable
  init(history: ReplayBuffer<Value>, publishesLatestValue: Bool = false) {
    let engine = SubjectEngine<Value, Failure>(history: history, publishesLatestValue: publishesLatestValue)
    self.engine = engine
    delivery = SerialDeliveryCore(
      downstream: Observer { event in
        if case .value(let operation) = event {
          engine.run(operation)
        }
      },
      lifetime: Lifetime()
    )
  }

  /// A signal whose subscriptions register with this subject.
  var signal: Signal<Value, Failure> {
    Signal.unserialized({ [self] observer, lifetime in subscribe(observer, in: lifetime) })
  }

  /// The newest value a subscriber would replay, if this storage publishes it.
  var latestValue: Value? {
    engine.latest.withLock { $0 }
  }

  /// The number of registered subscribers.
  var subscriberCount: Int {
    engine.published.withLock { $0.count }
  }

  /// Returns once at least `count` subscribers are registered, the subject has ended, or the Task is cancelled.
  func waitForSubscribers(_ count: Int) async {
    let id = Locked<UInt64?>(nil)
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let waits = engine.published.withLock { published in
          guard
            let added = published.waiters.add(
              awaiting: count,
              current: published.count,
              continuation
            )
          else { return false }
          id.withLock { $0 = added }
          return true
        }
        guard waits else {
          continuation.resume()
          return
        }
        // A cancellation that ran before the waiter was added found nothing to resume: handle it here.
        if Task.isCancelled {
          stopWaiting(id)
        }
      }
    } onCancel: {
      stopWaiting(id)
    }
  }

  /// Resumes the waiter `id` holds, if it still waits (its Task was cancelled).
  private func stopWaiting(_ id: borrowing Locked<UInt64?>) {
    guard let added = id.withLock({ $0 }) else { return }
    engine.published.withLock { $0.waiters.cancel(id: added) }?.resume()
  }

  /// Sends `event` to the current subscribers, or queues it behind the delivery in progress.
  ///
  /// Forced inline, with `Subject.send(_:)` and `send(event:)` that lead here: the caller's loop then holds the
  /// whole send. As a call, `sync pipeline/AsyncSignals subject` took 306 instead of 287 instructions per event,
  /// and `scaling/fan-out 1 subscribers` about 3 ns more (callgrind and the benchmarks, issue 27).
  @inlinable
  @inline(__always)
  func send(_ event: Event<Value, Failure>) {
    delivery.sendFromAnyThread(.value(.send(event)))
  }

  /// Sends `value` once every `for await` subscriber registered now has room for it.
  ///
  /// Senders take turns (``SendTurns``): two that checked the same loop at once could both see its last free
  /// place, and a bounded loop would drop one of the two values. What the turns cannot order is a send made
  /// by other means meanwhile (a synchronous `send`, which never waits), or a send queued behind another
  /// thread's delivery, which lands after the next sender's check.
  @inlinable
  func sendWhenReady(_ value: Value) async {
    let hasTurn = await enterSendTurn()
    defer {
      if hasTurn { leaveSendTurn() }
    }
    let subscribers = engine.published.withLock { $0.paced.entries }
    var start = 0
    // Checked synchronously first, without retaining anyone: a loop with room costs no suspension point.
    while let full = Self.indexOfFirstFullBuffer(in: subscribers, from: start) {
      if let backpressure = subscribers[full].backpressure {
        await backpressure.waitForRoom()
      }
      start = full + 1
    }
    send(.value(value))
  }

  /// Waits for this sender's turn; returns whether it has it (`false`: cancelled while it waited).
  @inlinable
  func enterSendTurn() async -> Bool {
    // The common case, nobody else sending, takes one lock round and no suspension.
    if sendTurns.withLock({ $0.enter() }) { return true }
    let id = Locked<UInt64?>(nil)
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
        let waits = sendTurns.withLock { turns in
          guard let added = turns.enter(waiting: continuation) else { return false }
          id.withLock { $0 = added }
          return true
        }
        guard waits else {
          continuation.resume(returning: true)
          return
        }
        // Registered first, then checked: a cancellation that ran before found nothing to resume.
        if Task.isCancelled {
          leaveSendTurnLine(id)
        }
      }
    } onCancel: {
      leaveSendTurnLine(id)
    }
  }

  /// Resumes the waiting sender `id` holds without a turn, if it still waits (its Task was cancelled).
  @usableFromInline
  func leaveSendTurnLine(_ id: borrowing Locked<UInt64?>) {
    guard let added = id.withLock({ $0 }) else { return }
    sendTurns.withLock { $0.cancel(id: added) }?.resume(returning: false)
  }

  /// Ends this sender's turn, handing it to the next waiting sender.
  @inlinable
  func leaveSendTurn() {
    sendTurns.withLock { $0.leave() }?.resume(returning: true)
  }

  /// Registers `observer` for the subscription `lifetime`, replaying the history to it first.
  func subscribe(_ observer: Observer<Value, Failure>, in lifetime: Lifetime) {
    let subscriber = SubjectSubscriber(observer: observer, backpressure: lifetime.backpressure)
    lifetime.onDispose { [weak self] in
      // Skipped from now on, even by a delivery in progress; forgotten by the next operation.
      subscriber.deactivate()
      self?.delivery.send(.value(.remove(subscriber)))
    }
    delivery.send(.value(.subscribe(subscriber)))
  }

  /// The index of the first active subscriber at or after `start` whose `for await` buffer has no room, if any.
  @inlinable
  static func indexOfFirstFullBuffer(
    in subscribers: ContiguousArray<Machine.Subscriber>,
    from start: Int
  ) -> Int? {
    SubjectEngine.forEachUnretained(in: subscribers, from: start) { subscriber in
      !subscriber.isActive || subscriber.backpressure?.hasRoom() != false
    }
  }
}
