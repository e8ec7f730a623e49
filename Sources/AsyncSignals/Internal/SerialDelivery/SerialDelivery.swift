import Dispatch
import Synchronization

/// Delivers what one subscription's body sends to its observer chain: serially, in order, in grammar.
///
/// It is the only place a signal made with `Signal.init(_:)` and a synchronous body synchronises per event;
/// operators downstream of it rely on its serial delivery and keep their state without a lock.
///
/// Policy for re-entrancy and concurrency: a send that arrives while another is being delivered (from another
/// thread, or from inside the observer) is queued and returns at once; the thread already delivering delivers
/// it next, in order. Nobody blocks and no lock is held while the observer runs.
///
/// How: `workInProgress` counts delivery requests. A sender that moves it from 0 to 1 owns delivery and calls
/// the observer directly (two atomic operations per uncontended event, no lock, no allocation). A sender that
/// finds it non-zero appends its event to `pending` and adds one, both under a lock; whoever owns delivery keeps
/// draining `pending` until its subtraction brings the count back to 0. Disposal is a request like any other:
/// it sets `stopped` and adds one, so the owner (or the disposer, if nobody owns delivery) drops what is
/// queued and releases the observer chain. Every delivery first checks `stopped`, so none starts after
/// `dispose()` returns. The owner is the only one to touch `downstream`; the atomics order one owner's
/// writes before the next owner's reads.
///
/// The owner records its thread in `ownerThread`, so that a send can tell whether it comes from the owner's
/// own thread with one relaxed load. Such a send is either re-entrant (from inside the observer chain), and
/// goes to `reentrant`, a queue only the owner touches: no lock and no atomic operation, which matters to
/// operators whose chain sends back into their own delivery on every event (flatMap's inner signals); or it
/// comes from a synchronous body that owns delivery while it runs (``runBody(_:)``), and is delivered with no
/// atomic read-modify-write. Sends from other threads meanwhile queue in `pending`, and the body's thread
/// delivers them before its next event, or when the body returns.
///
/// ```
///  body ──send──▶ SerialDelivery ──(one at a time)──▶ operator observers ──▶ subscriber
///                  │ owned by the Lifetime, which disposes it
///                  └ after a terminal event: disposes the Lifetime
/// ```
@usableFromInline
final class SerialDelivery<Value: Sendable, Failure: Error>: Disposable, @unchecked Sendable {
  // Safety: `downstream`, `delivering`, `reentrant` and `hasReentrantSends` are read and written only by the
  // current owner of delivery (the thread that raised `workInProgress` from 0, or the body's thread in
  // `runBody`), and the acquiring/releasing operations on `workInProgress` order each owner's accesses before
  // the next owner's. `pending` is read and written only inside `pendingLock.withLock`; the
  // rest is atomic or immutable.

  /// Delivery requests not yet handled: 0 when nobody delivers; the owner delivers until it brings it to 0.
  @usableFromInline
  let workInProgress = Atomic<Int>(0)

  /// Set by disposal and by a delivered terminal event: no delivery starts once it is seen.
  @usableFromInline
  let stopped = Atomic<Bool>(false)

  /// The thread that owns delivery, while it does; 0 otherwise.
  ///
  /// Only the owner stores its own number here, and it stores 0 before it gives delivery up, so a thread
  /// that reads its own number (even with a relaxed load) owns delivery: it is inside the observer chain
  /// (`delivering`) or runs the synchronous body (``runBody(_:)``).
  @usableFromInline
  let ownerThread = Atomic<UInt>(0)

  /// Whether the owner is inside the observer chain (owner only).
  ///
  /// A send from the owner's thread while it is set is re-entrant and goes to `reentrant`.
  @usableFromInline
  @exclusivity(unchecked)
  var delivering = false

  /// Re-entrant sends: events the owner's own thread sent from inside the observer chain, delivered right
  /// after the event in progress (owner only, so no lock).
  @usableFromInline
  @exclusivity(unchecked)
  var reentrant = Queue<Event<Value, Failure>>()

  /// Whether `reentrant` holds events (owner only): checked after every delivery, so a flag in this object
  /// rather than a load through the queue's storage.
  @usableFromInline
  @exclusivity(unchecked)
  var hasReentrantSends = false

  /// The observer chain, until it is released (owner only).
  ///
  /// Unchecked exclusivity: only the owner of delivery touches it (see the type's safety comment), and a
  /// checked class `var` would pay a `swift_beginAccess` per event. Stored inline rather than behind a
  /// pointer so that a subscription allocates one object less.
  @usableFromInline
  @exclusivity(unchecked)
  var downstream: Observer<Value, Failure>?

  /// Events sent while another sender owned delivery, in order.
  ///
  /// Guarded by `pendingLock` rather than held in a `Locked<Queue<…>>`: a lock over generic state made both
  /// the caller-specialised init and the (always generic) deinit look up runtime metadata, about a third of
  /// the cost of a subscription (the `churn/AsyncSignals` row); a `Locked<Void>` and an array queue have
  /// layouts known without it. `@exclusivity(unchecked)` because the lock, not the access, orders its uses.
  @usableFromInline
  @exclusivity(unchecked)
  var pending = Queue<Event<Value, Failure>>()

