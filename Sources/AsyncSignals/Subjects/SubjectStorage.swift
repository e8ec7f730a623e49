/// The shared engine of every subject: registers subscribers, serialises sends, delivers and replays.
///
/// Policy for concurrency and re-entrancy: one thread delivers at a time. A send or a subscription that
/// arrives while another thread delivers, or from inside a subscriber, is queued and returns at once; the
/// delivering thread runs it next, in arrival order (see ``SubjectStateMachine``). Nobody blocks and no lock is
/// held while an observer runs. Each subscriber therefore receives events serially, in the grammar
/// `value* (failed | completed)?`.
///
/// Cost of a send to n callback subscribers: one lock round to record the value and snapshot the subscriber
/// array (a retain, no copy), n atomic loads and n calls with no retain or release per subscriber, one lock
/// round to leave; no allocation and no actor hop.
///
/// ```
///  subject ──send──▶ SubjectStorage (Locked<SubjectStateMachine>)
///                      │ subscribers: ContiguousArray<SubjectSubscriber> ──▶ observer chains
///  Lifetime of each ───┘ onDispose: deactivate + remove (weak reference back to the storage)
/// ```
@usableFromInline
final class SubjectStorage<Value: Sendable, Failure: Error>: Sendable {
  @usableFromInline
  typealias Machine = SubjectStateMachine<Value, Failure>

  @usableFromInline
  let machine: Locked<Machine>

  /// Creates the engine; new subscribers replay `history`.
  init(history: ReplayBuffer<Value>) {
    machine = Locked(Machine(history: history))
  }

  /// A signal whose subscriptions register with this subject.
  var signal: Signal<Value, Failure> {
    Signal.unserialized({ [self] observer, lifetime in subscribe(observer, in: lifetime) })
  }

  /// The newest value a subscriber would replay.
  var latestValue: Value? {
    machine.withLock { $0.latestValue }
  }

  /// The number of registered subscribers (test hook).
  var subscriberCount: Int {
    machine.withLock { $0.currentSubscribers.count }
  }

  /// Sends `event` to the current subscribers, or queues it behind the delivery in progress.
  @inlinable
  func send(_ event: Event<Value, Failure>) {
    guard let step = machine.withLock({ $0.eventSent(event) }) else { return }
    drain(startingWith: step)
  }

  /// Sends `value` once every `for await` subscriber registered now has room for it.
  @inlinable
  func sendWhenReady(_ value: Value) async {
    let subscribers = machine.withLock { $0.currentSubscribers }
    var start = 0
    // Checked synchronously first, without retaining anyone: a loop with room costs no suspension point.
    while let full = Self.indexOfFirstFullBuffer(in: subscribers, from: start) {
      if let backpressure = subscribers[full].backpressure {
        await backpressure.waitForRoom()
      }
      start = full + 1
    }
    send(.value(value))
  }

  /// The index of the first active subscriber at or after `start` whose `for await` buffer has no room, if any.
  @inlinable
  static func indexOfFirstFullBuffer(
    in subscribers: ContiguousArray<Machine.Subscriber>,
    from start: Int
  ) -> Int? {
    forEachUnretained(in: subscribers, from: start) { subscriber in
      !subscriber.isActive || subscriber.backpressure?.hasRoom() != false
    }
  }

  /// Registers `observer` for the subscription `lifetime`, replaying the history to it first.
  func subscribe(_ observer: Observer<Value, Failure>, in lifetime: Lifetime) {
    let subscriber = SubjectSubscriber(observer: observer, backpressure: lifetime.backpressure)
    lifetime.onDispose { [weak self] in
      subscriber.deactivate()
      let removed = self?.machine.withLock { $0.subscriberRemoved(subscriber) }
      _ = removed  // released after unlocking
    }
    guard let step = machine.withLock({ $0.subscribeRequested(subscriber) }) else { return }
    drain(startingWith: step)
  }

  /// Carries out `first` and then every operation queued meanwhile, until the machine is idle.
  @inlinable
  func drain(startingWith first: consuming Machine.Step) {
    var step = first
    while true {
      // Consumed so that a replayed history is released before the next send appends (no copy-on-write).
      Self.perform(consume step)
      guard let next = machine.withLock({ $0.stepFinished() }) else { return }
      step = next
    }
  }

  @inlinable
  static func perform(_ step: consuming Machine.Step) {
    switch step {
    case .deliver(let event, let subscribers, _):
      deliver(event, to: subscribers)
    case .replay(let history, let terminal, let subscriber):
      replay(history, then: terminal, to: subscriber)
    }
  }

  /// Calls every subscriber of `subscribers` that is still active with `event`, in order.
  @inlinable
  static func deliver(_ event: Event<Value, Failure>, to subscribers: ContiguousArray<Machine.Subscriber>) {
    _ = forEachUnretained(in: subscribers, from: 0) { subscriber in
      subscriber.receive(event)
      return true
    }
  }

  /// Calls `body` with each subscriber of `subscribers` from `start` on, in order, until it returns false;
  /// returns the index of that subscriber, or nil if `body` went through them all.
  ///
  /// Reads the snapshot's elements as `Unmanaged` references and calls `body` through a guaranteed reference, so a
  /// send retains and releases neither the subscribers nor their observers (a plain `for … in` retained and
  /// released each subscriber, and copied its `observer` out of it, on every send: half of the fan-out's time).
  @inlinable
  static func forEachUnretained(
    in subscribers: ContiguousArray<Machine.Subscriber>,
    from start: Int,
    _ body: (Machine.Subscriber) -> Bool
  ) -> Int? {
    subscribers.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      // Safety: `subscribers` is a snapshot that nothing mutates, and it stays alive until this closure returns,
      // so it holds a strong reference to every element for the whole loop: each subscriber outlives its call
      // even if it is removed from the subject (or the subject is released) meanwhile. `Unmanaged` has the
      // layout of a class reference, so the rebound elements are the same references, read without retaining.
      return base.withMemoryRebound(to: Unmanaged<Machine.Subscriber>.self, capacity: buffer.count) { elements in
        for index in start..<buffer.count where !elements[index]._withUnsafeGuaranteedRef(body) {
          return index
        }
        return nil
      }
    }
  }

  /// Delivers `history`, then `terminal` if any, to `subscriber`, stopping when it becomes inactive.
  ///
  /// Not inlinable: it runs once per subscription, not per send.
  @usableFromInline
  static func replay(
    _ history: ReplayBuffer<Value>,
    then terminal: Event<Value, Failure>?,
    to subscriber: Machine.Subscriber
  ) {
    for value in history {
      guard subscriber.isActive else { return }
      subscriber.observer.send(value)
    }
    if let terminal, subscriber.isActive {
      subscriber.observer.action(terminal)
    }
  }
}
