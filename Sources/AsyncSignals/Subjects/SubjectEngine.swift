/// Runs a subject's operations: owns its ``SubjectStateMachine`` and carries out the steps, calling observers.
///
/// Only the subject's ``SerialDelivery`` calls ``run(_:)``, one operation at a time, so the machine needs no
/// lock: a send to n callback subscribers, when nobody else is sending, costs the delivery's two atomic
/// operations, n atomic loads and n calls, with no lock, no allocation and no retain or release per subscriber.
/// What other threads read is published under locks: the subscribers (for ``SubjectStorage/sendWhenReady(_:)``
/// and the test hook) whenever they change, and the newest value only for a `CurrentValueSubject`.
///
/// ```
///  send / subscribe / remove ──▶ SerialDelivery<Operation> ──(one at a time)──▶ SubjectEngine.run
///                                                                  │ machine: subscribers, history
///                                                                  └──▶ observer chains
/// ```
@usableFromInline
final class SubjectEngine<Value: Sendable, Failure: Error>: @unchecked Sendable {
  // Safety: `machine` is read and written only inside `run(_:)`, which the subject's `SerialDelivery` calls for
  // one operation at a time, with its atomics ordering each run before the next. `published` and `latest`
  // are locked; the rest is immutable.

  @usableFromInline
  typealias Machine = SubjectStateMachine<Value, Failure>

  /// Unchecked exclusivity: accesses never overlap (see above), and a checked class `var` pays
  /// `swift_beginAccess` on every send from code inlined into another module (the `sync pipeline/AsyncSignals
  /// subject` and `fan-out/AsyncSignals callbacks` rows).
  @usableFromInline
  @exclusivity(unchecked) var machine: Machine

  /// The registered subscribers as of the last operation that changed them, for other threads, and the Tasks
  /// waiting for enough of them (`waitForSubscribers(_:)`), which every such change checks in the same lock round.
  @usableFromInline
  let published = Locked(PublishedSubscribers<Value, Failure>())

  /// The newest value as of the last operation, for `CurrentValueSubject.value`, if `publishesLatestValue`.
  @usableFromInline
  let latest: Locked<Value?>
  /// Whether sends update `latest` (a lock round each, so only where it is read).
  @usableFromInline
  let publishesLatestValue: Bool

  /// The subscriptions that feed this subject and end with it, disposed when its terminal event runs.
  ///
  /// See ``SubscriptionOwner``. The composite is made by the first such subscription, so that a subject nobody
  /// feeds this way allocates nothing more.
  let owned = Locked(OwnedSubscriptions.none)

  /// Creates the engine; new subscribers replay `history`, and the newest value is published if
  /// `publishesLatestValue`.
  @usableFromInline
  init(history: ReplayBuffer<Value>, publishesLatestValue: Bool) {
    machine = Machine(history: history)
    latest = Locked(publishesLatestValue ? history.last : nil)
    self.publishesLatestValue = publishesLatestValue
  }

  /// Runs one operation (from the subject's delivery only).
  @inlinable
  @inline(__always)
  func run(_ operation: consuming Machine.Operation) {
    switch machine.run(operation) {
    case .none:
      break
    case .removed(let subscriber):
      publishSubscribers(removed: subscriber)
    case .deliver(let event, let evicted):
      if publishesLatestValue {
        var previous = event.value
        latest.withLock { swap(&$0, &previous) }
        _ = previous  // the replaced value, released after unlocking
      }
      // In place (`inout`): passed by value, the array was retained and released around every send. Nothing
      // changes it meanwhile: operations sent from inside a subscriber wait for this one to finish.
      Self.deliver(event, to: &machine.subscribers.entries)
      withExtendedLifetime(evicted) {}
    case .deliverTerminal(let event, var last):
      publishSubscribers(ended: true)
      Self.deliver(event, to: &last)
    case .replay(let history, let terminal, let subscriber):
      publishSubscribers(added: subscriber.isRegistered ? subscriber : nil)
      Self.replay(history, then: terminal, to: subscriber)
    }
  }

  /// Publishes what other threads read of the subscribers, after a subscription, a removal or the end.
  ///
  /// That is how many there are, and the paced ones (``PacedSubscribers``); it resumes the Tasks that waited for
  /// as many. At the end, it first disposes the subscriptions it owns.
  ///
  /// O(1): it publishes the change, not a copy of the subscribers.
  @usableFromInline
  func publishSubscribers(added: Machine.Subscriber? = nil, removed: Machine.Subscriber? = nil, ended: Bool = false) {
    if ended {
      // Before the terminal event reaches the subscribers, as ReactiveCocoa's subject disposes its subscriptions
      // before it forwards completion. Not under a lock: their cleanups are user code.
      endOwnedSubscriptions()
    }
    let count = machine.subscribers.count
    typealias Changed = (released: ContiguousArray<Machine.Subscriber>, ready: [UnsafeContinuation<Void, Never>])
    let (released, ready) = published.withLock { published -> Changed in
      published.count = count
      var released: ContiguousArray<Machine.Subscriber> = []
      if let added, added.backpressure != nil {
        published.paced.append(added)
      }
      if let removed, removed.backpressure != nil {
        published.paced.remove(removed)  // `removed` itself is released by the caller, after unlocking
      }
      if ended {
        released = published.paced.removeAll()
      }
      // Nobody waits (the common case): nothing to check, unless the end must be remembered for later waiters.
      guard ended || !published.waiters.isEmpty else { return (released, []) }
      return (released, published.waiters.subscribersChanged(to: count, ended: ended))
    }
    _ = released  // released after unlocking: a subscriber's observer chain holds user closures
    for waiter in ready {
      waiter.resume()
    }
  }