  /// The lock that guards `pending`.
  @usableFromInline
  let pendingLock = makePendingLock()

  /// The subscription's lifetime, ended after a terminal event has been delivered.
  @usableFromInline
  let lifetime: Lifetime

  /// Creates the delivery for one subscription.
  @inlinable
  init(downstream: Observer<Value, Failure>, lifetime: Lifetime) {
    self.downstream = downstream
    self.lifetime = lifetime
  }

  /// The observer the body sends into.
  @inlinable
  var observer: Observer<Value, Failure> {
    Observer { [self] event in send(event) }
  }

  /// Whether the subscription stopped delivering (after a terminal event or disposal).
  @inlinable
  var isDisposed: Bool {
    stopped.load(ordering: .acquiring)
  }

  /// Runs a synchronous body as the owner of delivery, so that its own sends need no atomics.
  ///
  /// If delivery is taken already (the subscription was disposed before the body started), the body runs
  /// without owning it and its sends take the usual path.
  @inlinable
  func runBody(_ body: () -> Void) {
    guard workInProgress.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else {
      body()
      return
    }
    ownerThread.store(currentThreadID(), ordering: .relaxed)
    body()
    ownerThread.store(0, ordering: .relaxed)
    let remaining = workInProgress.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
    if remaining != 0 {
      drain(missed: remaining, ended: false)
    }
  }

  /// Delivers `event`, or queues it behind the delivery in progress.
  @inlinable
  func send(_ event: Event<Value, Failure>) {
    let owner = ownerThread.load(ordering: .relaxed)
    if owner != 0, owner == currentThreadID() {
      sendFromOwnerThread(event)
      return
    }
    guard workInProgress.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else {
      sendWhileBusy(event)
      return
    }
    ownerThread.store(currentThreadID(), ordering: .relaxed)
    let ended = deliverAsOwner(event)
    ownerThread.store(0, ordering: .relaxed)
    // Wrapping: the count never overflows (at most one request per sender in flight), and the checked
    // `subtract` compiles to a compare-and-swap retry loop where this is a single `lock xadd`.
    let remaining = workInProgress.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
    if remaining != 0 {
      drain(missed: remaining, ended: ended)
    } else if ended {
      lifetime.dispose()
    }
  }

  /// Handles a send from the thread that owns delivery: a re-entrant one, or the synchronous body's.
  @inlinable
  func sendFromOwnerThread(_ event: Event<Value, Failure>) {
    guard !delivering else {
      // Re-entrant: the chain sent back into this subscription. Delivered right after the current event.
      reentrant.append(event)
      hasReentrantSends = true
      return
    }
    // Not inside the chain, yet owning delivery: the synchronous body (`runBody`).
    guard workInProgress.load(ordering: .acquiring) == 1 else {
      // Other threads queued events (or disposal) since the last delivery: they go out first. Counted after
      // queueing this one, so that the drain's round includes it.
      sendWhileBusy(event)
      drain(missed: workInProgress.load(ordering: .acquiring) - 1, ended: false, keeping: 1)
      return
    }
    let ended = deliverAsOwner(event)
    let requests = workInProgress.load(ordering: .acquiring)
    if requests != 1 {
      // Other threads queued events (or disposal) meanwhile: deliver them now, keeping the body's request.
      drain(missed: requests - 1, ended: ended, keeping: 1)
    } else if ended {
      lifetime.dispose()
    }
  }

  /// Delivers `event` and then the re-entrant sends it caused, as the owner; returns whether a terminal event
  /// went out, which ends the subscription.
  ///
  /// Forced inline, like ``deliverOne(_:)``, with the rare re-entrant case out of line: it is the per-event
  /// path of every signal, and as a call it doubled the cost of a source with no operators.
  @inlinable
  @inline(__always)
  func deliverAsOwner(_ event: Event<Value, Failure>) -> Bool {
    let ended = deliverOne(event)
    guard !hasReentrantSends else { return deliverReentrantSends(ended: ended) }
    return ended
  }

  /// Delivers the re-entrant sends queued during a delivery, and those they cause in turn.
  @inlinable
  func deliverReentrantSends(ended: Bool) -> Bool {
    var ended = ended
    while let next = reentrant.popFirst() {
      if deliverOne(next) { ended = true }
    }
    hasReentrantSends = false
    return ended
  }

  /// Delivers one event as the owner unless delivery stopped; returns whether it was a terminal event.
  @inlinable
  @inline(__always)
  func deliverOne(_ event: Event<Value, Failure>) -> Bool {
    guard !stopped.load(ordering: .acquiring), downstream != nil else { return false }
    delivering = true
    defer { delivering = false }
    guard event.isTerminal else {
      Self.call(&downstream, with: event)
      return false
    }
    let observer = downstream
    stopped.store(true, ordering: .releasing)
    downstream = nil
    observer?.action(event)
    return true
  }

