/// The protocol of ``SerialDeliveryCore``: who owns delivery, how many requests it still has to handle, and
/// whether delivery stopped.
///
/// Pure: it decides, the delivery carries the decision out. Its whole state fits in one word (``encoded``), which
/// the delivery keeps in an `Atomic<Int>` and changes only by compare-and-swap of a transition computed here
/// (``SerialDeliveryCore/transition(_:assuming:_:)``), so every thread sees the states below and nothing else.
/// What only the owner touches (the observer chain, the re-entrant queue) and the queue of other threads'
/// events (under a lock) live beside it.
///
/// ```
///                 sendArrived / bodyStarted                      disposeRequested
///        ┌──────────────────────────────────────┐       ┌───────────────────────────────┐
///        │            eventQueued                ▼       │                               ▼
///  ┌──────────┐ ─────────────────────▶ ┌───────────────────┐  terminalArrived,   ┌────────────────────┐
///  │   idle   │                        │ owned(owner, n)   │  disposeRequested   │ stopping(owner, n) │
///  └──────────┘ ◀───────────────────── │ owner: sender,    │ ──────────────────▶ │ drops the queue,   │
///        ▲       senderFinished,       │ body, drain,      │                     │ releases the chain │
///        │       bodyReturned,         │ handOff           │                     └────────────────────┘
///        │       drainRoundFinished    └───────────────────┘                              │
///        │       (last request handled)  ▲  eventQueued: n + 1                            │ last request handled
///        │                               │  senderFinished, bodyReturned: → drain, n - 1  ▼
///  disposeRequested from idle            │  drainRoundFinished: n - handled,      ┌──────────────┐
///  (the disposer becomes the drain) ─────┘  → handOff past the budget             │   stopped    │ final
///                                           handOffStarted: handOff → drain       └──────────────┘
/// ```
///
/// A *request* is what the owner still has to handle: its own (a sender's event, a running body, a drain that
/// was handed the rest), one per event another thread queued, and the disposal. Only the owner lowers the count,
/// by the requests it has handled, so it gives delivery up exactly when nothing is left: an event queued a moment
/// before is counted in the same compare-and-swap as its append (under the queue's lock), never after it.
///
/// Impossible transitions (an input the protocol never sends in a state) stop the process with
/// "SerialDelivery: internal inconsistency".
@usableFromInline
struct SerialDeliveryStateMachine: Equatable, Sendable {
  /// Who owns delivery.
  @usableFromInline
  enum Owner: Int, Equatable, Sendable, CaseIterable {
    /// A thread delivering what others queued: a sender or a body that found more after its own event, a sender
    /// that queued into an idle delivery, a disposer, or the Task a drain was handed to.
    case drain = 0
    /// A sender that found delivery idle and delivers its own event.
    case sender = 1
    /// A synchronous body, for as long as it runs (``SerialDeliveryCore/runBody(_:)``): its own sends need no
    /// atomic read-modify-write.
    case body = 2
    /// A drain that reached its budget and handed the rest to a Task; nobody delivers until the Task starts.
    case handOff = 3
  }

  /// The states.
  @usableFromInline
  enum State: Equatable, Sendable {
    /// Nobody owns delivery and nothing waits: the next sender delivers at once.
    case idle
    /// `owner` owns delivery; `requests` (at least 1) counts its own request and those made since.
    case owned(Owner, requests: Int)
    /// Delivery stopped (a terminal event went out, or `dispose()`): nothing more is delivered or queued, and
    /// `owner` drops what is queued, releases the observer chain and gives up after `requests` requests.
    case stopping(Owner, requests: Int)
    /// Stopped and released: final.
    case stopped
  }

  /// The state.
  @usableFromInline
  private(set) var state: State

  /// Creates the machine in `state`.
  @inlinable
  init(_ state: State) {
    self.state = state
  }

  /// Layout of ``encoded``: bit 0 is set when stopped, bits 1–2 hold the owner, the rest counts the requests.
  @usableFromInline
  static var requestUnit: Int { 8 }

  /// The word of `owned(.body, requests: 1)`: a synchronous body owns delivery and nothing waits, the one state
  /// in which ``ownerThreadSent()`` answers `.deliver` and ``bodyDelivered()`` `.resume` (the body's per-event
  /// path compares the word with it).
  @inlinable
  static var bodyAlone: Int { Self(.owned(.body, requests: 1)).encoded }

  /// The state as one word, for an `Atomic<Int>`: `idle` is 0.
  @inlinable
  @inline(__always)
  var encoded: Int {
    switch state {
    case .idle: 0
    case .owned(let owner, let requests): requests &* Self.requestUnit | owner.rawValue << 1
    case .stopping(let owner, let requests): requests &* Self.requestUnit | owner.rawValue << 1 | 1
    case .stopped: 1
    }
  }

