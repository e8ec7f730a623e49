import Synchronization

/// The lifetime of one subscription: what the signal's body attaches its cleanup and its Tasks to.
///
/// A body receives its subscription's lifetime next to the observer. Everything added to it is torn down,
/// in the order added and exactly once, when the subscription ends: when the subscriber disposes, when the
/// signal sends a terminal event, or when the Task iterating the signal with `for await` is cancelled.
/// Adding to a lifetime that has already ended tears the addition down at once, so a body that completes
/// before it registers its cleanup still has that cleanup run.
///
/// ```
///  subscriber ──dispose()──▶ Lifetime ──▶ cleanup closures, disposables (in order added)
///                               │    └──▶ Tasks started with task(_:) (cancelled)
///  terminal event ──────────────┘
/// ```
///
/// ```swift
/// let ticks = Signal<Int, Never> { observer, lifetime in
///   let timer = startTimer { observer.send($0) }
///   lifetime.onDispose { timer.invalidate() }
/// }
/// ```
public class Lifetime: Disposable, @unchecked Sendable {
  // Not `final` only so that an operator can make a child that also carries its per-inner state (see
  // `FlattenInnerLifetime`): the class is not `open`, and every member is `final`, so calls stay direct. Kept
  // for the `flatMap/AsyncSignals` rows: with a `final` Lifetime and the inner's id and delivery in an object of
  // their own, every inner took one malloc more (2 → 3 in `.merge`, `.concat` and `.latest`, three runs,
  // 2026-11-26), and the benchmark rules let no malloc count rise (issue 20).
  // Safety: `@unchecked` only because the compiler checks no non-final class. Every stored property here is a
  // `let` of a `Sendable` type (the mutable state is behind `Locked` and `Atomic`), and the only subclass,
  // `FlattenInnerLifetime`, adds only `let`s of `Sendable` types; the class is not `open`, so no other module
  // can add one.
  /// What this lifetime tears down, and whether it is registered in its parent's list.
  struct State {
    var list = DisposalList()
    /// Where this lifetime stands in its parent's list (see ``makeChild()``).
    var link = ParentLink.unregistered
  }

  /// A child lifetime's entry in its parent's list, made only once the child has something to tear down.
  enum ParentLink {
    /// Not in the parent's list (or no parent): the parent's end is seen through ``isDisposed``.
    case unregistered
    /// Being added to the parent's list by the first addition to this lifetime.
    case registering
    /// In the parent's list under `token`, which this lifetime's disposal removes.
    case registered(token: UInt64)
  }

  /// The list and the parent link; the registry of children (`Lifetime+Children.swift`) uses it too.
  let state = Locked(State())

  /// How far this lifetime is: ``Phase/fresh``, ``Phase/holdsEntries`` or ``Phase/ended``.
  ///
  /// A subscription usually sees `dispose()` more than once (after its terminal event, and from the
  /// subscriber): the repeats cost one atomic load. A lifetime that never had anything added (an inner like
  /// `Signal.just`, a subscription to one) ends with one compare-and-swap and no lock round.
  ///
  /// Why an atomic beside the lock: ending a fresh lifetime without a lock round took the `churn/AsyncSignals`
  /// row from 122 to 45 ns and `flatMap/AsyncSignals .latest` from 505 to 447 ns; `isDisposed`, read on every
  /// event by a subscriber's end (Contracts.md rule 3), is one load. The two never disagree because the phase
  /// leaves ``Phase/fresh`` only by compare-and-swap (under the lock when something is added, so that an
  /// addition and a lock-free end never both succeed) and is set to ``Phase/ended`` under the lock otherwise.
  private let phase = Atomic<UInt8>(Phase.fresh)

  /// The values of `phase`.
  private enum Phase {
    /// Nothing was ever added and the lifetime has not ended: ending it has nothing to run.
    static let fresh: UInt8 = 0
    /// Something was added (under the lock, which moved the phase here): ending it takes the lock.
    static let holdsEntries: UInt8 = 1
    /// Ended: from ``fresh`` by a compare-and-swap, or under the lock by the disposal that took the list.
    static let ended: UInt8 = 2
  }

  /// The consumer that paces asynchronous sends, inherited by child lifetimes.
  @usableFromInline
  final let backpressure: (any Backpressure)?

