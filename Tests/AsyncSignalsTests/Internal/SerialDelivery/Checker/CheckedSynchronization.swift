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
