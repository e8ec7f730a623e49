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
  @inline(__always)  // the per-event path: see SubjectStorageCore.send(_:)
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

  /// The number of subscribers registered now.
  ///
  /// A subscription counts from the moment the subject registered it (at once, or right after a delivery in
  /// progress on another thread) until its removal after it ended. After the subject ended it is 0.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Int, Never>()
  /// let subscription = taps.subscribe(value: { print($0) })
  /// taps.subscriberCount  // 1
  /// subscription.dispose()
  /// taps.subscriberCount  // 0
  /// ```
  public var subscriberCount: Int {
    storage.subscriberCount
  }

  /// Returns once at least `count` subscribers are registered, without polling.
  ///
  /// A test of a `for await` loop over a hot source starts the loop in a Task and waits here until the loop has
  /// subscribed, so that nothing it sends is missed. It also returns when the subject has ended (nobody
  /// registers any more) or the waiting Task is cancelled; check `subscriberCount` if that matters.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>()
  /// let consumer = Task {
  ///   var received: [Int] = []
  ///   for await value in subject { received.append(value) }
  ///   return received
  /// }
  /// await subject.waitForSubscribers(1)  // the loop has subscribed: nothing sent from here on is missed
  /// subject.send(1)
  /// subject.complete()
  /// await consumer.value  // [1]
  /// ```
  ///
  /// - Parameter count: How many subscribers to wait for; at least 0.
  public func waitForSubscribers(_ count: Int = 1) async {
    precondition(count >= 0, "waitForSubscribers(_:): count must be >= 0, got \(count)")
    await storage.waitForSubscribers(count)
  }

}
