/// A subject that replays its newest values, then its terminal event, to each new subscriber.
///
/// It keeps the newest `capacity` values (or all of them). A new subscriber first receives those, oldest first,
/// then the terminal event if the subject has ended (a failure is replayed too), then live events.
/// Registering a subscriber and replaying its history happen in one step between two sends, so no value is
/// lost or duplicated between the replay and the live stream, and live order equals replay order. A
/// subscription made from inside a delivery is registered right after it and replays the in-flight value.
/// A subscriber that disposes itself during its replay receives nothing more.
///
/// Delivery is serialised like every ``Subject``; each `for await` loop has its own buffer, by default
/// ``BufferingPolicy/unbounded``.
///
/// ```swift
/// let log = ReplaySubject<String, Never>(capacity: 2)
/// log.send("a"); log.send("b"); log.send("c")
/// log.subscribe(value: { print($0) })  // b, c
/// ```
///
/// ```
///  send ──▶ ReplaySubject ──▶ SubjectStorage: history ring (capacity), subscribers ──▶ observer chains
/// ```
public final class ReplaySubject<Value: Sendable, Failure: Error>: Subject, SubjectStorageOwner {
  /// The values of the subject, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the subject's ``SignalConvertible/signal``.
  public typealias AsyncIterator = Signal<Value, Failure>.AsyncIterator

  @usableFromInline
  let storage: SubjectStorage<Value, Failure>

  /// Creates a subject that replays the newest `capacity` values.
  ///
  /// ```swift
  /// let latest = ReplaySubject<Int, Never>(capacity: 1)
  /// ```
  ///
  /// - Parameter capacity: How many values to replay; at least 1.
  @inlinable
  public init(capacity: Int) {
    precondition(capacity >= 1, "ReplaySubject(capacity:): capacity must be >= 1, got \(capacity)")
    storage = SubjectStorage(history: ReplayBuffer(capacity: capacity))
  }

  /// Creates a subject that replays every value it was ever sent.
  ///
  /// Its memory grows with each value; prefer a capacity for a long-lived subject.
  ///
  /// ```swift
  /// let everything = ReplaySubject<Int, Never>()
  /// ```
  @inlinable
  public init() {
    storage = SubjectStorage(history: ReplayBuffer(capacity: .max))
  }

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
