internal import CAsyncSignalsIsolation
import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The actor a subscriber (or an observed object) lives on, and the two things asked of it: "am I on it?" and
/// "run this there".
///
/// Swift has no public way to ask whether the caller runs on a given actor without trapping when it does not
/// (`assumeIsolated`), so ``isCurrent()`` answers from what public API can prove, and answers `false` otherwise;
/// the caller then takes the always-correct path, a hop:
///
/// - The main actor runs its jobs on the main dispatch queue, so code that runs on that queue is on the main
///   actor. A key set on the main queue (`dispatch_get_specific`) recognises it on every platform, on whatever
///   thread drains the queue (`swift test` on Linux drains it on worker threads).
/// - Another actor is recognised while code that the compiler knows is isolated to it has marked the thread
///   (``ActorMark``, set through an `isolated` parameter): a subscription made on the actor, a drain of its
///   mailbox. An event that such an actor's own code sends later takes a hop (the cost is in Docs/Performance.md).
///
/// A `true` answer is always right. A `false` one may be wrong only in the conservative direction.
@usableFromInline
package struct ActorContext: Sendable {
  /// The actor whose isolation the subscriber's closures belong to.
  @usableFromInline
  package let actor: any Actor

  /// Where the actor runs, without a reference to it: what "am I on it?" needs.
  @usableFromInline
  package let place: ActorPlace

  /// Whether this is the main actor.
  @usableFromInline
  package var isMain: Bool { place.isMain }

  /// Captures the actor a subscription or an observation belongs to.
  @usableFromInline
  package init(_ actor: any Actor) {
    self.actor = actor
    place = ActorPlace(actor)
  }

  /// Whether the caller is known to run on the actor now; `false` when that cannot be proven.
  @usableFromInline
  package func isCurrent() -> Bool {
    place.isCurrent()
  }

  /// Runs `body` with the calling thread marked as running on `actor`, so that ``isCurrent()`` recognises it.
  ///
  /// The `isolated` parameter is the proof: the compiler lets only code on `actor` call this.
  @usableFromInline
  package static func marking<Result>(_ actor: isolated any Actor, _ body: () throws -> Result) rethrows -> Result {
    try ActorMark.withMark(ActorPlace(actor).identity, body)
  }

  /// Runs `work` on the actor, later: one Task that starts there (the main actor) or hops there.
  ///
  /// Tasks on one actor with the same priority run in the order they were enqueued, so hops made in order run in
  /// order; a subscription's mailbox also keeps at most one hop pending at a time.
  ///
  /// A hop to the subscriber's actor is not scheduler work, so it is a plain Task: a test scheduler's executor
  /// preference does not apply to code isolated to an actor anyway.
  package func hop(_ work: @escaping @Sendable () -> Void) {
    Self.hop(to: actor, isMain: isMain, work)
  }

  /// Runs `work` on `actor`, later (see ``hop(_:)``).
  package static func hop(to actor: any Actor, isMain: Bool, _ work: @escaping @Sendable () -> Void) {
    if isMain {
      Task { @MainActor in work() }
    } else {
      Task { await Self.run(work, on: actor) }
    }
  }

  private static func run(_ work: @Sendable () -> Void, on actor: isolated any Actor) {
    marking(actor, work)
  }
}

/// An actor's identity and whether it is the main actor, without a reference that keeps it alive: enough to answer
/// "does the caller run on it?" (``isCurrent()``).
@usableFromInline
package struct ActorPlace: Sendable {
  /// Whether this is the main actor.
  @usableFromInline
  package let isMain: Bool

  /// The actor's identity (its address), compared with the thread's mark.
  @usableFromInline
  let identity: UInt

  /// Records where `actor` runs.
  @usableFromInline
  package init(_ actor: any Actor) {
    isMain = actor === MainActor.shared
    identity = UInt(bitPattern: ObjectIdentifier(actor))
    if isMain { MainQueueMark.prepare() }
  }

  /// Whether the caller is known to run on the actor now; `false` when that cannot be proven.
  @usableFromInline
  package func isCurrent() -> Bool {
    if ActorMark.current == identity { return true }
    return isMain && MainQueueMark.isCurrent()
  }
}

