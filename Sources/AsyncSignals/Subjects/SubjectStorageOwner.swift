/// A subject of this library: the requirements of ``Subject`` carried out by its ``SubjectStorage``.
@usableFromInline
protocol SubjectStorageOwner: Subject {
  /// The engine that registers, serialises, delivers and replays.
  var storage: SubjectStorage<Value, Failure> { get }
}

extension SubjectStorageOwner {
  /// The subject as a signal: each subscription replays what the subject keeps, then registers a new
  /// subscriber that receives live events.
  ///
  /// ```swift
  /// subject.signal.map { $0 * 2 }.subscribe(value: { print($0) })
  /// ```
  public var signal: Signal<Value, Failure> {
    storage.signal
  }

  /// Sends an event to the current subscribers, recording a value for replay.
  ///
  /// Serialised: a call made while another thread delivers, or from inside a subscriber, is queued and
  /// delivered right after the delivery in progress; it returns at once. After a terminal event, events are
  /// ignored.
  ///
  /// ```swift
  /// subject.send(event: .value(1))
  /// subject.send(event: .completed)
  /// ```
  ///
  /// - Parameter event: A value, or a terminal event that ends the subject.
  @inlinable
  public func send(event: Event<Value, Failure>) {
    storage.send(event)
  }

  /// Sends a value once every `for await` subscriber registered at the call has room for it.
  ///
  /// Callback subscribers never make it wait. A bounded `for await` loop makes it suspend until the loop
  /// has consumed enough, so nothing is dropped for that loop. It stops waiting when a loop ends or the
  /// sending Task is cancelled, and sends anyway. Loops are waited for one after another, so a value sent
  /// meanwhile by another sender can still fill a buffer.
  ///
  /// ```swift
  /// for line in lines { await subject.sendWhenReady(line) }
  /// ```
  ///
  /// - Important: Called from inside a bounded `for await` loop over the same subject, it waits for that loop,
  ///   which is waiting for it: send from that loop with ``Subject/send(_:)`` instead.
  ///
  /// - Parameter value: The value.
  @inlinable
  public func sendWhenReady(_ value: Value) async {
    await storage.sendWhenReady(value)
  }

}
