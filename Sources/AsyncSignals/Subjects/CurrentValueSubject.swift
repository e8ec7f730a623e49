/// A subject that always has a current value, which each new subscriber receives first.
///
/// It starts with an initial value; every value sent becomes the current one. A new subscriber receives the
/// current value, then live events; once the subject has ended it receives the last value and the terminal
/// event (unlike Combine, which then sends only the terminal event). ``value`` reads the current value.
/// It behaves as a ``ReplaySubject`` of capacity 1 that is never empty, with the same serialised delivery.
///
/// ```swift
/// let volume = CurrentValueSubject<Int, Never>(5)
/// volume.subscribe(value: { print("volume", $0) })  // volume 5
/// volume.send(7)                                    // volume 7
/// print(volume.value)                               // 7
/// ```
///
/// ```
///  send ──▶ CurrentValueSubject ──▶ SubjectStorage: current value, subscribers ──▶ observer chains
/// ```
public final class CurrentValueSubject<Value: Sendable, Failure: Error>: Subject, SubjectStorageOwner {
  /// The values of the subject, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the subject's ``SignalConvertible/signal``.
  public typealias AsyncIterator = Signal<Value, Failure>.AsyncIterator

  @usableFromInline
  let storage: SubjectStorage<Value, Failure>

  /// Creates a subject whose current value is `initialValue`.
  ///
  /// ```swift
  /// let isOnline = CurrentValueSubject<Bool, Never>(false)
  /// ```
  ///
  /// - Parameter initialValue: The value until the first send.
  @inlinable
  public init(_ initialValue: Value) {
    var history = ReplayBuffer<Value>(capacity: 1)
    _ = history.append(initialValue)
    storage = SubjectStorage(history: history, publishesLatestValue: true)
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

  /// The current value: the newest value delivered to the subscribers, or being delivered.
  ///
  /// A value sent from inside a delivery of this subject becomes current when its own delivery starts,
  /// right after the one in progress. Setting it sends the new value; `value += 1` reads, then sends, and is
  /// not atomic when several threads do it.
  ///
  /// ```swift
  /// subject.value += 1
  /// ```
  public var value: Value {
    get {
      guard let value = storage.latestValue else {
        preconditionFailure("CurrentValueSubject: internal inconsistency, no current value")
      }
      return value
    }
    set {
      storage.send(.value(newValue))
    }
  }
}
