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
    let action = DriverBound(action, owner: isolation)
    return schedule(at: time) { action.value() }
  }
}

/// An action made by the code that drives a ``TestScheduler``, carried through the scheduler's `Sendable` queue
/// to be run by that same code only.
private struct DriverBound<Value>: @unchecked Sendable {
  // Safety: `value` is read only where the checks in its getter hold, in every build: on the actor the action
  // was made on, or, for an action made on no actor, in the Task (outside Tasks, the thread) that made it. The
  // scheduler runs actions synchronously inside the `advance`, `run` or `step` call of whoever drives it, so a
  // read that passes the checks runs serially with the rest of the maker's code, which is blocked in that call.
  private let storedValue: Value
  private let owner: (any Actor)?
  private let creator: TestScheduler.Context

  init(_ value: Value, owner: isolated (any Actor)?) {
    storedValue = value
    self.owner = owner
    creator = .current
  }

  /// The value; stops the test unless the caller is where the value was made.
  var value: Value {
    if let owner {
      owner.preconditionIsolated("perform(at:_:): the action came due while code on another actor drives")
    } else {
      precondition(
        creator.isSame(as: .current),
        "perform(at:_:): the action came due while another Task drives the scheduler"
      )
    }
    return storedValue
  }
}
