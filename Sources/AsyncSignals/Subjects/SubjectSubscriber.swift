import Synchronization

/// One subscriber of a subject: its observer, whether it still receives, and what paces asynchronous sends.
///
/// The subject's engine keeps an array of these, changed only between deliveries. Before each delivery it
/// reads ``isActive``, an atomic flag, rather than taking a lock per subscriber per event: a subscriber disposed
/// while a send is being delivered (even by an earlier subscriber of the same send) is skipped, and removed by
/// an operation that runs after that send.
///
/// ```
///  SubjectEngine ──subscribers──▶ SubjectSubscriber ──▶ observer chain
///  subscription Lifetime ──onDispose──▶ deactivate(), then a removal operation
/// ```
@usableFromInline
final class SubjectSubscriber<Value: Sendable, Failure: Error>: Sendable {
  /// Where this subscriber's events go.
  @usableFromInline
  let observer: Observer<Value, Failure>
  /// The `for await` buffer at the end of the chain, if any; asynchronous sends wait for its room.
  @usableFromInline
  let backpressure: (any Backpressure)?
  @usableFromInline
  let active = Atomic(true)
  /// Where this subscriber sits in the subject's ``SubjectSubscribers``, or -1: what makes removing it O(1).
  ///
  /// Read and written only by the subject's operations, which run one at a time (the subject's `SerialDelivery`
  /// orders them), so relaxed. 32 bits, so that the object stays within the 64-byte allocation it had before
  /// (`hot source/AsyncSignals … send to all`: a 16-byte larger subscriber took 17 instead of 13 ns per subscriber
  /// at 1,000 subscribers).
  let slot = Atomic<Int32>(-1)

  /// Whether the subject's registry holds this subscriber now (read by the subject's operations only).
  @usableFromInline
  var isRegistered: Bool {
    slot.load(ordering: .relaxed) >= 0
  }

  /// Creates an active subscriber.
  init(observer: Observer<Value, Failure>, backpressure: (any Backpressure)?) {
    self.observer = observer
    self.backpressure = backpressure
  }

  /// Whether the subscriber still receives events.
  @inlinable
  var isActive: Bool {
    active.load(ordering: .acquiring)
  }

  /// Calls the observer with `event` if the subscriber is still active.
  @inlinable
  func receive(_ event: Event<Value, Failure>) {
    guard isActive else { return }
    observer.action(event)
  }

  /// Stops delivery to this subscriber; the subject skips it from now on.
  func deactivate() {
    active.store(false, ordering: .releasing)
  }
}
