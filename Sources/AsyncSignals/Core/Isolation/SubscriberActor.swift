/// The actor a subscriber lives on, and the two things a delivery asks of it: "am I on it?" and "run this there".
///
/// Swift has no public, non-trapping way to ask whether the caller runs on a given actor, so the answer is
/// built from what the library knows for sure:
/// - The main actor runs on the main thread (on Linux and Apple platforms alike), and a subscription made on the
///   main actor is made on that thread: its thread number, taken then, identifies it for good.
/// - Another actor runs on whatever thread its executor picks. The library knows it is on it while the
///   subscription is being made (the subscribing function is isolated to it) and while its own hop runs there.
///   A value another part of that actor's code sends later arrives by a hop, in order, in the actor's next turn.
struct SubscriberActor: Sendable {
  /// The actor whose isolation the subscriber's closures belong to.
  let actor: any Actor

  /// The main thread's number when `actor` is the main actor; 0 otherwise.
  let mainThread: UInt

  /// Captures the actor of a subscription being made on it: the caller must run on `actor` now.
  init(_ actor: any Actor) {
    self.actor = actor
    mainThread = actor === MainActor.shared ? currentThreadID() : 0
  }

  /// Whether this is the main actor.
  var isMain: Bool { mainThread != 0 }

  /// Whether the caller is certainly on the actor, knowing that the thread `knownThread` runs on it right now
  /// (0 if none is known).
  func isCurrent(knownThread: UInt) -> Bool {
    let current = currentThreadID()
    return current == mainThread || current == knownThread
  }

  /// Runs `work` on the actor, later: one Task that starts there (the main actor) or hops there.
  ///
  /// A hop to the subscriber's actor is not scheduler work, so it is a plain Task: a test scheduler's executor
  /// preference does not apply to code isolated to an actor anyway.
  func hop(_ work: @escaping @Sendable () -> Void) {
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
