/// The locked half of a `for await` buffer: who waits, what did not fit in the ring, and whether it is over.
///
/// Events normally travel through the buffer's lock-free ring (``ForAwaitStorage``), one atomic add per event and
/// no lock. This machine holds what the ring cannot: the suspended consumer, the asynchronous senders waiting for
/// room, and the *overflow*, the events that arrive while the ring is full (a synchronous sender far ahead of the
/// loop) or that a `.bufferingNewest` policy may still drop. It runs under the storage's lock only at suspension,
/// wake-up, overflow and the end. It is pure: it returns the continuations to resume and the events to release,
/// and never resumes or releases anything itself.
@usableFromInline
struct ForAwaitStateMachine<Value: Sendable, Failure: Error> {
  @usableFromInline
  typealias Batch = [Event<Value, Failure>]
  @usableFromInline
  typealias ConsumerContinuation = UnsafeContinuation<Void, Never>
  @usableFromInline
  typealias ProducerContinuation = UnsafeContinuation<Void, Never>

  @usableFromInline
  enum State {
    /// The loop goes on. `consumer` is set while the consumer is suspended for events; `producers` wait for
    /// room; `overflow` holds events, in order, that come after everything in the ring.
    case active(consumer: ConsumerContinuation?, producers: ProducerWaiters, overflow: Batch)
    /// The consumer went away: nobody waits again, and what arrives is dropped.
    case finished
    /// Transient placeholder while the overflow is mutated in place.
    case modifying
  }

  /// What ``overflowReceived(_:buffered:)`` asks the producer to do after unlocking.
  @usableFromInline
  enum OverflowAction {
    /// The event joined the overflow; resume the consumer if it waited.
    case buffered(resumingConsumer: ConsumerContinuation?)
    /// Release `event`: dropped by the policy, or the loop is over.
    case release(Event<Value, Failure>)
    /// Release `dropped`, the oldest value of the overflow, which the event replaced (`.bufferingNewest`).
    case replaced(dropped: Event<Value, Failure>, resumingConsumer: ConsumerContinuation?)
  }

  /// What ``overflowTaken(into:)`` hands the consumer.
  @usableFromInline
  enum TakeAction {
    /// Work through the batch, which got `count` events from the overflow.
    case take(count: Int)
    /// The loop is over: end the iteration.
    case end
  }

  /// What ``consumerSuspended(_:)`` asks the consumer to do.
  @usableFromInline
  enum SuspendAction {
    /// Stay suspended until a producer, or the end, resumes it.
    case wait
    /// Resume at once: something arrived in the overflow, or the loop is over.
    case resume(ConsumerContinuation)
  }

  @usableFromInline
  let policy: BufferingPolicy
  @usableFromInline
  var state = State.active(consumer: nil, producers: ProducerWaiters(), overflow: [])
  /// Events the consumer took from the overflow and has not given back (its current batch).
  @usableFromInline
  var overflowOutstanding = 0

  /// Creates the machine for a consumer buffering with `policy`.
  @inlinable
  init(policy: BufferingPolicy) {
    self.policy = policy
  }

  /// Whether the consumer went away.
  @inlinable
  var isFinished: Bool {
    if case .finished = state { true } else { false }
  }

  /// How many events of the overflow are in flight: waiting in it, or taken and not given back.
  @inlinable
  var overflowInFlight: Int {
    if case .active(_, _, let overflow) = state { overflow.count + overflowOutstanding } else { 0 }
  }

  /// A synchronous sender's event that goes to the overflow; `buffered` events wait in the ring before it.
  ///
  /// The policy's limit counts both: `.bufferingOldest` drops the newcomer, `.bufferingNewest` the oldest value
  /// of the overflow (it never puts values in the ring, so its overflow is everything buffered). A terminal
  /// event is never dropped.
  @inlinable
  mutating func overflowReceived(_ event: Event<Value, Failure>, buffered: Int) -> OverflowAction {
    switch state {
    case .active(let consumer, let producers, var overflow):
      state = .modifying
      let limited = !event.isTerminal && policy.bufferLimit.map { buffered + overflow.count >= $0 } == true
      var dropped: Event<Value, Failure>?
      if limited {
        switch policy {
        case .bufferingNewest:
          dropped = overflow.isEmpty ? nil : overflow.removeFirst()
        case .bufferingOldest, .unbounded:
          state = .active(consumer: consumer, producers: producers, overflow: overflow)
          return .release(event)
        }
      }
      overflow.append(event)
      state = .active(consumer: nil, producers: producers, overflow: overflow)
      guard let dropped else { return .buffered(resumingConsumer: consumer) }
      return .replaced(dropped: dropped, resumingConsumer: consumer)
    case .finished:
      return .release(event)
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received overflowReceived")
    }
  }

