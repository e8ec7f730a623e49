/// A subject that broadcasts each event to the subscribers present when it is sent, and keeps nothing.
///
/// A late subscriber receives only what is sent after it subscribed; after the subject ended it receives
/// the terminal event at once. Delivery is serialised (see ``Subject``): one thread delivers at a time, and a
/// send or subscription arriving meanwhile is queued and run next, in order. A send to n callback subscribers
/// walks the subject's current subscriber array in place: no lock per send, no allocation, no actor hop.
///
/// Each `for await` loop over the subject is its own subscriber with its own buffer, by default
/// ``BufferingPolicy/unbounded``; ``Subject/sendWhenReady(_:)`` waits for bounded loops instead of dropping.
///
/// ```swift
/// let taps = PassthroughSubject<Int, Never>()
/// let subscription = taps.subscribe(value: { print("tap", $0) })
/// taps.send(1)  // tap 1
/// subscription.dispose()
/// taps.send(2)  // nobody receives it
/// ```
///
/// ```
///  send ──▶ PassthroughSubject ──▶ SubjectStorage ──▶ subscriber 1, subscriber 2, … (in subscription order)
///  subscription Lifetimes ──dispose──▶ unregister (the subject holds the observers, not the lifetimes)
/// ```
public final class PassthroughSubject<Value: Sendable, Failure: Error>: Subject, SubjectStorageOwner {
  /// The values of the subject, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the subject's ``SignalConvertible/signal``.
  public typealias AsyncIterator = Signal<Value, Failure>.AsyncIterator

  @usableFromInline
  let storage = SubjectStorage<Value, Failure>(history: ReplayBuffer(capacity: 0))

  /// Creates a subject with no subscribers.
  ///
  /// ```swift
  /// let events = PassthroughSubject<String, Never>()
  /// ```
  @inlinable
  public init() {}

  /// Completes the subject's subscribers, if it has not ended: once it is released, nothing can send into it any
  /// more (its ``Subject/observer`` keeps it alive), so its stream is over.
  ///
  /// A `for await` loop over a subject that is let go ends instead of waiting for ever; later subscribers of its
  /// `signal` receive what it replays, then the completion. (ReactiveSwift interrupts the observers of a released
  /// signal in the same way; in Combine and RxSwift a subscription keeps its subject alive, so it stays open.)
  deinit {
    storage.send(.completed)
  }
}
