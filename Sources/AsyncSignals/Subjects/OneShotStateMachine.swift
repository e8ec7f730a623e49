/// The state of a ``OneShotSubject``: the values kept while nobody subscribes, and each subscriber's values not
/// delivered yet.
///
/// Pure: it decides, the subject's storage delivers. Each value goes to one subscriber: the oldest one present
/// when it is sent, or, while there is none, the buffer, which the next subscriber takes whole. A subscriber's
/// values are delivered by one caller at a time, in order (`draining`); what a subscriber that goes away had not
/// received moves to the next oldest subscriber, or back to the buffer.
struct OneShotStateMachine<Value, Failure: Error> {
  /// A subscriber's undelivered events, and whether a caller is delivering them now.
  struct Subscriber {
    var pending = Queue<Event<Value, Failure>>()
    var draining = false
  }

  /// What the caller does next.
  enum Action: Equatable {
    /// Nothing: the value was kept, dropped, or is delivered by the caller already draining.
    case none
    /// Deliver the pending events of subscriber `id` (``nextPending(of:)`` until it answers `nil`).
    case drain(UInt64)
  }

  /// How the buffer keeps values while nobody subscribes.
  let policy: BufferingPolicy
  /// Values sent while nobody subscribed, oldest first.
  private(set) var buffer = Queue<Value>()
  /// How many values the policy dropped.
  private(set) var dropped = 0
  /// The terminal event, once sent.
  private(set) var terminal: Event<Value, Failure>?
  /// The subscribers by identifier, and their identifiers oldest first.
  private var subscribers: [UInt64: Subscriber] = [:]
  private var order: [UInt64] = []
  private var nextID: UInt64 = 0

  init(policy: BufferingPolicy) {
    if let limit = policy.bufferLimit {
      precondition(limit > 0, "OneShotSubject(bufferingPolicy:): the limit must be > 0, got \(limit)")
    }
    self.policy = policy
  }

  /// How many subscribers there are.
  var subscriberCount: Int { order.count }

  /// A value was sent.
  mutating func valueSent(_ value: Value) -> Action {
    guard terminal == nil else { return .none }
    guard let oldest = order.first else {
      keep(value)
      return .none
    }
    return enqueue(.value(value), for: oldest)
  }

  /// The terminal event was sent: every subscriber receives it after its pending values.
  ///
  /// Returns the subscribers to drain.
  mutating func terminalSent(_ event: Event<Value, Failure>) -> [UInt64] {
    guard terminal == nil else { return [] }
    terminal = event
    return order.compactMap { id in
      guard case .drain(let drained) = enqueue(event, for: id) else { return nil }
      return drained
    }
  }

  /// A subscriber arrived: it takes the buffer, then the terminal event if the subject ended.
  ///
  /// Returns its identifier; drain it (``drainStarted(of:)``) once the caller can tell when it goes away.
  mutating func subscribed() -> UInt64 {
    nextID += 1
    var subscriber = Subscriber()
    while let value = buffer.popFirst() { subscriber.pending.append(.value(value)) }
    if let terminal { subscriber.pending.append(terminal) }
    subscribers[nextID] = subscriber
    order.append(nextID)
    return nextID
  }

  /// The caller that subscribed `id` is ready to deliver what it took.
  mutating func drainStarted(of id: UInt64) -> Action {
    guard var subscriber = subscribers[id], !subscriber.draining, !subscriber.pending.isEmpty else { return .none }
    subscriber.draining = true
    subscribers[id] = subscriber
    return .drain(id)
  }

  /// The next event to deliver to `id`; `nil` ends the drain (and the caller's turn).
  mutating func nextPending(of id: UInt64) -> Event<Value, Failure>? {
    guard var subscriber = subscribers[id] else { return nil }
    subscribers[id] = nil  // no copy of the queue while it changes (STYLE §2)
    defer { subscribers[id] = subscriber }
    guard let event = subscriber.pending.popFirst() else {
      subscriber.draining = false
      return nil
    }
    return event
  }

  /// Subscriber `id` went away: its undelivered values go to the next oldest subscriber, or back to the front of
  /// the buffer.
  mutating func unsubscribed(_ id: UInt64) -> Action {
    guard var leaving = subscribers.removeValue(forKey: id) else { return .none }
    order.removeAll { $0 == id }
    var values: [Value] = []
    while let event = leaving.pending.popFirst() {
      if case .value(let value) = event { values.append(value) }
    }
    guard !values.isEmpty else { return .none }
    guard let next = order.first, var heir = subscribers.removeValue(forKey: next) else {
      var buffer = Queue<Value>()
      for value in values { buffer.append(value) }
      while let value = self.buffer.popFirst() { buffer.append(value) }
      self.buffer = buffer
      trimToPolicy()
      return .none
    }
    var pending = Queue<Event<Value, Failure>>()
    for value in values { pending.append(.value(value)) }
    while let event = heir.pending.popFirst() { pending.append(event) }
    heir.pending = pending
    let startsDrain = !heir.draining
    heir.draining = true
    subscribers[next] = heir
    return startsDrain ? .drain(next) : .none
  }

  private mutating func enqueue(_ event: Event<Value, Failure>, for id: UInt64) -> Action {
    guard var subscriber = subscribers.removeValue(forKey: id) else { return .none }
    subscriber.pending.append(event)
    let startsDrain = !subscriber.draining
    subscriber.draining = true
    subscribers[id] = subscriber
    return startsDrain ? .drain(id) : .none
  }

  private mutating func keep(_ value: Value) {
    if case .bufferingOldest(let limit) = policy, buffer.count >= limit {
      dropped += 1
      return
    }
    buffer.append(value)
    trimToPolicy()
  }

  /// Drops the oldest values past the limit of ``BufferingPolicy/bufferingNewest(_:)``, and the newest past that
  /// of ``BufferingPolicy/bufferingOldest(_:)``.
  private mutating func trimToPolicy() {
    switch policy {
    case .unbounded:
      return
    case .bufferingNewest(let limit):
      while buffer.count > limit {
        _ = buffer.popFirst()
        dropped += 1
      }
    case .bufferingOldest(let limit):
      guard buffer.count > limit else { return }
      var kept = Queue<Value>()
      while kept.count < limit, let value = buffer.popFirst() { kept.append(value) }
      dropped += buffer.count
      buffer = kept
    }
  }
}

extension OneShotStateMachine: Sendable where Value: Sendable {}
extension OneShotStateMachine.Subscriber: Sendable where Value: Sendable {}
