import Synchronization

/// Delivers what one subscription's body sends to its observer chain: serially, in order, in grammar.
///
/// It is ``SerialDeliveryCore`` over the system's atomics and lock; the interleaving checker of the tests runs
/// the same code over its own (``SerialDeliverySynchronization``).
@usableFromInline
typealias SerialDelivery<Value: Sendable, Failure: Error> = SerialDeliveryCore<Value, Failure, SystemSynchronization>

/// Delivers what one subscription's body sends to its observer chain: serially, in order, in grammar.
///
/// It serialises what a signal made with `Signal.init(_:)` and a synchronous body sends; operators downstream of
/// it rely on its serial delivery and keep their state without a lock (only the final subscriber may synchronise
/// again: an actor's mailbox, a `for await` loop's ring).
///
/// Policy for re-entrancy and concurrency: a send that arrives while another is being delivered (from another
/// thread, or from inside the observer) is queued and returns at once; the thread already delivering delivers
/// it next, in order. Nobody blocks and no lock is held while the observer runs.
///
/// How: the protocol is ``SerialDeliveryStateMachine``, whose state (who owns delivery, how many requests it has
/// left, whether delivery stopped) is one atomic word, `state`, changed only by compare-and-swap of the machine's
/// transitions. A sender that finds delivery idle takes it with one compare-and-swap, calls the observer and gives
/// delivery back with another (no lock, no allocation). A sender that finds it owned appends its event to
/// `pending` and counts it, both under a lock; the owner delivers what is queued before it gives delivery up,
/// and a drain pops under the same lock, so it only ever takes counted events. Disposal stops delivery and is
/// counted like a queued event: the owner (or the disposer, if nobody owns delivery) drops what is queued and
/// releases the observer chain. Every delivery checks the state right before the observer runs, so none starts
/// after `dispose()` returns. Only the owner touches `downstream`, `delivering` and `reentrant`; the
/// acquiring and releasing compare-and-swaps order one owner's accesses before the next owner's.
///
/// The owner records its thread in `ownerThread`, so that a send can tell whether it comes from the owner's own
/// thread with one relaxed load. Such a send is either re-entrant (from inside the observer chain), and goes to
/// `reentrant`, a queue only the owner touches: no lock and no atomic operation; or it comes from a synchronous
/// body that owns delivery while it runs (``runBody(_:)``), and is delivered after one load of the state, with no
/// atomic read-modify-write. Sends from other threads meanwhile queue in `pending`, and the body's thread
/// delivers them right after its current event, or before its next one, or when the body returns.
///
/// A drain is bounded: after ``SerialDeliverySynchronization/drainBudget`` events for other threads, the owner
/// hands the rest to a Task that prefers the subscription's executor (``Lifetime/task(priority:_:)``'s), so that no
/// caller is held by other threads' work and a `TestScheduler` runs the rest in virtual time.
///
/// ```
///  body ──send──▶ SerialDelivery ──(one at a time)──▶ operator observers ──▶ subscriber
///                  │ owned by the Lifetime, which disposes it
///                  └ after a terminal event: disposes the Lifetime
/// ```
@usableFromInline
final class SerialDeliveryCore<Value: Sendable, Failure: Error, Synchronization: SerialDeliverySynchronization>:
  Disposable, @unchecked Sendable
{
  // Safety: the speed tricks here, each with the rows it pays for (issue 20's rule: more than 10% of a row):
  // - `@exclusivity(unchecked)` on `downstream`, `delivering` and `reentrant`: with checked accesses (issue 27,
  //   three interleaved runs each, 2026-11-27) `sync pipeline/AsyncSignals source only` took 45.6 instead of
  //   11.2 ns, `main actor/AsyncSignals nonisolated subscriber` 42.3 instead of 13.2 ns and
  //   `flatMap/AsyncSignals .merge` 545 instead of 343 ns (measured together, not one by one).
  // - The owner-thread test (`ownerThread`): it lets a synchronous body send with one load and no atomic
  //   read-modify-write (`sync pipeline/AsyncSignals`: 49.5 -> 36.3 ns when it came in), and it is the only way
  //   to tell a re-entrant send, which Contracts.md rule 6 delivers right after the current event (through
  //   `reentrant`, with no lock: the `flatMap/AsyncSignals` rows, whose inners send re-entrantly).
  // `downstream`, `delivering` and `reentrant` are read and written only by the current owner of
  // delivery (the thread whose compare-and-swap of `state` made it the owner: a sender, the body's thread in
  // `runBody`, a drain, or the Task a drain was handed to), and the acquiring and releasing operations on `state`
  // order each owner's accesses before the next owner's. `pending` is read and written only inside
  // `withQueueLock`; the rest is atomic or immutable.

  @usableFromInline
  typealias Machine = SerialDeliveryStateMachine

  /// ``SerialDeliveryStateMachine/encoded``: who owns delivery, the requests it has left, whether it stopped.
  @usableFromInline
  let state = Atomic<Int>(0)

  /// The thread that delivers or runs the body, while it does; 0 otherwise.
  ///
  /// Only that thread stores its own number here, and it stores 0 before it gives delivery up, so a thread
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
  /// layouts known without it. Accesses are checked: only a send that finds another thread delivering reaches
  /// it, which no benchmark row does.
  @usableFromInline
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
    observe("isDisposed") { $0.isStopped }
  }

  /// Runs a synchronous body as the owner of delivery, so that its own sends need no atomic read-modify-write.
  ///
  /// If delivery is taken already (the subscription was disposed before the body started), the body runs
  /// without owning it and its sends take the usual path.
  ///
  /// Forced inline, and small (what follows the body is a call): inlined into `Signal.init(_:)`'s start handler,
  /// it lets the optimiser see which body and which observer the body sends into, and put ``send(_:)`` in the
  /// body's loop. As a call (it had grown with the machine's transitions), the body called the observer through
  /// two partial-apply thunks per event: `sync pipeline/AsyncSignals` took 256 instead of 212 instructions per
  /// event (callgrind, issue 27).
  @inlinable
  @inline(__always)
  func runBody(_ body: () -> Void) {
    guard case .runAsOwner = transition("bodyStarted", assuming: Machine(.idle), { $0.bodyStarted() }) else {
      body()
      return
    }
    ownerThread.store(currentThreadID(), ordering: .relaxed)
    body()
    ownerThread.store(0, ordering: .relaxed)
    bodyReturned()
  }

  /// Gives delivery up after a synchronous body returned, or drains what other threads queued meanwhile.
  ///
  /// Out of line, so that ``runBody(_:)`` stays small: it runs once per subscription.
  @inlinable
  @inline(never)
  func bodyReturned() {
    switch transition("bodyReturned", assuming: nil, { $0.bodyReturned() }) {
    case .finish:
      break
    case .drain(let missed):
      drain(missed: missed, ended: false)
    }
  }

  /// Delivers `event`, or queues it behind the delivery in progress.
  ///
  /// Forced inline, and small: the per-event path of a synchronous body is the owner-thread test and the
  /// body's check (``SerialDeliveryStateMachine/bodyAlone``); everything else is a call. As a call itself, with
  /// the sender's path inline, it made a synchronous body's send about 9 ns slower (two calls per event).
  @inlinable
  @inline(__always)
  func send(_ event: Event<Value, Failure>) {
    guard callerOwnsDelivery else {
      sendFromOtherThread(event)
      return
    }
    // The body's send with nothing queued: one load, compared with the one state in which the machine answers
    // `.deliver` (and `.resume` after the event), so that the per-event path is a compare and a call.
    guard !delivering, Synchronization.reintroducedBugs.isEmpty, observeWord("ownerThreadSent") == Machine.bodyAlone
    else {
      sendFromOwnerThread(event)
      return
    }
    let ended = deliverAsOwner(event)
    guard observeWord("bodyDelivered") == Machine.bodyAlone else {
      bodyDelivered(ended: ended)
      return
    }
    if ended { lifetime.dispose() }
  }

  /// Delivers `event`, or queues it behind the delivery in progress, with the path of a thread that does not own
  /// delivery inline too.
  ///
  /// For a subject's mailbox, which no body owns: every send takes the other thread's path, and as a call it
  /// cost `sync pipeline/AsyncSignals subject` 319 instead of 304 instructions per event (callgrind, issue 27).
  /// A synchronous body's ``send(_:)`` keeps that path out of line, and so does `InputDelivery`: inlined there,
  /// it copied each `flatMap` inner signal more often (4,654 instead of 4,135 instructions per inner).
  @inlinable
  @inline(__always)
  func sendFromAnyThread(_ event: Event<Value, Failure>) {
    guard callerOwnsDelivery else {
      deliverOrQueueFromOtherThread(event)
      return
    }
    sendFromOwnerThread(event)
  }

  /// Whether the calling thread owns delivery (a re-entrant send, or a synchronous body's).
  ///
  /// The owner's number is stored only by the owner, so a thread that finds its own number there stored it.
  @inlinable
  @inline(__always)
  var callerOwnsDelivery: Bool {
    let owner = ownerThread.load(ordering: .relaxed)
    return owner != 0 && owner == currentThreadID()
  }

  /// Delivers `event` from a thread that does not own delivery, or queues it behind the delivery in progress.
  @inlinable
  func sendFromOtherThread(_ event: Event<Value, Failure>) {
    deliverOrQueueFromOtherThread(event)
  }

  /// The path of ``sendFromOtherThread(_:)``, forced inline into ``sendFromAnyThread(_:)``.
  @inlinable
  @inline(__always)
  func deliverOrQueueFromOtherThread(_ event: Event<Value, Failure>) {
    switch transition("sendArrived", assuming: Machine(.idle), { $0.sendArrived() }) {
    case .deliver:
      break
    case .queue:
      sendWhileBusy(event)
      return
    case .drop:
      return
    }
    // The compare-and-swap that made this thread the owner found delivery running: it was the check.
    ownerThread.store(currentThreadID(), ordering: .relaxed)
    let ended = deliverAsOwner(event)
    ownerThread.store(0, ordering: .relaxed)
    // Assumed: nobody queued meanwhile and no terminal event went out; otherwise one more load.
    let assumed = ended ? nil : Machine(.owned(.sender, requests: 1))
    switch transition("senderFinished", assuming: assumed, { $0.senderFinished() }) {
    case .finish:
      if ended { lifetime.dispose() }
    case .drain(let missed):
      drain(missed: missed, ended: ended)
    }
  }

  /// Handles a send from the thread that owns delivery: a re-entrant one, or the synchronous body's.
  @inlinable
  func sendFromOwnerThread(_ event: Event<Value, Failure>) {
    guard !delivering else {
      // Re-entrant: the chain sent back into this subscription. Delivered right after the current event.
      reentrant.append(event)
      return
    }
    var action = observe("ownerThreadSent") { $0.ownerThreadSent() }
    if case .deliver = action, Synchronization.reintroducedBugs.contains(.bodyChecksTheQueueBeforeDelivering),
      !withQueueLock("ownerThreadSent", { pending.isEmpty })
    {
      action = .queueAndDrain
    }
    switch action {
    case .deliver:
      bodyDelivered(ended: deliverAsOwner(event))
    case .queueAndDrain:
      // Other threads queued events (or disposal) since the last delivery: they go out first, and this one in
      // the same round.
      switch queue(event) {
      case .append(let requests):
        drain(missed: requests - 1, ended: false, asBody: true)
      case .drop:
        break  // stopped meanwhile: the body's next send or its return releases the chain
      case .appendAndDrain:
        Machine.inconsistency("the body's thread found delivery idle")
      }
    case .dropAndDrain(let missed):
      drain(missed: missed, ended: false, asBody: true)
    case .drop:
      break
    case .queue:
      sendWhileBusy(event)
    }
  }

  /// Goes on after the body's event was delivered: drains what other threads queued meanwhile, keeping the body's
  /// request, and ends the lifetime if the event was terminal.
  @inlinable
  func bodyDelivered(ended: Bool) {
    switch observe("bodyDelivered", { $0.bodyDelivered() }) {
    case .resume:
      if ended { lifetime.dispose() }
    case .drain(let missed):
      // Other threads queued events (or disposal) meanwhile: deliver them now, keeping the body's request.
      drain(missed: missed, ended: ended, asBody: true)
    }
  }

  /// Delivers `event`, whose check passed, and then the re-entrant sends it caused, as the owner; returns whether
  /// a terminal event went out, which ends the subscription.
  ///
  /// Forced inline, like ``deliver(_:)``, with the rare re-entrant case out of line: it is the per-event
  /// path of every signal, and as a call it doubled the cost of a source with no operators.
  @inlinable
  @inline(__always)
  func deliverAsOwner(_ event: Event<Value, Failure>) -> Bool {
    delivering = true
    let ended = deliver(event)
    guard reentrant.isEmpty else { return deliverReentrantSends(ended: ended) }
    delivering = false
    return ended
  }

  /// Delivers the re-entrant sends queued during a delivery, and those they cause in turn; drops them once
  /// delivery stopped.
  ///
  /// `delivering` stays set until the queue is empty, so that a send from the release of a dropped event queues
  /// here too (and is dropped in turn) rather than starting a delivery of its own.
  @inlinable
  func deliverReentrantSends(ended: Bool) -> Bool {
    var ended = ended
    while let next = reentrant.popFirst() {
      guard case .deliver = observe("deliveryChecked", { $0.deliveryChecked() }) else { continue }
      if deliver(next) { ended = true }
    }
    delivering = false
    return ended
  }

  /// Delivers one event as the owner, after its check; returns whether it was a terminal event.
  ///
  /// A terminal event stops delivery first (its own check), then goes to the chain, which is released.
  @inlinable
  @inline(__always)
  func deliver(_ event: Event<Value, Failure>) -> Bool {
    guard event.isTerminal else {
      Self.call(&downstream, with: event)
      return false
    }
    guard case .deliver = transition("terminalArrived", assuming: nil, { $0.terminalArrived() }) else { return false }
    let observer = downstream
    downstream = nil
    observer?.action(event)
    return true
  }

  /// Calls `observer` in place, without the retain and release that copying it out of the class would cost.
  ///
  /// The `inout` access tells the optimiser that nothing else writes `downstream` during the call, and nothing
  /// does: it is written only by the owner, in ``deliver(_:)`` before a terminal event goes out and in
  /// ``releaseAsOwner()``, never while a send or a disposal arrives during the call (they queue).
  @inlinable
  static func call(_ observer: inout Observer<Value, Failure>?, with event: Event<Value, Failure>) {
    observer!.action(event)
  }

  /// Queues `event` for the current owner, or becomes the owner if delivery went idle meanwhile.
  ///
  /// Inlinable, like ``drain(missed:ended:asBody:)``, so that the caller specialises it: operators that
  /// re-enter their delivery on every event (flatMap's inner signals) would otherwise run generic code that
  /// looks up runtime metadata for `Event<Value, Failure>` and `Queue` at each call.
  @inlinable
  func sendWhileBusy(_ event: Event<Value, Failure>) {
    if case .appendAndDrain = queue(event) {
      drain(missed: 1, ended: false)
    }
  }

  /// Appends `event` to `pending` and counts it, in one critical section, unless delivery stopped.
  ///
  /// Counted under the lock, because a drain pops under the same lock and so only ever takes a counted event.
  /// Counted after unlocking (ba964f5), a drain could take such an event in place of a counted one; the count
  /// then reached 0 (or the body's 1) while a counted event still waited, and that sender's next send, delivered
  /// at once, overtook it.
  @inlinable
  func queue(_ event: Event<Value, Failure>) -> Machine.EventQueuedAction {
    guard !Synchronization.reintroducedBugs.contains(.countsQueuedSendsAfterUnlocking) else {
      withQueueLock("eventQueued") { pending.append(event) }
      return transition("eventQueued", assuming: nil) { $0.eventQueued() }
    }
    return withQueueLock("eventQueued") {
      let action = transition("eventQueued", assuming: nil) { $0.eventQueued() }
      switch action {
      case .append, .appendAndDrain:
        pending.append(event)
      case .drop:
        break
      }
      return action
    }
  }

  /// Delivers queued events as the owner until no request is outstanding, then ends the lifetime if a terminal
  /// event went out.
  ///
  /// `asBody`: the body's thread drains one round for other threads, keeps delivery and returns to the body.
  /// Otherwise it drains as ``SerialDeliveryStateMachine/Owner/drain`` (and records its thread while it delivers).
  ///
  /// Bounded, so that a thread that keeps sending cannot hold another caller here (issue 21): each round
  /// delivers at most the events of the requests it accounts for, not the ones that arrive meanwhile. A body's
  /// drain does one round and returns to the body, which drains again at its next send or when it returns.
  /// Another caller hands the rest to a Task once it has delivered ``SerialDeliverySynchronization/drainBudget``
  /// events (``handOff()``); the outstanding requests keep everyone else from taking delivery, so order and
  /// serial delivery hold.
  ///
  /// What it drops (events queued before a stop, the chain) is released only after the round's transition, when
  /// no count is in flight: a release that sends into this delivery then starts from a settled state.
  @inlinable
  func drain(missed: Int, ended: Bool, asBody: Bool = false) {
    var missed = missed
    var ended = ended
    var delivered = 0
    var released = false
    let thread = asBody ? 0 : currentThreadID()
    while true {
      var dropped: Event<Value, Failure>?
      var round = missed
      if thread != 0 { ownerThread.store(thread, ordering: .relaxed) }
      while round > 0, !released, let event = withQueueLock("drain", { pending.popFirst() }) {
        round -= 1
        delivered += 1
        guard case .deliver = observe("deliveryChecked", { $0.deliveryChecked() }) else {
          dropped = event
          break
        }
        if deliverAsOwner(event) { ended = true }
      }
      if thread != 0 { ownerThread.store(0, ordering: .relaxed) }
      let mayContinue = delivered < Synchronization.drainBudget
      var releasedChain: Released?
      var next = finishRound(handled: missed, released: released, asBody: asBody, mayContinue: mayContinue)
      if case .release = next {
        releasedChain = releaseAsOwner()
        released = true
        next = finishRound(handled: missed, released: released, asBody: asBody, mayContinue: mayContinue)
      }
      withExtendedLifetime((dropped, releasedChain)) {}
      switch next {
      case .release:
        Machine.inconsistency("a drain was asked to release twice")
      case .finish:
        if ended { lifetime.dispose() }
        return
      case .drain(let more):
        missed = more
      case .handOff:
        precondition(!ended, "SerialDelivery: internal inconsistency, a stopped drain handed off")
        handOff()
        return
      }
    }
  }

  /// Reports a drain's round to the machine: as ``SerialDeliveryStateMachine/drainRoundFinished(handled:released:mayContinue:)``,
  /// or for the body's thread as ``SerialDeliveryStateMachine/bodyDrainFinished(handled:released:)``, whose
  /// return to the body reads as ``SerialDeliveryStateMachine/DrainRoundFinishedAction/finish``.
  @inlinable
  @inline(__always)
  func finishRound(
    handled: Int,
    released: Bool,
    asBody: Bool,
    mayContinue: Bool
  ) -> Machine.DrainRoundFinishedAction {
    guard asBody else {
      return transition("drainRoundFinished", assuming: nil) {
        $0.drainRoundFinished(handled: handled, released: released, mayContinue: mayContinue)
      }
    }
    switch transition(
      "bodyDrainFinished",
      assuming: nil,
      { $0.bodyDrainFinished(handled: handled, released: released) }
    ) {
    case .release:
      return .release
    case .resume:
      return .finish
    }
  }

  /// What ``releaseAsOwner()`` took out of the delivery, to be released after the transition that follows.
  @usableFromInline
  typealias Released = (Observer<Value, Failure>?, Queue<Event<Value, Failure>>, Queue<Event<Value, Failure>>)

  /// Takes the observer chain and every queued event out of the delivery (owner only, after it stopped).
  @inlinable
  func releaseAsOwner() -> Released {
    let released = downstream
    downstream = nil
    let droppedReentrant = reentrant
    reentrant = Queue()
    let dropped = withQueueLock("release") {
      let dropped = pending
      pending = Queue()
      return dropped
    }
    return (released, droppedReentrant, dropped)
  }

  /// Goes on with a drain in a Task, so that the caller returns.
  ///
  /// The Task prefers the executor the subscription's own Tasks prefer (a `TestScheduler` runs it in virtual
  /// time), otherwise it runs on the global executor. It is not tied to the lifetime: it must run even after
  /// disposal, to drop what is queued and release the chain, and a cancelled Task would run it all the same.
  @usableFromInline
  func handOff() {
    _ = Lifetime.makeTask(preferring: lifetime.taskExecutorPreference, priority: nil) { [self] in
      switch transition("handOffStarted", assuming: nil, { $0.handOffStarted() }) {
      case .drain(let missed):
        drain(missed: missed, ended: false)
      }
    }
  }

  /// Stops delivery and releases the observer chain; queued events are dropped.
  @usableFromInline
  func dispose() {
    switch transition("disposeRequested", assuming: nil, { $0.disposeRequested() }) {
    case .none:
      break
    case .drain:
      drain(missed: 1, ended: false)
    }
  }
}

