/// The states of one `combineLatest` subscription: the latest value of each source, and which completed.
///
/// The result completes once every source completed, or, unless `waitsForEveryCompletion`, as soon as a source
/// completes without having sent a value: no combination can be sent any more (Rx). Pure: it returns the
/// combination to send; the storage sends it. Inputs arrive serially (see ``InputDelivery``), so it needs no lock.
@usableFromInline
struct CombineLatestStateMachine<Element>: CombiningMachine {
  @usableFromInline
  enum State {
    /// Some source has not sent a value yet: nothing is sent. `latest` holds what arrived so far.
    case waitingForAll(latest: [Element?], missing: Int)
    /// Every source sent a value: each new value sends the combination.
    case combining(latest: [Element])
    /// A terminal event went downstream; every further input is ignored.
    case finished
    /// Transient placeholder while the array in the payload is mutated in place.
    case modifying
  }

  @usableFromInline
  var state: State
  /// How many sources have not completed yet.
  @usableFromInline
  var running: Int
  /// Whether a source that completes without a value leaves the result running until every source completed
  /// (ReactiveCocoa's `combineLatest:`), instead of completing it at once.
  @usableFromInline
  let waitsForEveryCompletion: Bool

  /// Creates the machine for `count` sources.
  @inlinable
  init(count: Int, waitsForEveryCompletion: Bool = false) {
    state = .waitingForAll(latest: Array(repeating: nil, count: count), missing: count)
    running = count
    self.waitsForEveryCompletion = waitsForEveryCompletion
  }

  /// Source `index` sent `value`.
  @inlinable
  mutating func valueReceived(_ value: Element, at index: Int) -> CombiningAction<Element> {
    switch state {
    case .waitingForAll(var latest, var missing):
      state = .modifying
      if latest[index] == nil { missing -= 1 }
      latest[index] = value
      guard missing == 0 else {
        state = .waitingForAll(latest: latest, missing: missing)
        return .none
      }
      // `missing` reached 0, so every slot holds a value.
      let all = latest.map { $0! }
      state = .combining(latest: all)
      return .send(all)
    case .combining(var latest):
      state = .modifying
      latest[index] = value
      state = .combining(latest: latest)
      return .send(latest)
    case .finished:
      return .none
    case .modifying:
      preconditionFailure("CombineLatest: internal inconsistency, \(state) received a value")
    }
  }

  /// Source `index` completed: the result completes once every source completed, or at once if `index` never
  /// sent a value (unless `waitsForEveryCompletion`).
  @inlinable
  mutating func completed(at index: Int) -> CombiningAction<Element> {
    switch state {
    case .finished:
      return .none
    case .waitingForAll(let latest, _) where latest[index] == nil && !waitsForEveryCompletion:
      state = .finished
      return .complete
    case .waitingForAll, .combining:
      running -= 1
      guard running == 0 else { return .none }
      state = .finished
      return .complete
    case .modifying:
      preconditionFailure("CombineLatest: internal inconsistency, \(state) received a completion")
    }
  }

  /// A source failed: the result fails at once.
  @inlinable
  mutating func failed() -> Bool {
    guard case .finished = state else {
      state = .finished
      return true
    }
    return false
  }
}
