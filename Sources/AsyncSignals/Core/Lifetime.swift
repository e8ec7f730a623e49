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
public final class Lifetime: Disposable {
  private let list = Locked(DisposalList())

  /// Whether ``dispose()`` ran: `list.isDisposed`, published for reading without the lock.
  ///
  /// Set under the lock by the disposal that takes the list, so it never runs ahead of the list. A
  /// subscription usually sees `dispose()` more than once (after its terminal event, and from the subscriber),
  /// and the repeats now cost one atomic load instead of a lock round.
  private let hasEnded = Atomic(false)

  /// The consumer that paces asynchronous sends, inherited by child lifetimes.
  @usableFromInline
  let backpressure: (any Backpressure)?

  /// The lifetime this one was made from with ``makeChild()``, which forgets it (entry `parentToken`) when this
  /// one ends first.
  ///
  /// Stored here rather than as an unlink closure in `list`, so that making a child allocates no closure
  /// context. A strong reference, taken when the child is made and given back exactly once: by the
  /// ``dispose()`` that ends this lifetime, or by `deinit` if it never ends. A child therefore keeps its parent
  /// alive until it ends, as the parent keeps the child (in its list) until one of them ends. Not `weak`: a
  /// weakly referenced object keeps its reference counts in a side table, which made every retain and release
  /// of a flattening operator's lifetime, and every child's creation and destruction, take the runtime's slow
  /// paths (about 15% of flatMap's time).
  private let parent: Unmanaged<Lifetime>?

  /// The token of this lifetime's entry in `parent`'s list.
  private let parentToken: UInt64

  /// Creates a lifetime that has not ended yet.
  public convenience init() {
    self.init(backpressure: nil)
  }

  init(backpressure: (any Backpressure)?, parent: Lifetime? = nil, parentToken: UInt64 = 0) {
    self.backpressure = backpressure
    self.parent = parent.map { Unmanaged.passRetained($0) }
    self.parentToken = parentToken
  }

  deinit {
    if !hasEnded.load(ordering: .acquiring) {
      parent?.release()
    }
  }

  /// Whether the subscription has ended.
  ///
  /// A synchronous body that loops checks it to stop early.
  ///
  /// ```swift
  /// Signal<Int, Never> { observer, lifetime in
  ///   var next = 0
  ///   while !lifetime.isDisposed { observer.send(next); next += 1 }
  /// }
  /// ```
  public var isDisposed: Bool {
    hasEnded.load(ordering: .acquiring)
  }

  /// Ends the lifetime: runs every cleanup and cancels every Task, in the order added.
  ///
  /// Calling it again does nothing.
  public func dispose() {
    guard !hasEnded.load(ordering: .acquiring) else { return }
    let batch = list.withLock { list in
      let batch = list.dispose()
      hasEnded.store(true, ordering: .releasing)
      return batch
    }
    guard let batch else { return }
    parent?.takeRetainedValue().forget(token: parentToken)
    DisposalEntry.runAll(batch)
  }

  /// Runs `action` when the lifetime ends (at once if it already has).
  ///
  /// - Parameter action: The cleanup.
  public func onDispose(_ action: @escaping @Sendable () -> Void) {
    add(.action(action))
  }

  /// Disposes `disposable` when the lifetime ends (at once if it already has).
  ///
  /// - Parameter disposable: The disposable to tie to this lifetime.
  public func add(_ disposable: any Disposable) {
    add(.disposable(disposable))
  }

  /// Starts a Task tied to this lifetime: ending the lifetime cancels it.
  ///
  /// If the lifetime has already ended, the Task is not started. This is how a body starts asynchronous
  /// work, so that disposing the subscription cancels that work.
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
  public func task(
    priority: TaskPriority? = nil,
    _ operation: sending @escaping @isolated(any) () async -> Void
  ) {
    guard !isDisposed else { return }
    let task = Lifetime.makeTask(priority: priority, operation: operation)
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

  /// A lifetime that ends with this one (or earlier, on its own) and forgets itself here when it ends first.
  ///
  /// Operators that subscribe several times within one subscription (`concat`, `retry`, flattening) give each
  /// inner subscription a child.
  @usableFromInline
  func makeChild() -> Lifetime {
    // Made under the lock, so that it knows the token its entry gets here.
    let (child, action) = list.withLock { list in
      let child = Lifetime(backpressure: backpressure, parent: self, parentToken: list.nextToken ?? 0)
      return (child, list.add(.disposable(child)))
    }
    if case .runNow(let entry) = action {
      entry.run()
    }
    return child
  }

  /// Forgets the entry `token` (a child that ended first) without running it.
  func forget(token: UInt64) {
    let removed = list.withLock { $0.remove(token: token) }
    _ = removed  // released after unlocking
  }

  private func add(_ entry: DisposalEntry) {
    if case .runNow(let entry) = list.withLock({ $0.add(entry) }) {
      entry.run()
    }
  }
}

/// A consumer that can make an asynchronous producer wait until it has room (a `for await` buffer).
@usableFromInline
protocol Backpressure: AnyObject, Sendable {
  /// Whether the consumer can take another value now (or is gone), so a sender need not wait.
  func hasRoom() -> Bool

  /// Returns once the consumer can take another value, or at once when it is gone or the Task is cancelled.
  func waitForRoom() async
}