// MARK: - The state word and the lock

extension SerialDeliveryCore {
  /// Applies `input` to the state word and returns its action for the state it applied to.
  ///
  /// A compare-and-swap from `assumed` first: one atomic operation when the guess is right, and, the guess being
  /// a constant, a transition the compiler computes. When the guess is wrong, or there is none, it goes on from the
  /// state it finds (``transition(_:from:_:)``). Every change of the word goes through here, so the word only
  /// ever holds states the machine made.
  @inlinable
  @inline(__always)
  func transition<Action>(
    _ name: StaticString,
    assuming assumed: Machine?,
    _ input: (inout Machine) -> Action
  ) -> Action {
    guard let assumed else {
      Synchronization.willAccessSharedState(.load(name), of: self)
      return transition(name, from: Machine(encoded: state.load(ordering: .acquiring)), input)
    }
    var next = assumed
    let action = input(&next)
    Synchronization.willAccessSharedState(.compareExchange(name), of: self)
    let (exchanged, original) = state.compareExchange(
      expected: assumed.encoded,
      desired: next.encoded,
      ordering: .acquiringAndReleasing
    )
    guard exchanged else { return transition(name, from: Machine(encoded: original), input) }
    return action
  }

  /// Applies `input` to the state word, found in state `observed`: a compare-and-swap of its transition, again
  /// from the state found until the swap succeeds, or none if `input` leaves the state it found as it is.
  ///
  /// Out of line: it is the path of a wrong guess, and inlined it made `send` too large to be inlined itself.
  @inlinable
  @inline(never)
  func transition<Action>(
    _ name: StaticString,
    from observed: Machine,
    _ input: (inout Machine) -> Action
  ) -> Action {
    var expected = observed.encoded
    while true {
      var next = Machine(encoded: expected)
      let action = input(&next)
      let desired = next.encoded
      if desired == expected { return action }
      Synchronization.willAccessSharedState(.compareExchange(name), of: self)
      let (exchanged, original) = state.compareExchange(
        expected: expected,
        desired: desired,
        ordering: .acquiringAndReleasing
      )
      if exchanged { return action }
      expected = original
    }
  }