  /// A producer on another thread sent while the consumer subscribed: the consumer's prelude, everything sent so
  /// far, becomes the overflow (which is empty: this is the first event that goes there).
  @inlinable
  mutating func preludeMoved(_ prelude: inout Batch) {
    switch state {
    case .active(let consumer, let producers, var overflow):
      guard overflow.isEmpty else {
        preconditionFailure("ForAwait: internal inconsistency, the prelude moved behind events of the overflow")
      }
      state = .modifying
      swap(&overflow, &prelude)
      state = .active(consumer: consumer, producers: producers, overflow: overflow)
    case .finished:
      break  // released with the buffer
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received preludeMoved")
    }
  }

  /// The consumer takes the overflow, after the ring's events, into `batch`.
  ///
  /// The events stay in flight until the consumer gives them back (``overflowGivenBack(_:)``).
  @inlinable
  mutating func overflowTaken(into batch: inout Batch) -> TakeAction {
    switch state {
    case .active(let consumer, let producers, var overflow):
      state = .modifying
      let count = overflow.count
      if batch.isEmpty {
        // The whole overflow becomes the batch, and the batch's emptied storage the next overflow: no copy.
        swap(&batch, &overflow)
      } else {
        batch.append(contentsOf: overflow)
        overflow.removeAll(keepingCapacity: true)
      }
      overflowOutstanding += count
      state = .active(consumer: consumer, producers: producers, overflow: overflow)
      return .take(count: count)
    case .finished:
      return .end
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received overflowTaken")
    }
  }

  /// The consumer finished the `count` events of its batch that came from the overflow: that makes room, so
  /// every waiting producer is returned, to check for itself.
  @inlinable
  mutating func overflowGivenBack(_ count: Int) -> ProducerWaiters {
    overflowOutstanding -= count
    return producersWoken()
  }

  /// The consumer found nothing and suspends with `consumer`.
  @inlinable
  mutating func consumerSuspended(_ consumer: ConsumerContinuation) -> SuspendAction {
    switch state {
    case .active(let waiting, let producers, let overflow):
      precondition(waiting == nil, "ForAwait: internal inconsistency, two consumers suspended")
      guard overflow.isEmpty else { return .resume(consumer) }
      state = .active(consumer: consumer, producers: producers, overflow: overflow)
      return .wait
    case .finished:
      return .resume(consumer)
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received consumerSuspended")
    }
  }

  /// A producer saw that the consumer waits, or the consumer takes its suspension back: returns the suspended
  /// consumer to resume, if it still waits (whoever takes it resumes it, once).
  @inlinable
  mutating func consumerWoken() -> ConsumerContinuation? {
    switch state {
    case .active(let consumer, let producers, let overflow):
      guard let consumer else { return nil }
      state = .active(consumer: nil, producers: producers, overflow: overflow)
      return consumer
    case .finished:
      return nil
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received consumerWoken")
    }
  }

  /// An asynchronous sender without room suspends with `producer`; returns it if it must resume now.
  @inlinable
  mutating func producerSuspended(_ producer: ProducerContinuation) -> ProducerContinuation? {
    switch state {
    case .active(let consumer, var producers, let overflow):
      state = .modifying
      producers.append(producer)
      state = .active(consumer: consumer, producers: producers, overflow: overflow)
      return nil
    case .finished:
      return producer
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received producerSuspended")
    }
  }

  /// Room appeared, or a waiting producer's Task was cancelled: every waiting producer is woken to check for
  /// itself.
  @inlinable
  mutating func producersWoken() -> ProducerWaiters {
    switch state {
    case .active(let consumer, let producers, let overflow):
      state = .active(consumer: consumer, producers: ProducerWaiters(), overflow: overflow)
      return producers
    case .finished:
      return ProducerWaiters()
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received producersWoken")
    }
  }

  /// The consumer went away (its Task was cancelled, or the loop ended).
  @inlinable
  mutating func finished() -> (consumer: ConsumerContinuation?, producers: ProducerWaiters, dropped: Batch) {
    switch state {
    case .active(let consumer, let producers, let overflow):
      state = .finished
      return (consumer, producers, overflow)
    case .finished:
      return (nil, ProducerWaiters(), [])
    case .modifying:
      preconditionFailure("ForAwait: internal inconsistency, \(state) received finished")
    }
  }
}
