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
@usableFromInline
final class ForAwaitStorage<Value: Sendable, Failure: Error>: Backpressure {
  @usableFromInline
  typealias Machine = ForAwaitStateMachine<Value, Failure>

  @usableFromInline
  let machine: Locked<Machine>

  /// Creates the buffer for one loop.
  @usableFromInline
  init(policy: BufferingPolicy) {
    machine = Locked(Machine(policy: policy))
  }

  /// Receives one event from the signal.
  @inlinable
  func eventReceived(_ event: Event<Value, Failure>) {
    switch machine.withLock({ $0.eventReceived(event) }) {
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
    switch machine.withLock({ $0.nextBatchRequested(recycling: recycled) }) {
    case .takeBatch(let batch, let producers):
      resume(producers)
      return batch
    case .end:
      return []
    case .suspend(let producers):
      resume(producers)
      return await withUnsafeContinuation(isolation: isolation) { (consumer: Machine.ConsumerContinuation) in
        switch machine.withLock({ $0.consumerSuspended(consumer) }) {
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
    let action = machine.withLock { $0.finished() }
    action.consumer?.resume(returning: [])
    resume(action.producers)
    withExtendedLifetime(action.dropped) {}
  }

  /// Whether an asynchronous sender may send now: the consumer has room, or is gone.
  @inlinable
  func hasRoom() -> Bool {
    machine.withLock { $0.hasRoom() }
  }

  /// Suspends an asynchronous sender until the consumer has room, the consumer is gone, or the sender's
  /// Task is cancelled.
  @inlinable
  func waitForRoom() async {
    while !Task.isCancelled, !hasRoom() {
      await withTaskCancellationHandler {
        await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
          if Task.isCancelled {
            producer.resume()
          } else {
            machine.withLock { $0.producerSuspended(producer) }?.resume()
          }
        }
      } onCancel: {
        resume(machine.withLock { $0.producerCancelled() })
      }
    }
  }

  @inlinable
  func resume(_ producers: [Machine.ProducerContinuation]) {
    for producer in producers {
      producer.resume()
    }
  }
}