  /// The executor that Tasks started by ``task(priority:_:)`` prefer, inherited by child lifetimes.
  ///
  /// A root lifetime takes the executor bound by ``withExecutorPreference(_:_:)`` where it is made (a
  /// `TestScheduler` binds itself while it subscribes and around every action it runs); a child takes its
  /// parent's, or the one it is given (``makeChild(preferring:)``). So an inner subscription that a flattening
  /// operator, `retry` or `then` starts later, from a timer or from another thread's delivery, still runs its
  /// `async` work where the first subscription was started. `nil` (the global executor) outside such a binding.
  final let preferredExecutor: (any TaskExecutor)?

  /// The executor a Task started now for this lifetime prefers: ``preferredExecutor``, or else the one bound
  /// around the caller (``withExecutorPreference(_:_:)``); `nil` for the global executor.
  final var taskExecutorPreference: (any TaskExecutor)? {
    preferredExecutor ?? Lifetime.boundExecutorPreference()
  }

  /// The lifetime this one was made from with ``makeChild()``; ``isDisposed`` reads it, and this lifetime's
  /// entry in its list (if any) is removed when this one ends first.
  ///
  /// A plain strong reference, so that reading it never races with its release: a child keeps its parent object
  /// alive, as the parent keeps the child (in its list, once registered) until one of them ends; a parent that
  /// ended has emptied its list, so what a disposed child keeps is one small object. Not `weak`: a weakly referenced object keeps its reference
  /// counts in a side table, which made every retain and release of a flattening operator's lifetime, and every
  /// child's creation and destruction, take the runtime's slow paths (about 15% of flatMap's time).
  private let parent: Lifetime?

  /// Creates a lifetime that has not ended yet.
  public convenience init() {
    self.init(backpressure: nil)
  }

  @usableFromInline
  init(backpressure: (any Backpressure)?, parent: Lifetime? = nil) {
    self.backpressure = backpressure
    self.parent = parent
    // A child copies its parent's (no task-local lookup on the path of every inner subscription); only a root
    // reads the binding.
    if let parent {
      preferredExecutor = parent.preferredExecutor
    } else {
      preferredExecutor = Lifetime.boundExecutorPreference()
    }
  }

  /// Creates a child of `parent` whose Tasks prefer `executor`.
  init(parent: Lifetime, preferring executor: any TaskExecutor) {
    backpressure = parent.backpressure
    self.parent = parent
    preferredExecutor = executor
  }

  /// Creates a root lifetime whose Tasks prefer `executor`, or the bound executor when it is `nil`.
  ///
  /// A subscription that another one opens for itself, such as the source subscription of `share`, passes the
  /// opener's ``preferredExecutor``.
  init(preferring executor: (any TaskExecutor)?) {
    backpressure = nil
    parent = nil
    preferredExecutor = executor ?? Lifetime.boundExecutorPreference()
  }

  /// Whether the subscription has ended: this lifetime was disposed, or the one it was made from has ended.
  ///
  /// A synchronous body that loops checks it to stop early.
  ///
  /// ```swift
  /// Signal<Int, Never> { observer, lifetime in
  ///   var next = 0
  ///   while !lifetime.isDisposed { observer.send(next); next += 1 }
  /// }
  /// ```
  public final var isDisposed: Bool {
    // A child not registered with its parent is not disposed by it, so its end is read from there.
    SchedulingPoint.reach(.load("isDisposed: phase"), of: self)
    return phase.load(ordering: .acquiring) == Phase.ended || parent?.isDisposed == true
  }

  /// Ends the lifetime: runs every cleanup and cancels every Task, in the order added.
  ///
  /// Calling it again does nothing.
  public final func dispose() {
    SchedulingPoint.reach(.load("dispose: phase"), of: self)
    let current = phase.load(ordering: .acquiring)
    guard current != Phase.ended else { return }
    if current == Phase.fresh, endFresh() {
      return  // nothing to run, and not in the parent's list (a child registers with its first entry)
    }
    let (batch, link) = withState("dispose") { state in
      let batch = state.list.dispose()
      SchedulingPoint.reach(.store("dispose: phase ended"), of: self)
      phase.store(Phase.ended, ordering: .releasing)
      return (batch, state.link)
    }
    guard let batch else { return }
    if case .registered(let token) = link {
      parent?.forget(token: token)
    }
    DisposalEntry.runAll(batch)
  }