  /// Disposes `subscription` when this subject ends, at once if it has ended; forgets it if it ends first.
  func own(_ subscription: Lifetime) {
    let owner = owned.withLock { state -> CompositeDisposable? in
      switch state {
      case .none:
        let owner = CompositeDisposable()
        state = .owning(owner)
        return owner
      case .owning(let owner):
        return owner
      case .ended:
        return nil
      }
    }
    // A composite disposed meanwhile disposes the subscription itself and returns no key.
    guard let owner else { return subscription.dispose() }
    guard let key = owner.add(subscription) else { return }
    subscription.onDispose { [weak owner] in owner?.remove(key) }
  }

  /// Disposes the subscriptions this subject owns, and every one it is given from now on.
  func endOwnedSubscriptions() {
    let owner = owned.withLock { state -> CompositeDisposable? in
      defer { state = .ended }
      guard case .owning(let owner) = state else { return nil }
      return owner
    }
    owner?.dispose()
  }

  /// Calls every subscriber of `subscribers` that is still active with `event`, in order.
  @inlinable
  static func deliver(_ event: Event<Value, Failure>, to subscribers: inout ContiguousArray<Machine.Subscriber>) {
    _ = forEachUnretained(in: subscribers) { subscriber in
      subscriber.receive(event)
      return true
    }
  }

  /// Calls `body` with each subscriber of `subscribers` from `start` on, in order, until it returns false;
  /// returns the index of that subscriber, or nil if `body` went through them all.
  ///
  /// Reads the elements as `Unmanaged` references and calls `body` through a guaranteed reference, so a send
  /// retains and releases neither the subscribers nor their observers (a plain `for … in` retained and released
  /// each subscriber, and copied its `observer` out of it, on every send: half of the `fan-out/AsyncSignals
  /// callbacks` row).
  @inlinable
  static func forEachUnretained(
    in subscribers: ContiguousArray<Machine.Subscriber>,
    from start: Int = 0,
    _ body: (Machine.Subscriber) -> Bool
  ) -> Int? {
    subscribers.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      // Safety: `subscribers` is an array that nothing mutates while this runs (the machine's, changed only by
      // later operations, or a snapshot), and it stays alive until this closure returns, so it holds a strong
      // reference to every element for the whole loop. `Unmanaged` has the layout of a class reference, so the
      // rebound elements are the same references, read without retaining.
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

/// The subscriptions that feed a subject and end with it (``SubscriptionOwner``).
enum OwnedSubscriptions {
  /// None yet, and the subject has not ended.
  case none
  /// The subscriptions, in a composite that the subject's end disposes.
  case owning(CompositeDisposable)
  /// The subject has ended: a subscription given now is disposed at once.
  case ended
}

/// What a subject publishes for other threads under one lock: how many subscribers it has, the paced ones, and
/// who waits for them.
@usableFromInline
struct PublishedSubscribers<Value: Sendable, Failure: Error>: Sendable {
  /// The number of registered subscribers as of the last operation that changed them.
  @usableFromInline
  var count = 0
  /// The registered subscribers with a `for await` buffer, which ``SubjectStorage/sendWhenReady(_:)`` waits for.
  @usableFromInline
  var paced = PacedSubscribers<Value, Failure>()
  /// The Tasks waiting in `waitForSubscribers(_:)`.
  @usableFromInline
  var waiters = SubscriberWaiters<UnsafeContinuation<Void, Never>>()

  @usableFromInline
  init() {}
}

/// The subscribers of a subject that pace asynchronous sends (those with a ``SubjectSubscriber/backpressure``),
/// in no particular order, with O(1) amortised registration and removal (the last entry takes a removed one's
/// place).
@usableFromInline
struct PacedSubscribers<Value: Sendable, Failure: Error>: Sendable {
  /// The paced subscribers.
  @usableFromInline
  var entries: ContiguousArray<SubjectSubscriber<Value, Failure>> = []

  /// Where each paced subscriber is in `entries`: kept here rather than in the subscriber, which only `for await`
  /// subscribers would use.
  private var places: [ObjectIdentifier: Int] = [:]

  @usableFromInline
  init() {}

  /// Adds `subscriber`.
  mutating func append(_ subscriber: SubjectSubscriber<Value, Failure>) {
    places[ObjectIdentifier(subscriber)] = entries.count
    entries.append(subscriber)
  }

  /// Removes `subscriber`, if it is here, moving the last entry into its place.
  mutating func remove(_ subscriber: SubjectSubscriber<Value, Failure>) {
    guard let index = places.removeValue(forKey: ObjectIdentifier(subscriber)) else { return }
    let last = entries.removeLast()
    guard index < entries.count else { return }
    places[ObjectIdentifier(last)] = index
    entries[index] = last
  }

  /// Removes every subscriber; returns them.
  mutating func removeAll() -> ContiguousArray<SubjectSubscriber<Value, Failure>> {
    places = [:]
    var all: ContiguousArray<SubjectSubscriber<Value, Failure>> = []
    swap(&all, &entries)
    return all
  }
}
