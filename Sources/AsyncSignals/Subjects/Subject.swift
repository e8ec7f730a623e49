/// A hot source you send into by hand and that any number of subscribers observe.
///
/// A subject is both ends of a stream: call ``send(event:)`` (or ``send(_:)``, ``fail(_:)``, ``complete()``)
/// and every current subscriber receives the event. It delivers only to subscribers present when the event is
/// sent: a subscriber added while an event is being delivered misses that event, and one disposed meanwhile
/// does not receive it. After a terminal event, sends are ignored and new subscribers receive what the subject
/// replays (nothing for ``PassthroughSubject``) followed by the terminal event.
///
/// Conformers in this library: ``PassthroughSubject``, ``ReplaySubject`` and ``CurrentValueSubject``. They
/// serialise delivery: one thread delivers at a time, and a send or subscription arriving meanwhile (from
/// another thread or from inside a subscriber) is queued and run next by that thread, in order.
///
/// ```swift
/// func feed(_ subject: some Subject<Int, Never>) {
///   subject.send(1)
///   subject.complete()
/// }
/// ```
public protocol Subject<Value, Failure>: SignalConvertible, AnyObject {
  /// Sends an event to the current subscribers.
  ///
  /// - Parameter event: A value, or a terminal event that ends the subject.
  func send(event: Event<Value, Failure>)

  /// Sends a value once every `for await` subscriber registered at the call has room for it.
  ///
  /// - Parameter value: The value.
  func sendWhenReady(_ value: Value) async
}

extension Subject {
  /// Sends a value to the current subscribers.
  ///
  /// - Parameter value: The value.
  @inlinable
  @inline(__always)  // the per-event path: see SubjectStorageCore.send(_:)
  public func send(_ value: Value) {
    send(event: .value(value))
  }

  /// Sends a failure, ending the subject.
  ///
  /// - Parameter failure: The failure.
  @inlinable
  public func fail(_ failure: Failure) {
    send(event: .failed(failure))
  }

  /// Sends completion, ending the subject.
  @inlinable
  public func complete() {
    send(event: .completed)
  }

  /// An observer that forwards every event it receives into this subject.
  ///
  /// Subscribing a subject to a signal makes the signal hot: every subscriber of the subject shares its one
  /// subscription.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// Signal(values: [1, 2, 3]).subscribe(subject.observer)
  /// ```
  @inlinable
  public var observer: Observer<Value, Failure> {
    Observer { [self] event in send(event: event) }
  }
}
