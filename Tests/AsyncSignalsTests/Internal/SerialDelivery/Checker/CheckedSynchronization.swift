@testable import AsyncSignals

/// The synchronization the checker runs `SerialDeliveryCore` over: every operation on a delivery's shared state
/// is a scheduling point of the current ``CheckedExecution``.
///
/// Outside a run (a scenario's set-up on the test's thread) the hooks do nothing. The drain budget and the bugs
/// put back come from the run, so that explorations with different settings can run side by side.
enum CheckedSynchronization: SerialDeliverySynchronization {
  static func willAccessSharedState(_ access: SerialDeliveryAccess, of delivery: AnyObject) {
    guard let execution = CheckedExecution.current else { return }
    switch access {
    case .load(let name):
      execution.reach(.init(label: "load (\(name))", lock: nil))
    case .compareExchange(let name):
      execution.reach(.init(label: "compare-and-swap (\(name))", lock: nil))
    case .lock(let name):
      execution.reach(.init(label: "lock (\(name))", lock: ObjectIdentifier(delivery)))
    case .store(let name):
      execution.reach(.init(label: "store (\(name))", lock: nil))
    case .update(let name):
      execution.reach(.init(label: "update (\(name))", lock: nil))
    }
  }

  static func didUnlock(_ delivery: AnyObject) {
    CheckedExecution.current?.unlocked(ObjectIdentifier(delivery))
  }

  static var drainBudget: Int {
    CheckedExecution.current?.drainBudget ?? 1_024
  }

  static var reintroducedBugs: SerialDeliveryReintroducedBugs {
    CheckedExecution.current?.reintroducedBugs ?? []
  }
}

extension CheckedSynchronization: ForAwaitSynchronization {
  /// One load: the spin's load is a scheduling point, and a longer spin only repeats it.
  static var consumerSpinLimit: Int { 1 }
}

extension CheckedSynchronization {
  /// Makes the library's ``SchedulingPoint``s (in `Lifetime`) scheduling points of runs that ask for them
  /// (``InterleavingChecker/schedulesLifetimes``); installed once per process, inert outside such runs.
  static func installSchedulingPoints() {
    _ = hooksInstalled
  }

  private static let hooksInstalled: Void = {
    SchedulingPoint.install(
      SchedulingPointHooks(
        willAccess: { access, object in
          guard CheckedExecution.current?.schedulesLifetimes == true else { return }
          willAccessSharedState(access, of: object)
        },
        didUnlock: { object in
          guard CheckedExecution.current?.schedulesLifetimes == true else { return }
          didUnlock(object)
        }
      )
    )
  }()
}

/// A lock of a scenario's own, which the checker schedules like the library's.
///
/// A thread waiting for it does not run until its holder released it. It stands for what orders a scenario's calls outside the code under test,
/// such as the serial delivery that makes a signal one producer at a time.
final class CheckedLock: Sendable {
  /// Runs `body` holding the lock (outside a run, just runs it).
  func withLock<Result>(_ label: String, _ body: () -> Result) -> Result {
    CheckedExecution.current?.reach(.init(label: label, lock: ObjectIdentifier(self)))
    let result = body()
    CheckedExecution.current?.unlocked(ObjectIdentifier(self))
    return result
  }
}

/// The executor a scenario's lifetime prefers: each job it is given (the first job of a Task that goes on with
/// a handed-off drain) becomes a new logical thread of the current run.
final class CheckedTaskExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    guard let execution = CheckedExecution.current else {
      preconditionFailure("checker: a job was enqueued outside a run")
    }
    execution.spawn { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
