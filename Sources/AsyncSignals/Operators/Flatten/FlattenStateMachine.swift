/// The states of one flattening subscription: how many inners run, which wait, and which one is current.
///
/// Pure: it decides, for each input, which inner to subscribe and when the result ends; the storage subscribes
/// and sends. `Inner` is what waits in the queue (the inner signal; tests use plain values). Inputs arrive
/// serially (see ``InputDelivery``), so it needs no lock.
///
/// Each subscribed inner gets a fresh `id`. With ``FlattenStrategy/latest`` events of an inner that was
/// replaced may still be queued when the replacement starts; they carry an old `id` and are dropped.
@usableFromInline
struct FlattenStateMachine<Inner> {
  @usableFromInline
  enum State {
    /// The outer signal has not ended: new inners may still arrive.
    case outerRunning
    /// The outer signal completed: the result completes when no inner runs or waits.
    case outerCompleted
    /// A terminal event went downstream; every further input is ignored.
    case finished
  }

  /// What the storage does after an input.
  @usableFromInline
  enum Action {
    /// Nothing.
    case none
    /// Subscribe `inner` as the inner with `id`.
    case subscribe(Inner, id: Int)
    /// Dispose the current inner, then subscribe `inner` as the inner with `id` (``FlattenStrategy/latest``).
    case replace(with: Inner, id: Int)
    /// Send the terminal event just received (or completion) downstream and end the subscription.
    case finish
  }

  @usableFromInline
  var state = State.outerRunning
  /// The most inners that run at once; `nil` for ``FlattenStrategy/latest``.
  @usableFromInline
  let limit: Int?
  /// Whether an inner that arrives while `limit` inners run is dropped (``FlattenStrategy/first``) rather than
  /// queued.
  @usableFromInline
  let dropsWhenFull: Bool
  /// How many inners are subscribed and have not ended.
  @usableFromInline
  var running = 0
  /// Inners waiting for a free slot, oldest first.
  @usableFromInline
  var pending = Queue<Inner>()
  /// The `id` the next subscribed inner gets.
  @usableFromInline
  var nextID = 0
  /// The `id` of the inner whose events are forwarded (``FlattenStrategy/latest`` only).
  @usableFromInline
  var currentID: Int?

  /// Creates the machine of a new subscription.
  @inlinable
  init(strategy: FlattenStrategy) {
    switch strategy.kind {
    case .latest:
      limit = nil
      dropsWhenFull = false
    case .first:
      limit = 1
      dropsWhenFull = true
    case .concurrent(let limit):
      self.limit = limit
      dropsWhenFull = false
    }
  }

  /// How many inners wait for a slot.
  @inlinable
  var pendingCount: Int { pending.count }

  /// The outer signal sent `inner`.
  @inlinable
  mutating func outerSent(_ inner: consuming Inner) -> Action {
    guard case .outerRunning = state else { return .none }
    guard let limit else {
      let id = takeID()
      defer { currentID = id }
      running = 1
      return currentID == nil ? .subscribe(inner, id: id) : .replace(with: inner, id: id)
    }
    guard running < limit else {
      if !dropsWhenFull { pending.append(inner) }
      return .none
    }
    running += 1
    return .subscribe(inner, id: takeID())
  }

  /// The outer signal completed.
  @inlinable
  mutating func outerCompleted() -> Action {
    guard case .outerRunning = state else { return .none }
    state = .outerCompleted
    return finishIfIdle()
  }

  /// The outer signal failed: the result fails at once.
  @inlinable
  mutating func outerFailed() -> Action {
    switch state {
    case .outerRunning, .outerCompleted: fail()
    case .finished: .none
    }
  }

  /// Whether a value of the inner with `id` goes downstream.
  @inlinable
  func innerSent(id: Int) -> Bool {
    switch state {
    case .finished: false
    case .outerRunning, .outerCompleted: limit != nil || id == currentID
    }
  }

  /// The inner with `id` completed: start a waiting inner, or complete if nothing is left.
  @inlinable
  mutating func innerCompleted(id: Int) -> Action {
    guard case .finished = state else {
      guard let limit else {
        guard id == currentID else { return .none }
        currentID = nil
        running = 0
        return finishIfIdle()
      }
      running -= 1
      if running < limit, let inner = pending.popFirst() {
        running += 1
        return .subscribe(inner, id: takeID())
      }
      return finishIfIdle()
    }
    return .none
  }

  /// The inner with `id` failed: the result fails at once (unless that inner was already replaced).
  @inlinable
  mutating func innerFailed(id: Int) -> Action {
    switch state {
    case .outerRunning, .outerCompleted: limit == nil && id != currentID ? .none : fail()
    case .finished: .none
    }
  }

  /// Finishes with a failure: waiting inners are dropped.
  @inlinable
  mutating func fail() -> Action {
    state = .finished
    pending = Queue()
    return .finish
  }

  @inlinable
  mutating func finishIfIdle() -> Action {
    guard case .outerCompleted = state, running == 0, pendingCount == 0 else { return .none }
    state = .finished
    return .finish
  }

  @inlinable
  mutating func takeID() -> Int {
    defer { nextID &+= 1 }
    return nextID
  }
}