  /// Decodes a word made by ``encoded``.
  ///
  /// Forced inline, with its failure out of line: the per-event paths decode the word they load, and as a call
  /// the decoding doubled the cost of a synchronous body's send.
  @inlinable
  @inline(__always)
  init(encoded: Int) {
    let requests = encoded >> 3
    let ownerBits = encoded >> 1 & 3
    let isStopped = encoded & 1 != 0
    guard requests > 0 else {
      guard requests == 0, ownerBits == 0 else { Self.undecodable(encoded) }
      state = isStopped ? .stopped : .idle
      return
    }
    // `ownerBits` is 0...3, and `Owner` has a case for each.
    let owner = Owner(rawValue: ownerBits)!
    state = isStopped ? .stopping(owner, requests: requests) : .owned(owner, requests: requests)
  }

  /// Whether delivery stopped (``State/stopping(_:requests:)`` or ``State/stopped``).
  @inlinable
  @inline(__always)
  var isStopped: Bool {
    switch state {
    case .idle, .owned: false
    case .stopping, .stopped: true
    }
  }

  /// Stops the process: no transition makes `word`.
  @usableFromInline
  @inline(never)
  static func undecodable(_ word: Int) -> Never {
    inconsistency("the word \(word) was decoded")
  }

  /// Stops the process: the protocol never sends this input in this state.
  @usableFromInline
  @inline(never)
  static func inconsistency(_ what: String) -> Never {
    preconditionFailure("SerialDelivery: internal inconsistency, \(what)")
  }

  /// Stops the process naming `input` and the state it arrived in.
  @usableFromInline
  @inline(never)
  func inconsistency(_ input: StaticString) -> Never {
    Self.inconsistency("\(state) received \(input)")
  }
}

// MARK: - A send from a thread that does not own delivery

extension SerialDeliveryStateMachine {
  /// What a sender does with its event.
  @usableFromInline
  enum SendArrivedAction: Equatable, Sendable {
    /// Deliver it as the owner (``Owner/sender``), then report ``senderFinished()``.
    case deliver
    /// Queue it for the owner: under the queue's lock, report ``eventQueued()``.
    case queue
    /// Drop it: delivery stopped.
    case drop
  }

  /// A thread that does not own delivery sends an event.
  @inlinable
  @inline(__always)
  mutating func sendArrived() -> SendArrivedAction {
    switch state {
    case .idle:
      state = .owned(.sender, requests: 1)
      return .deliver
    case .owned:
      return .queue
    case .stopping, .stopped:
      return .drop
    }
  }

  /// What a sender does after it counted its event, under the queue's lock.
  @usableFromInline
  enum EventQueuedAction: Equatable, Sendable {
    /// Append the event; the owner delivers it. `requests` is the count with it (the body uses it).
    case append(requests: Int)
    /// Append the event, then drain it as the new owner (``Owner/drain``): delivery went idle meanwhile.
    case appendAndDrain
    /// Drop it: delivery stopped, and nothing is queued after that.
    case drop
  }

  /// A sender counts the event it appends to the queue (under the queue's lock, so that a drain never pops an
  /// event that is not counted).
  @inlinable
  mutating func eventQueued() -> EventQueuedAction {
    switch state {
    case .idle:
      state = .owned(.drain, requests: 1)
      return .appendAndDrain
    case .owned(let owner, let requests):
      state = .owned(owner, requests: requests + 1)
      return .append(requests: requests + 1)
    case .stopping, .stopped:
      return .drop
    }
  }

  /// What `dispose()` does.
  @usableFromInline
  enum DisposeRequestedAction: Equatable, Sendable {
    /// Nothing: the owner releases the chain (or delivery stopped already).
    case none
    /// Release the chain as the owner (``Owner/drain``): delivery was idle.
    case drain
  }

  /// `dispose()` was called: stop, and count the release as a request, so the owner handles it.
  @inlinable
  mutating func disposeRequested() -> DisposeRequestedAction {
    switch state {
    case .idle:
      state = .stopping(.drain, requests: 1)
      return .drain
    case .owned(let owner, let requests):
      state = .stopping(owner, requests: requests + 1)
      return .none
    case .stopping, .stopped:
      return .none
    }
  }
}

// MARK: - The owner

extension SerialDeliveryStateMachine {
  /// What the owner does before it delivers an event that was queued (by another thread, or re-entrantly).
  @usableFromInline
  enum DeliveryCheckedAction: Equatable, Sendable {
    /// Deliver it.
    case deliver
    /// Drop it: delivery stopped.
    case drop
  }