extension ActorContext {
  /// Runs `work` on the actor: now if the caller is known to be on it, after a hop otherwise.
  package func run(_ work: @escaping @Sendable () -> Void) {
    if isCurrent() {
      work()
    } else {
      hop(work)
    }
  }

  /// Stops the program in debug builds if the caller is not on the actor (`Actor.assertIsolated`).
  @inlinable
  package func assertIsolated(_ message: @autoclosure () -> String = String()) {
    actor.assertIsolated(message())
  }

  /// Stops the program in every build if the caller is not on the actor (`Actor.preconditionIsolated`).
  @inlinable
  package func preconditionIsolated(_ message: @autoclosure () -> String = String()) {
    actor.preconditionIsolated(message())
  }
}

/// Whether the caller runs on the main queue, and so holds the main actor (the `TestScheduler` asks it as a
/// synchronous drive starts).
///
/// ```swift
/// if onMainQueue() { /* a main-actor job waits until the caller returns */ }
/// ```
package func onMainQueue() -> Bool {
  MainQueueMark.prepare()
  return MainQueueMark.isCurrent()
}

/// Recognises the main dispatch queue, which runs the main actor's jobs, with a key set on it: set here, asked in C
/// (`CAsyncSignalsIsolation`), with libdispatch's public API on both sides.
enum MainQueueMark {
  /// The key on the main queue, set once; the C side asks for it by its address.
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    asyncsignals_set_main_queue_key(UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque()))
    return key
  }()

  /// Sets the key, once; called as a main-actor context is made, so that ``isCurrent()`` does not ask per event.
  static func prepare() {
    _ = key
  }

  /// Whether the caller runs on the main queue (and so on the main actor); `false` until ``prepare()`` ran.
  @usableFromInline
  static func isCurrent() -> Bool {
    asyncsignals_is_main_queue()
  }
}

/// The actor the library knows the calling thread runs on, kept in a C thread-local (`CAsyncSignalsIsolation`).
///
/// Only code that the compiler knows is isolated to an actor sets it (through an `isolated` parameter), for the
/// dynamic extent of a synchronous call; so a thread whose mark names an actor runs that actor's job right now, or
/// a synchronous call nested in it, where the actor's state is exclusively this thread's.
@usableFromInline
enum ActorMark {
  /// The identity of the actor the thread is marked with, or 0.
  @usableFromInline
  static var current: UInt {
    UInt(asyncsignals_thread_mark_get())
  }

  /// Runs `body` with the thread marked with `identity`, then puts the previous mark back.
  @usableFromInline
  static func withMark<Result>(_ identity: UInt, _ body: () throws -> Result) rethrows -> Result {
    let previous = asyncsignals_thread_mark_get()
    asyncsignals_thread_mark_set(UInt(identity))
    defer { asyncsignals_thread_mark_set(previous) }
    return try body()
  }
}

/// A value that belongs to an actor's isolation (a closure formed there), carried through `Sendable` code to be
/// used on that actor only.
///
/// Every build checks every read: ``value`` stops the program unless the caller runs on the actor
/// (`Actor.preconditionIsolated`), as swift-nio's `NIOLoopBound` checks its event loop. It is read once per use,
/// not per event (a command's execution), so the check costs nothing a row measures.
///
/// ```swift
/// let bound = ActorBound(closure, on: ActorContext(isolation))
/// bound.context.run { bound.value() }
/// ```
package struct ActorBound<Value>: @unchecked Sendable {
  // Safety: `value` is read only on `context.actor`, which every build checks at every read
  // (`preconditionIsolated`).
  // Each use site reads it inside work that runs on that actor (`ActorContext.run`/`hop`, or a function with an
  // `isolated` parameter), so the non-`Sendable` value is used by one actor's jobs only, one at a time.
  private let storedValue: Value

  /// The actor the value belongs to.
  package let context: ActorContext

  /// Binds `value`, made on `context`'s actor, to that actor.
  package init(_ value: Value, on context: ActorContext) {
    storedValue = value
    self.context = context
  }

  /// The value; read it on the actor only.
  package var value: Value {
    context.preconditionIsolated("ActorBound: read off the actor it belongs to")
    return storedValue
  }
}
