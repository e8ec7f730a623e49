/// The states of the buffer between a pushing signal and one pulling `for await` loop.
///
/// Events arrive one at a time (``eventReceived(_:)``); the consumer takes everything buffered at once as a
/// batch (``nextBatchRequested(recycling:)``), so one resume of the consumer covers many values. Values of the
/// batch count as in flight until the consumer asks for the next batch; asynchronous senders wait while
/// `policy.asyncLimit` values are in flight. The machine is pure: it returns the continuations to resume and
/// the values to release, and never resumes or releases anything itself.
@usableFromInline
struct ForAwaitStateMachine<Value: Sendable, Failure: Error> {
  @usableFromInline
  typealias Batch = [Event<Value, Failure>]
  @usableFromInline
  typealias ConsumerContinuation = UnsafeContinuation<Batch, Never>
  @usableFromInline
  typealias ProducerContinuation = UnsafeContinuation<Void, Never>

  @usableFromInline
  enum State {
    /// The consumer is not suspended. `buffer` holds events it has not taken (a terminal one last);
    /// `outstanding` counts the values of the batch it is working through; `producers` wait for room.
    case buffering(buffer: Batch, outstanding: Int, producers: ProducerWaiters)
    /// The consumer is suspended for the next batch. Nothing is buffered or in flight, so no producer waits.
    /// `spare` and `next` are empty arrays kept for their capacity: the first event goes to the consumer in
    /// `spare`, and `next` becomes the buffer, so resuming the consumer allocates nothing once they have grown.
    case awaitingEvents(consumer: ConsumerContinuation, spare: Batch, next: Batch)
    /// The terminal event was taken, or the consumer went away: everything received is dropped.
    case finished
    /// Transient placeholder while the buffer is mutated in place.
    case modifying
  }

  /// What ``eventReceived(_:)`` asks the caller to do after unlocking.
  @usableFromInline
  enum EventAction {
    /// Nothing (the event was buffered).
    case none
    /// Hand `batch` to the suspended consumer.
    case resumeConsumer(ConsumerContinuation, Batch)
    /// Release a value dropped by the policy, or an event that arrived after the end.
    case release(Event<Value, Failure>)
  }

  /// What ``nextBatchRequested(recycling:)`` asks the consumer to do.
  @usableFromInline
  enum NextBatchAction {
    /// Work through `batch`, then resume `producers` that now have room.
    case takeBatch(Batch, resumingProducers: ProducerWaiters)
    /// Nothing is buffered: suspend (``consumerSuspended(_:)``) after resuming `producers`.
    case suspend(resumingProducers: ProducerWaiters)
    /// The stream is over: end the iteration.
    case end
  }

  /// What ``consumerSuspended(_:)`` asks the caller to do.
  @usableFromInline
  enum SuspendAction {
    /// Stay suspended until an event arrives.
    case wait
    /// Resume the consumer at once with `batch` (an empty batch ends the iteration).
    case resume(ConsumerContinuation, Batch)
  }

  /// What ``finished()`` asks the caller to release and resume.
  @usableFromInline
  struct FinishAction {
    /// The suspended consumer, to resume with an empty batch.
    @usableFromInline
    var consumer: ConsumerContinuation?
    /// Waiting producers, to resume.
    @usableFromInline
    var producers: ProducerWaiters
    /// Events never consumed, to release.
    @usableFromInline
    var dropped: Batch

    @inlinable
    init(consumer: ConsumerContinuation?, producers: ProducerWaiters, dropped: Batch) {
      self.consumer = consumer
      self.producers = producers
      self.dropped = dropped
    }
  }

  @usableFromInline
  let policy: BufferingPolicy
  @usableFromInline
  var state = State.buffering(buffer: [], outstanding: 0, producers: ProducerWaiters())
  /// The consumer's recycled batch, held between ``nextBatchRequested(recycling:)`` deciding to suspend and
  /// ``consumerSuspended(_:)``, which moves it into ``State/awaitingEvents(consumer:spare:next:)``.
  @usableFromInline
  var spare: Batch = []

  /// Creates the machine for a consumer buffering with `policy`.
  @usableFromInline
  init(policy: BufferingPolicy) {
    self.policy = policy
  }

