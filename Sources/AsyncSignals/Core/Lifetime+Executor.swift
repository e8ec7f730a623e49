extension Lifetime {
  /// The executor that Tasks started by ``Lifetime/task(priority:_:)`` prefer, bound around a subscription.
  ///
  /// Unstructured Tasks do not inherit a task executor preference (SE-0417), but they do inherit task-local
  /// values. A scheduler that owns an executor (`subscribe(on:)`, the `TestScheduler`) binds it here while it
  /// starts a subscription, so every Task the signal's body starts through its lifetime runs on that
  /// executor, and a test scheduler can run those Tasks' jobs itself.
  @TaskLocal package static var executorPreference: (any TaskExecutor)?

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
    return try $executorPreference.withValue(executor, operation: body)
  }

  /// Creates the Task of ``Lifetime/task(priority:_:)``, preferring the bound executor if there is one.
  static func makeTask(
    priority: TaskPriority?,
    operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    guard let executor = executorPreference else {
      return Task(priority: priority, operation: operation)
    }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }
}
