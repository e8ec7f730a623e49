internal import CAsyncSignalsShims

/// The actor a subscriber (or an observed object) lives on, and the two things asked of it: "am I on it?" and
/// "run this there".
///
/// Swift has no public way to ask whether the caller runs on a given actor without trapping when it does not
/// (`assumeIsolated`), so ``isCurrent()`` asks the runtime's own check through a C shim (`CAsyncSignalsShims`).
/// A thread check would not do: the main actor runs on the main thread in an app, but on whatever thread drains the
/// main queue in other processes (`swift test` on Linux runs it on worker threads).
@usableFromInline
package struct ActorContext: Sendable {
  /// The actor whose isolation the subscriber's closures belong to.
  package let actor: any Actor

  /// Whether this is the main actor.
  package let isMain: Bool

  /// The two words of the actor's `UnownedSerialExecutor` (its identity and its implementation), read once: an
  /// actor's executor never changes.
  private let executorIdentity: UInt
  private let executorImplementation: UInt

  /// Captures the actor a subscription or an observation belongs to.
  @usableFromInline
  package init(_ actor: any Actor) {
    self.actor = actor
    isMain = actor === MainActor.shared
    // `UnownedSerialExecutor` wraps two words; the standard library's own `UnownedTaskExecutor.==` reads them the
    // same way. They are only passed back to the runtime, never dereferenced here.
    (executorIdentity, executorImplementation) = unsafeBitCast(actor.unownedExecutor, to: (UInt, UInt).self)
  }

  /// Whether the caller runs on the actor now.
  @usableFromInline
  package func isCurrent() -> Bool {
    asyncsignals_is_current_executor(UnsafeRawPointer(bitPattern: executorIdentity), executorImplementation)
  }

  /// Runs `work` on the actor, later: one Task that starts there (the main actor) or hops there.
  ///
  /// Tasks on one actor with the same priority run in the order they were enqueued, so hops made in order run in
  /// order; a subscription's mailbox also keeps at most one hop pending at a time.
  ///
  /// A hop to the subscriber's actor is not scheduler work, so it is a plain Task: a test scheduler's executor
  /// preference does not apply to code isolated to an actor anyway.
  package func hop(_ work: @escaping @Sendable () -> Void) {
    if isMain {
      Task { @MainActor in work() }
    } else {
      Task { [actor] in await Self.run(work, on: actor) }
    }
  }

  private static func run(_ work: @Sendable () -> Void, on actor: isolated any Actor) {
    work()
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
}

/// A value that belongs to an actor's isolation (a closure formed there), carried through `Sendable` code to be
/// used on that actor only.
package struct ActorBound<Value>: @unchecked Sendable {
  // Safety: whoever makes one promises to read `value` only on the actor it belongs to, inside
  // `ActorContext.run`/`hop` work for that actor (or, for a value made on no actor, only where the API that took it
  // documents, serially). The compiler checks neither: each use site states which actor it runs on.
  package let value: Value

  package init(_ value: Value) {
    self.value = value
  }
}
