import Synchronization

/// The buffer between a signal and one `for await` loop: receives pushed events, hands out batches.
///
/// It owns the locked ``ForAwaitStateMachine`` and carries out its actions after unlocking. It is also the
/// subscription's ``Backpressure``: asynchronous senders wait in ``waitForRoom()``.
///
/// ```
///  signal ──events──▶ ForAwaitStorage ◀──nextBatch── ForAwaitConsumer ◀── Signal.AsyncIterator
///                      ▲ referenced by the observer       │ owns the Lifetime; deinit ends it
///                      └ and by the Lifetime (backpressure)
/// ```
/// Why not an actor: every value passes through `eventReceived`, synchronously, from the signal's thread.
///
/// Every transition runs through ``transition(_:)``, which also publishes the machine's ``ForAwaitStateMachine/hasRoom()``
/// in the atomic `room`, so that an asynchronous sender checks for room with one atomic load: no lock round, and
/// no generic code (the check is reached through `any Backpressure`, where it cannot be specialised).
@usableFromInline
final class ForAwaitStorage<Value: Sendable, Failure: Error>: Backpressure {
  @usableFromInline
  typealias Machine = ForAwaitStateMachine<Value, Failure>

  @usableFromInline
  let machine: Locked<Machine>

  /// Keeps the lock (with the machine) and `room` on different cache lines.
  ///
  /// The consumer takes the lock for every batch, and an asynchronous sender on another core reads `room`
  /// before every value. With 64 bytes between them, and `room` stored only when it changes, that read usually
  /// hits the sender's cache (measured on the backpressured async body on two threads; the numbers are in
  /// Docs/Performance.md, "Where the time goes").
  let cacheLinePadding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

  /// Whether an asynchronous sender may send now: `machine.hasRoom()` as of the last transition.
  ///
  /// Written only inside the lock, after a transition that changed it, so stores follow the machine's order.
  /// A sender reads its own sends' effect (same thread); between a read and its send, only another concurrent
  /// sender can fill the buffer, which the check under the lock did not exclude either.
  @usableFromInline
  let room = Atomic(true)

  /// Test hooks called at the steps of a producer's suspension (`nil` outside tests).
  @usableFromInline
  let _hooks: ForAwaitStorageHooks?

  /// Creates the buffer for one loop.
  @usableFromInline
  init(policy: BufferingPolicy) {
    machine = Locked(Machine(policy: policy))
    _hooks = nil
  }

  /// Creates a buffer whose producers call `hooks` as they suspend (tests only).
  init(policy: BufferingPolicy, _hooks hooks: ForAwaitStorageHooks) {
    machine = Locked(Machine(policy: policy))
    _hooks = hooks
  }

  /// Runs one transition of the machine under the lock and publishes whether a sender has room.
  @inlinable
  func transition<Action>(_ body: (inout Machine) -> Action) -> Action {
    machine.withLock { machine in
      let action = body(&machine)
      let hasRoom = machine.hasRoom()
      // Stored only when it changes, so that the line stays shared in the sender's cache (a relaxed load is
      // enough: `room` is only written under this lock).
      if room.load(ordering: .relaxed) != hasRoom {
        room.store(hasRoom, ordering: .releasing)
      }
      return action
    }
  }

  /// Receives one event from the signal.
  @inlinable
  func eventReceived(_ event: Event<Value, Failure>) {
    switch transition({ $0.eventReceived(event) }) {
    case .none:
      break
    case .resumeConsumer(let consumer, let batch):
      consumer.resume(returning: batch)
    case .release(let dropped):
      withExtendedLifetime(dropped) {}
    }
  }

  /// Returns the next batch of events, suspending while none is buffered; an empty batch means the end.
  ///
  /// The caller handles cancellation by calling ``finish()``, which resumes a suspended consumer.
  ///
  /// - Parameters:
  ///   - recycled: The previous batch, emptied, whose storage is reused.
  ///   - isolation: The consumer's isolation, kept while suspended.
  /// - Returns: The buffered events, or an empty batch at the end.
  @inlinable
  func nextBatch(
    recycling recycled: sending Machine.Batch,
    isolation: isolated (any Actor)?
  ) async -> Machine.Batch {
    // Moved into the machine, not copied: a reference left in this frame while the consumer waits below would
    // make the machine's buffer shared, and the next append would copy it (one malloc per batch).
    var handedOver = Optional(consume recycled)
    switch transition({ $0.nextBatchRequested(recycling: handedOver.take() ?? []) }) {
    case .takeBatch(let batch, let producers):
      resume(producers)
      return batch
    case .end:
      return []
    case .suspend(let producers):
      resume(producers)
      return await withUnsafeContinuation(isolation: isolation) { (consumer: Machine.ConsumerContinuation) in
        switch transition({ $0.consumerSuspended(consumer) }) {
        case .wait:
          break
        case .resume(let consumer, let batch):
          consumer.resume(returning: batch)
        }
      }
    }
  }

  /// Ends the buffer; calling it again does nothing.
  ///
  /// The suspended consumer gets an empty batch, waiting producers resume, buffered events are released.
  @inlinable
  func finish() {
    let action = transition { $0.finished() }
    action.consumer?.resume(returning: [])
    resume(action.producers)
    withExtendedLifetime(action.dropped) {}
  }

  /// Whether an asynchronous sender may send now: the consumer has room, or is gone.
  @inlinable
  func hasRoom() -> Bool {
    room.load(ordering: .acquiring)
  }

  /// Suspends an asynchronous sender until the consumer has room, the consumer is gone, or the sender's
  /// Task is cancelled.
  ///
  /// The producer registers first and checks for cancellation after (as `SubjectStorage.waitForSubscribers`
  /// does): a cancellation that lands before the registration is seen by the check, one that lands after it
  /// finds the producer registered and resumes it. Checked the other way round, a cancellation between the check
  /// and the registration found nobody to resume, and the producer waited until the loop made room (issue 25).
  @inlinable
  func waitForRoom() async {
    while !Task.isCancelled, !hasRoom() {
      await withTaskCancellationHandler {
        await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
          defer { _hooks?.producerDidSuspend() }
          _hooks?.producerWillRegister()
          if let resumeNow = transition({ $0.producerSuspended(producer) }) {
            resumeNow.resume()
            return
          }
          _hooks?.producerDidRegister()
          if Task.isCancelled {
            // Every waiting producer is woken to check for itself; this one, unless the cancellation handler
            // has woken it already (then it is no longer registered, and not resumed twice).
            resume(transition { $0.producerCancelled() })
          }
        }
      } onCancel: {
        resume(transition { $0.producerCancelled() })
      }
    }
  }

  @inlinable
  func resume(_ producers: ProducerWaiters) {
    producers.resumeAll()
  }
}