  /// The owner is about to deliver a queued event: the check right before the observer runs, so that no delivery
  /// starts after `dispose()` returned.
  @inlinable
  @inline(__always)
  func deliveryChecked() -> DeliveryCheckedAction {
    switch state {
    case .owned: .deliver
    case .stopping: .drop
    case .idle, .stopped: inconsistency("deliveryChecked")
    }
  }

  /// What the owner does with a terminal event.
  @usableFromInline
  enum TerminalArrivedAction: Equatable, Sendable {
    /// Release the observer chain and deliver the event to it: delivery stopped.
    case deliver
    /// Drop it: delivery stopped already.
    case drop
  }

  /// The owner is about to deliver a terminal event: it stops delivery first, so that nothing follows it.
  @inlinable
  @inline(__always)
  mutating func terminalArrived() -> TerminalArrivedAction {
    switch state {
    case .owned(let owner, let requests):
      state = .stopping(owner, requests: requests)
      return .deliver
    case .stopping:
      return .drop
    case .idle, .stopped:
      inconsistency("terminalArrived")
    }
  }

  /// What the owner does once it has handled its own request.
  @usableFromInline
  enum OwnRequestHandledAction: Equatable, Sendable {
    /// Nothing: delivery is idle (or stopped) and someone else may own it now.
    case finish
    /// Drain `missed` requests as ``Owner/drain``.
    case drain(missed: Int)
  }

  /// A sender delivered its own event (and the re-entrant sends it caused).
  @inlinable
  @inline(__always)
  mutating func senderFinished() -> OwnRequestHandledAction {
    guard case .sender = owner else { inconsistency("senderFinished") }
    return ownRequestHandled()
  }

  /// A synchronous body that owned delivery returned.
  @inlinable
  @inline(__always)
  mutating func bodyReturned() -> OwnRequestHandledAction {
    guard case .body = owner else { inconsistency("bodyReturned") }
    return ownRequestHandled()
  }

  /// The owner that made the current request is done with it: the rest, if any, is drained.
  @inlinable
  @inline(__always)
  mutating func ownRequestHandled() -> OwnRequestHandledAction {
    switch state {
    case .owned(_, let requests):
      guard requests > 1 else {
        state = .idle
        return .finish
      }
      state = .owned(.drain, requests: requests - 1)
      return .drain(missed: requests - 1)
    case .stopping(_, let requests):
      // Stopped while the owner held only its own request: by its own terminal event, which released the chain.
      guard requests > 1 else {
        state = .stopped
        return .finish
      }
      state = .stopping(.drain, requests: requests - 1)
      return .drain(missed: requests - 1)
    case .idle, .stopped:
      inconsistency("ownRequestHandled")
    }
  }

  /// Who owns delivery, if anyone.
  @inlinable
  @inline(__always)
  var owner: Owner? {
    switch state {
    case .owned(let owner, _), .stopping(let owner, _): owner
    case .idle, .stopped: nil
    }
  }

  /// What a drain does after a round.
  @usableFromInline
  enum DrainRoundFinishedAction: Equatable, Sendable {
    /// Release the observer chain and what is queued, then report the round again: delivery stopped.
    case release
    /// Nothing: every request is handled, and delivery is idle or stopped.
    case finish
    /// Drain another round of `missed` requests.
    case drain(missed: Int)
    /// Start a Task that goes on with the drain (``handOffStarted()``), and return: the budget is spent.
    case handOff
  }

  /// A drain handled `handled` requests (delivered or dropped their events); `released` says whether it released
  /// the chain already, and `mayContinue` whether it is still within its budget.
  @inlinable
  mutating func drainRoundFinished(handled: Int, released: Bool, mayContinue: Bool) -> DrainRoundFinishedAction {
    switch state {
    case .owned(.drain, let requests):
      guard requests >= handled else { inconsistency("drainRoundFinished") }
      let missed = requests - handled
      guard missed > 0 else {
        state = .idle
        return .finish
      }
      guard mayContinue else {
        state = .owned(.handOff, requests: missed)
        return .handOff
      }
      state = .owned(.drain, requests: missed)
      return .drain(missed: missed)
    case .stopping(.drain, let requests):
      guard released else { return .release }
      guard requests >= handled else { inconsistency("drainRoundFinished") }
      let missed = requests - handled
      // Nothing is queued after a stop, so the requests left are bounded: no hand-off.
      guard missed > 0 else {
        state = .stopped
        return .finish
      }
      state = .stopping(.drain, requests: missed)
      return .drain(missed: missed)
    case .idle, .owned, .stopping, .stopped:
      inconsistency("drainRoundFinished")
    }
  }

