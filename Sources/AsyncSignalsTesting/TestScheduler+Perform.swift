import AsyncSignals

extension TestScheduler {
  /// Runs `action`, which need not be `Sendable`, at the virtual time `time`, inside the `advance`, `run` or
  /// `step` that reaches it (RxTest's `scheduleAt`).
  ///
  /// This is how a test says what happens when: send into a subject, execute a command, change a value. The
  /// action runs in the test's own context (the scheduler runs it from the test's call to `advance`), so it may
  /// capture the test's local, non-`Sendable` state; and like every action of the scheduler, whatever it starts
  /// (a subscription, a `Command` execution and its `async` work) runs on the scheduler. A time already passed
  /// counts as now; actions due at the same time run in the order they were scheduled.
  ///
  /// ```swift
  /// var log: [String] = []
  /// scheduler.perform(at: .seconds(1)) { log.append("tapped") }
  /// scheduler.advance(by: .seconds(1))
  /// #expect(log == ["tapped"])
  /// ```
  ///
  /// - Important: Drive the scheduler from where the action was made: the same actor for an action made on an
  ///   actor (a `@MainActor` test), the same Task otherwise. An action that comes due while other code drives the
  ///   scheduler stops the test with a precondition failure rather than race with it.
  ///
  /// - Parameters:
  ///   - time: The virtual time since the scheduler's zero, as in ``Recorded``.
  ///   - isolation: The actor the action belongs to; leave the default, the caller's.
  ///   - action: The work.
  /// - Returns: A disposable that removes the action from the queue.
  @discardableResult
  public func perform(
    at time: Duration,
    isolation: isolated (any Actor)? = #isolation,
    _ action: @escaping () -> Void
  ) -> any Disposable {
    noteDriver()
    let owner = isolation.map(ActorContext.init)
    let creator = Context.current
    let action = ActorBound(action)
    return schedule(at: SchedulerInstant(offset: time)) {
      if let owner {
        precondition(owner.isCurrent(), "perform(at:_:): the action came due while code on another actor drives")
      } else {
        precondition(
          creator.isSame(as: Context.current),
          "perform(at:_:): the action came due while another Task drives the scheduler"
        )
      }
      // Safety (of `ActorBound`): the checks above prove that the action runs where it was made, serially with
      // the rest of that actor's or Task's code, which is blocked in `advance` meanwhile.
      action.value()
    }
  }
}
