import Synchronization

/// One `for await` loop's hold on its subscription: subscribes on the first batch, ends it on deinit.
///
/// Only the iterator references it, so its `deinit` runs when the loop is left (by `break`, `return`, a
/// thrown error or the end of the stream) and disposes the subscription.
@usableFromInline
final class ForAwaitConsumer<Value: Sendable, Failure: Error>: Sendable {
  @usableFromInline
  let signal: Signal<Value, Failure>
  @usableFromInline
  let storage: ForAwaitStorage<Value, Failure>
  @usableFromInline
  let lifetime: Lifetime
  @usableFromInline
  let started = Locked(false)
  /// Whether ``cancel()`` ran: the loop's end calls it from the caller's (specialised) code, so that `deinit`,
  /// compiled generic, need not.
  @usableFromInline
  let cancelled = Atomic<Bool>(false)

  /// Creates the consumer of `signal`; nothing is subscribed yet.
  ///
  /// Inlinable, so that the caller's module specialises it and the buffer's init (see `ForAwaitStorage`).
  @inlinable
  init(_ signal: Signal<Value, Failure>) {
    self.signal = signal
    storage = ForAwaitStorage(policy: signal.asyncBufferingPolicy)
    lifetime = Lifetime(backpressure: storage)
  }

  deinit {
    if !cancelled.load(ordering: .acquiring) { cancel() }
  }

  /// Ends the subscription: the loop ended, its Task was cancelled, or the loop is gone.
  ///
  /// Inlinable: called at the loop's end from the caller's code, specialised there. Compiled generic (from
  /// `deinit`), ending the buffer looked up its types' metadata per subscription, a sixth of
  /// `churn/AsyncSignals for await`.
  @inlinable
  func cancel() {
    cancelled.store(true, ordering: .releasing)
    storage.finish()
    lifetime.dispose()
  }

  /// Returns the next batch of events; an empty batch ends the iteration.
  ///
  /// Subscribes on the first call.
  @inlinable
  func nextBatch(
    recycling recycled: sending [Event<Value, Failure>],
    isolation: isolated (any Actor)?
  ) async -> [Event<Value, Failure>] {
    if started.withLock({ started in
      defer { started = true }
      return !started
    }) {
      guard !Task.isCancelled else { return [] }
      let storage = storage
      storage.subscribing { signal.subscribe(Observer { storage.eventReceived($0) }, in: lifetime) }
    }
    // Handed over through an optional the closure empties, so that no reference stays here while the loop
    // waits: the buffer must be unique for the signal to append to it without copying it.
    var handedOver = Optional(consume recycled)
    return await withTaskCancellationHandler {
      await storage.nextBatch(recycling: handedOver.take() ?? [], isolation: isolation)
    } onCancel: { [storage, lifetime] in
      storage.finish()
      lifetime.dispose()
    }
  }
}