  /// The signal delivered `event`.
  @inlinable
  mutating func eventReceived(_ event: Event<Value, Failure>) -> EventAction {
    switch state {
    case .awaitingEvents(let consumer, var spare, let next):
      state = .buffering(buffer: next, outstanding: event.isTerminal ? 0 : 1, producers: ProducerWaiters())
      spare.append(event)
      return .resumeConsumer(consumer, spare)
    case .buffering(var buffer, let outstanding, let producers):
      state = .modifying
      defer { state = .buffering(buffer: buffer, outstanding: outstanding, producers: producers) }
      guard !event.isTerminal, let limit = policy.bufferLimit, buffer.count >= limit else {
        buffer.append(event)
        return .none
      }
      switch policy {
      case .bufferingNewest:
        let dropped = buffer.removeFirst()
        buffer.append(event)
        return .release(dropped)
      case .bufferingOldest, .unbounded:
        return .release(event)
      }
    case .finished:
      return .release(event)
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received eventReceived")
    }
  }

  /// The consumer finished its previous batch and hands back its (emptied) storage for reuse.
  @inlinable
  mutating func nextBatchRequested(recycling recycled: Batch) -> NextBatchAction {
    switch state {
    case .buffering(let buffer, _, var producers):
      guard !buffer.isEmpty else {
        // Both empty arrays are kept for their capacity until the consumer suspends (`consumerSuspended`).
        state = .buffering(buffer: buffer, outstanding: 0, producers: ProducerWaiters())
        spare = recycled
        return .suspend(resumingProducers: producers)
      }
      let inFlight = buffer.count
      let resumed = inFlight < policy.asyncLimit ? producers : ProducerWaiters()
      if !resumed.isEmpty { producers = ProducerWaiters() }
      state = .buffering(buffer: recycled, outstanding: inFlight, producers: producers)
      return .takeBatch(buffer, resumingProducers: resumed)
    case .finished:
      return .end
    case .awaitingEvents, .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received nextBatchRequested")
    }
  }

  /// The consumer is about to suspend with `consumer` (the second half of ``nextBatchRequested(recycling:)``).
  @inlinable
  mutating func consumerSuspended(_ consumer: ConsumerContinuation) -> SuspendAction {
    switch state {
    case .buffering(let buffer, _, let producers):
      guard !buffer.isEmpty else {
        precondition(producers.isEmpty, "ForAwait: internal inconsistency, producers wait with nothing in flight")
        state = .awaitingEvents(consumer: consumer, spare: spare, next: buffer)
        spare = []
        return .wait
      }
      state = .buffering(buffer: spare, outstanding: buffer.count, producers: producers)
      spare = []
      return .resume(consumer, buffer)
    case .finished:
      return .resume(consumer, [])
    case .awaitingEvents, .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received consumerSuspended")
    }
  }

  /// An asynchronous sender asks whether it may send now.
  @inlinable
  func hasRoom() -> Bool {
    switch state {
    case .buffering(let buffer, let outstanding, _): buffer.count + outstanding < policy.asyncLimit
    case .awaitingEvents, .finished: true
    case .modifying: preconditionFailure("ForAwait: internal inconsistency, \(state) read hasRoom")
    }
  }

  /// An asynchronous sender without room is about to suspend with `producer`; returns it if it must resume now.
  @inlinable
  mutating func producerSuspended(_ producer: ProducerContinuation) -> ProducerContinuation? {
    switch state {
    case .buffering(let buffer, let outstanding, var producers):
      guard buffer.count + outstanding >= policy.asyncLimit else { return producer }
      state = .modifying
      producers.append(producer)
      state = .buffering(buffer: buffer, outstanding: outstanding, producers: producers)
      return nil
    case .awaitingEvents, .finished:
      return producer
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received producerSuspended")
    }
  }

  /// A waiting producer's Task was cancelled: every waiting producer is woken to check for itself.
  @inlinable
  mutating func producerCancelled() -> ProducerWaiters {
    switch state {
    case .buffering(let buffer, let outstanding, let producers):
      state = .buffering(buffer: buffer, outstanding: outstanding, producers: ProducerWaiters())
      return producers
    case .awaitingEvents, .finished:
      return ProducerWaiters()
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received producerCancelled")
    }
  }

  /// The consumer went away (its Task was cancelled, or the loop ended).
  @inlinable
  mutating func finished() -> FinishAction {
    switch state {
    case .buffering(let buffer, _, let producers):
      state = .finished
      return FinishAction(consumer: nil, producers: producers, dropped: buffer)
    case .awaitingEvents(let consumer, _, _):
      state = .finished
      return FinishAction(consumer: consumer, producers: ProducerWaiters(), dropped: [])
    case .finished:
      return FinishAction(consumer: nil, producers: ProducerWaiters(), dropped: [])
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received finished")
    }
  }
}