  /// Calls `observer` in place, without the retain and release that copying it out of the class would cost.
  ///
  /// The `inout` access tells the optimiser that nothing else writes `downstream` during the call, and nothing
  /// does: it is written only by the owner, in ``deliverOne(_:)`` before a terminal event goes out and in
  /// ``releaseAsOwner()``, never while a send or a disposal arrives during the call (they queue).
  @inlinable
  static func call(_ observer: inout Observer<Value, Failure>?, with event: Event<Value, Failure>) {
    observer!.action(event)
  }

  /// Queues `event` for the current owner, or becomes the owner if delivery went idle meanwhile.
  ///
  /// After disposal nothing is queued: a sender that keeps sending to a disposed subscription adds no work for
  /// whoever drains, so a disposal's drain ends after the requests made before it was seen.
  ///
  /// Inlinable, like ``drain(missed:ended:keeping:)``, so that the caller specialises it: operators that
  /// re-enter their delivery on every event (flatMap's inner signals) would otherwise run generic code that
  /// looks up runtime metadata for `Event<Value, Failure>` and `Queue` at each call.
  @inlinable
  func sendWhileBusy(_ event: Event<Value, Failure>) {
    guard !stopped.load(ordering: .relaxed) else { return }
    // Appended and counted in one critical section: a drain pops under the same lock, so every event it can take
    // is counted in `workInProgress`. Counted after unlocking, a drain could take such an event in place of a
    // counted one; the count then reached 0 (or the body's 1) while a counted event still waited, and that
    // sender's next send, delivered at once, overtook it (twice in about 60 loaded runs of the TSan stress suite).
    let wasIdle = pendingLock.withLock { _ in
      pending.append(event)
      return workInProgress.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0
    }
    if wasIdle {
      drain(missed: 1, ended: false)
    }
  }

  /// How many queued events one caller delivers for other threads before it hands the rest of the drain to a
  /// thread of the library's and returns.
  @usableFromInline
  static var drainBudget: Int { 1_024 }

  /// Delivers queued events as the owner until no request is outstanding (but the `keeping` requests of a
  /// body that still runs), then ends the lifetime if a terminal event went out.
  ///
  /// With `keeping` 0 it owns delivery for the drain (and records its thread); with 1 it drains for a body
  /// that keeps owning delivery.
  ///
  /// Bounded, so that a thread that keeps sending cannot hold another caller here (issue 21): each round
  /// delivers at most the events of the requests it accounts for, not the ones that arrive meanwhile. A body's
  /// drain does one round and returns to the body, which drains again at its next send or when it returns.
  /// Another caller hands the rest over to a global dispatch queue once it has delivered ``drainBudget`` events;
  /// the outstanding requests keep everyone else from taking delivery, so order and serial delivery hold.
  @inlinable
  func drain(missed: Int, ended: Bool, keeping: Int = 0) {
    var missed = missed
    var ended = ended
    var delivered = 0
    let owner = keeping == 0 ? currentThreadID() : 0
    while true {
      if owner != 0 { ownerThread.store(owner, ordering: .relaxed) }
      var round = missed
      while round > 0, !stopped.load(ordering: .acquiring),
        let event = pendingLock.withLock({ _ in pending.popFirst() })
      {
        round -= 1
        delivered += 1
        if deliverAsOwner(event) { ended = true }
      }
      if stopped.load(ordering: .acquiring) {
        releaseAsOwner()
      }
      if owner != 0 { ownerThread.store(0, ordering: .relaxed) }
      let outstanding = workInProgress.wrappingSubtract(missed, ordering: .acquiringAndReleasing).newValue
      if outstanding == keeping || keeping != 0 { break }
      missed = outstanding - keeping
      if delivered >= Self.drainBudget {
        handOff(missed: missed, ended: ended)
        return
      }
    }
    if ended {
      lifetime.dispose()
    }
  }

  /// Goes on with a drain on a global dispatch queue, so that the caller returns.
  ///
  /// Not a Task: this is the library's own delivery work, not the subscription's, and a dispatch queue starts
  /// it without an allocation of a Task and its context.
  @usableFromInline
  func handOff(missed: Int, ended: Bool) {
    DispatchQueue.global().async { [self] in drain(missed: missed, ended: ended) }
  }

  /// Drops the observer chain and every queued event (owner only, after `stopped` was set).
  @inlinable
  func releaseAsOwner() {
    let released = downstream
    downstream = nil
    let droppedReentrant = reentrant
    reentrant = Queue()
    hasReentrantSends = false
    let dropped = pendingLock.withLock { _ in
      let dropped = pending
      pending = Queue()
      return dropped
    }
    withExtendedLifetime((released, droppedReentrant, dropped)) {}
  }

  /// Stops delivery and releases the observer chain; queued events are dropped.
  @usableFromInline
  func dispose() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    if workInProgress.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
      drain(missed: 1, ended: false)
    }
  }
}

/// Creates the lock of a ``SerialDelivery``'s queue.
///
/// Not generic and not inlinable, so `Locked<Void>` is built by code specialised in this module: a caller's
/// inlined `SerialDelivery.init` looks up no runtime metadata for it.
@usableFromInline
func makePendingLock() -> Locked<Void> {
  Locked(())
}