  /// The state word (one acquiring load).
  @inlinable
  @inline(__always)
  func observeWord(_ name: StaticString) -> Int {
    Synchronization.willAccessSharedState(.load(name), of: self)
    return state.load(ordering: .acquiring)
  }

  /// Answers `query` from the current state (one acquiring load).
  @inlinable
  @inline(__always)
  func observe<Result>(_ name: StaticString, _ query: (Machine) -> Result) -> Result {
    Synchronization.willAccessSharedState(.load(name), of: self)
    return query(Machine(encoded: state.load(ordering: .acquiring)))
  }

  /// Runs `body` holding the queue's lock.
  @inlinable
  @inline(__always)
  func withQueueLock<Result: Sendable>(_ name: StaticString, _ body: () -> Result) -> Result {
    Synchronization.willAccessSharedState(.lock(name), of: self)
    let result = pendingLock.withLock { _ in body() }
    Synchronization.didUnlock(self)
    return result
  }
}

/// Creates the lock of a ``SerialDeliveryCore``'s queue.
///
/// Not generic and not inlinable, so `Locked<Void>` is built by code specialised in this module: a caller's
/// inlined `SerialDeliveryCore.init` looks up no runtime metadata for it.
@usableFromInline
func makePendingLock() -> Locked<Void> {
  Locked(())
}
