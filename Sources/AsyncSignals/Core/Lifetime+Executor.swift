import Synchronization

extension Lifetime {
  /// The executor that Tasks started by ``Lifetime/task(priority:_:)`` prefer, bound around a subscription.
  ///
  /// Unstructured Tasks do not inherit a task executor preference (SE-0417), but they do inherit task-local
  /// values. A scheduler that owns an executor (`subscribe(on:)`, the `TestScheduler`) binds it here while it
  /// starts a subscription, and the `TestScheduler` also around every action it runs. A lifetime made inside the
  /// binding remembers it (``Lifetime/preferredExecutor``) and hands it to its children, so every Task the
  /// subscription starts through a lifetime, now or later, runs on that executor, and a test scheduler can run
  /// those Tasks' jobs itself.
  @TaskLocal package static var executorPreference: (any TaskExecutor)?

  /// Whether ``executorPreference`` was ever bound in this process; until then it is known to be `nil`.
  ///
  /// Making a root lifetime reads the binding; this flag spares programs that never bind one (no `subscribe(on:)`
  /// with an executor, no test scheduler) the task-local lookup: one relaxed atomic load instead. It is set
  /// before the first binding starts, on the binding thread, and Tasks started inside the binding are ordered
  /// after it by their creation, so a reader that can see a binding also sees the flag.
  private static let hasBoundExecutorPreference = Atomic<Bool>(false)

  /// Runs `body` with ``executorPreference`` bound to `executor`; with `nil`, keeps the current binding.
  ///
  /// - Parameters:
  ///   - executor: The executor that Tasks started inside `body` through a lifetime prefer.
  ///   - body: The work, typically starting a subscription.
  /// - Returns: What `body` returns.
  package static func withExecutorPreference<Result>(
    _ executor: (any TaskExecutor)?,
    _ body: () throws -> Result
  ) rethrows -> Result {
    guard let executor else { return try body() }
    if !hasBoundExecutorPreference.load(ordering: .relaxed) {
      hasBoundExecutorPreference.store(true, ordering: .relaxed)
    }
    return try $executorPreference.withValue(executor, operation: body)
  }

  /// The executor bound by ``withExecutorPreference(_:_:)`` around the caller, if any.
  static func boundExecutorPreference() -> (any TaskExecutor)? {
    guard hasBoundExecutorPreference.load(ordering: .relaxed) else { return nil }
    return executorPreference
  }

  /// Creates the Task of ``Lifetime/task(priority:_:)``, preferring `executor` if there is one.
  static func makeTask(
    preferring executor: (any TaskExecutor)?,
    priority: TaskPriority?,
    operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    guard let executor else {
      return Task(priority: priority, operation: operation)
    }
    // A main-actor Task would not run on the preferred executor: a test scheduler starts it on itself, so that it
    // runs when the test drives the scheduler.
    if isolation(of: operation) === MainActor.shared, let starter = executor as? any MainActorTaskStarting {
      return starter.makeMainActorTask(priority: priority, operation: operation)
    }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
}

/// The actor `operation` is isolated to, read through a parameter: reading `isolation` on a `sending` parameter
/// crashes the Swift 6.3.1 compiler (SILGen, in a debug build).
private func isolation(of operation: @isolated(any) () async -> Void) -> (any Actor)? {
  operation.isolation
}

/// An executor that starts the main-actor Tasks made while it is preferred (the `TestScheduler`).
package protocol MainActorTaskStarting: TaskExecutor {
  /// Creates a Task of `operation`, which is isolated to the main actor.
  func makeMainActorTask(
    priority: TaskPriority?,
    operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never>
}