  /// What the Task a drain was handed to does.
  @usableFromInline
  enum HandOffStartedAction: Equatable, Sendable {
    /// Drain `missed` requests as ``Owner/drain``.
    case drain(missed: Int)
  }

  /// The Task a drain was handed to starts.
  @inlinable
  mutating func handOffStarted() -> HandOffStartedAction {
    switch state {
    case .owned(.handOff, let requests):
      state = .owned(.drain, requests: requests)
      return .drain(missed: requests)
    case .stopping(.handOff, let requests):
      state = .stopping(.drain, requests: requests)
      return .drain(missed: requests)
    case .idle, .owned, .stopping, .stopped:
      inconsistency("handOffStarted")
    }
  }
}

// MARK: - A synchronous body

extension SerialDeliveryStateMachine {
  /// How a synchronous body runs.
  @usableFromInline
  enum BodyStartedAction: Equatable, Sendable {
    /// Run it as the owner (``Owner/body``), then report ``bodyReturned()``.
    case runAsOwner
    /// Run it without owning delivery: the subscription was disposed before it started.
    case runWithoutOwning
  }

  /// A synchronous body is about to run.
  @inlinable
  @inline(__always)
  mutating func bodyStarted() -> BodyStartedAction {
    switch state {
    case .idle:
      state = .owned(.body, requests: 1)
      return .runAsOwner
    case .owned, .stopping, .stopped:
      return .runWithoutOwning
    }
  }

  /// What a send from the owner's thread, outside the observer chain, does.
  @usableFromInline
  enum OwnerThreadSentAction: Equatable, Sendable {
    /// Deliver it: the body's send, with nothing queued ahead of it.
    case deliver
    /// Queue it behind what other threads queued (``eventQueued()``), then drain up to it, keeping delivery.
    case queueAndDrain
    /// Drop it, and drain `missed` requests, keeping delivery: delivery stopped, and the chain is to be released.
    case dropAndDrain(missed: Int)
    /// Drop it: delivery stopped, and nothing is left to release.
    case drop
    /// Queue it like another thread's send (``eventQueued()``): a send from code the owner runs while it is not
    /// delivering and is not a body (the release of a dropped event, say); the owner delivers it later.
    case queue
  }

  /// The thread that owns delivery sends, outside the observer chain: the body, or code the owner runs.
  @inlinable
  @inline(__always)
  func ownerThreadSent() -> OwnerThreadSentAction {
    switch state {
    case .owned(.body, let requests):
      requests == 1 ? .deliver : .queueAndDrain
    case .stopping(.body, let requests):
      requests == 1 ? .drop : .dropAndDrain(missed: requests - 1)
    case .owned:
      .queue
    case .stopping:
      .drop
    case .idle, .stopped:
      inconsistency("ownerThreadSent")
    }
  }

  /// What the body's thread does after it delivered the body's event.
  @usableFromInline
  enum BodyDeliveredAction: Equatable, Sendable {
    /// Return to the body.
    case resume
    /// Drain `missed` requests other threads made meanwhile, keeping delivery, then return to the body.
    case drain(missed: Int)
  }

  /// The body's event (and the re-entrant sends it caused) was delivered.
  @inlinable
  @inline(__always)
  func bodyDelivered() -> BodyDeliveredAction {
    switch state {
    case .owned(.body, let requests), .stopping(.body, let requests):
      requests == 1 ? .resume : .drain(missed: requests - 1)
    case .idle, .owned, .stopping, .stopped:
      inconsistency("bodyDelivered")
    }
  }

  /// What the body's thread does after a round of draining for others.
  @usableFromInline
  enum BodyDrainFinishedAction: Equatable, Sendable {
    /// Release the observer chain and what is queued, then report the round again: delivery stopped.
    case release
    /// Return to the body, which keeps delivery (it drains again at its next send, or when it returns).
    case resume
  }

  /// The body's thread handled `handled` requests of other threads; `released` says whether it released the
  /// chain already.
  @inlinable
  mutating func bodyDrainFinished(handled: Int, released: Bool) -> BodyDrainFinishedAction {
    switch state {
    case .owned(.body, let requests):
      guard requests > handled else { inconsistency("bodyDrainFinished") }
      state = .owned(.body, requests: requests - handled)
      return .resume
    case .stopping(.body, let requests):
      guard released else { return .release }
      guard requests > handled else { inconsistency("bodyDrainFinished") }
      state = .stopping(.body, requests: requests - handled)
      return .resume
    case .idle, .owned, .stopping, .stopped:
      inconsistency("bodyDrainFinished")
    }
  }
}