  /// Runs `action` when the lifetime ends (at once if it already has).
  ///
  /// - Parameter action: The cleanup.
  public final func onDispose(_ action: @escaping @Sendable () -> Void) {
    add(.action(action))
  }

  /// Disposes `disposable` when the lifetime ends (at once if it already has).
  ///
  /// - Parameter disposable: The disposable to tie to this lifetime.
  public final func add(_ disposable: any Disposable) {
    add(.disposable(disposable))
  }

  /// Starts a Task tied to this lifetime: ending the lifetime cancels it.
  ///
  /// If the lifetime has already ended, the Task is not started. This is how a body starts asynchronous
  /// work, so that disposing the subscription cancels that work. The Task prefers the executor of the scheduler
  /// the subscription was started on (``Signal/subscribe(on:)``, or the `TestScheduler`), if any, even when this
  /// lifetime belongs to a subscription started later within it; otherwise it runs on the global executor.
  ///
  /// ```swift
  /// Signal<Data, Never> { observer, lifetime in
  ///   lifetime.task { observer.send(await download()); observer.complete() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The Task's priority.
  ///   - operation: The asynchronous work.
  public final func task(
    priority: TaskPriority? = nil,
    _ operation: sending @escaping @isolated(any) () async -> Void
  ) {
    guard !isDisposed else { return }
    let task = Lifetime.makeTask(
      preferring: taskExecutorPreference,
      priority: priority,
      operation: operation
    )
    add(.task(task))
  }

  /// Ties `disposable` to `lifetime`.
  ///
  /// ```swift
  /// lifetime += otherSignal.subscribe(value: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime.
  ///   - disposable: The disposable to dispose when it ends.
  public static func += (lifetime: Lifetime, disposable: any Disposable) {
    lifetime.add(disposable)
  }

  /// Adds `entry` to the list (or runs it now if this lifetime has ended); returns its token if stored.
  ///
  /// The first entry of a child registers the child in its parent's list, outside this lifetime's lock.
  @discardableResult
  final func add(_ entry: DisposalEntry) -> UInt64? {
    let (action, registersWith) = withState("add") { state -> (DisposalList.AddAction, Lifetime?) in
      // Leaving `fresh` is a compare-and-swap, so that it and a lock-free disposal never both succeed.
      SchedulingPoint.reach(.load("add: phase"), of: self)
      let current = phase.load(ordering: .acquiring)
      guard current != Phase.ended, current == Phase.holdsEntries || holdEntries() else {
        return (.runNow(entry), nil)
      }
      let action = state.list.add(entry)
      guard case .stored = action, let parent, case .unregistered = state.link else { return (action, nil) }
      state.link = .registering
      return (action, parent)  // registered below, after unlocking
    }
    switch action {
    case .runNow(let entry):
      entry.run()
      return nil
    case .stored(let token):
      if let registersWith {
        register(in: registersWith)
      }
      return token
    }
  }

  /// Moves the phase from fresh to ended, without the lock; returns whether it did.
  @inline(__always)
  private final func endFresh() -> Bool {
    SchedulingPoint.reach(.compareExchange("dispose: fresh to ended"), of: self)
    return phase.compareExchange(expected: Phase.fresh, desired: Phase.ended, ordering: .acquiringAndReleasing)
      .exchanged
  }

  /// Moves the phase from fresh to holding entries (under the lock); returns whether it did.
  @inline(__always)
  private final func holdEntries() -> Bool {
    SchedulingPoint.reach(.compareExchange("add: fresh to holding entries"), of: self)
    return phase.compareExchange(expected: Phase.fresh, desired: Phase.holdsEntries, ordering: .acquiringAndReleasing)
      .exchanged
  }

  /// Runs `body` holding the lock of the list and the parent link (a scheduling point of the interleaving checker
  /// in debug builds).
  @inline(__always)
  final func withState<Result>(_ name: StaticString, _ body: (inout sending State) -> sending Result) -> sending Result
  {
    SchedulingPoint.reach(.lock(name), of: self)
    let result = state.withLock(body)
    SchedulingPoint.unlocked(self)
    return result
  }
}
