import Dispatch
import TestSupport

@testable import AsyncSignals

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One run of a scenario under the checker: its logical threads take turns, one at a time, and at every
/// scheduling point the schedule says which runs next.
///
/// Each logical thread is a real thread (a ``CheckedWorker``), so the code under test runs unchanged, thread
/// numbers and all; but only the one holding the *baton* runs. At a scheduling point (a hook of
/// ``CheckedSynchronization``, or ``InterleavingChecker/yield(_:)``) the running thread parks, picks the next
/// thread from the schedule and, if that is another one, wakes it and waits for its own turn. A thread blocked
/// on a delivery's queue lock is not picked until the lock's holder released it.
///
/// ```
///  controller ──start──▶ T0 (runs to its first point, parks) ──▶ T1 … ──▶ first decision
///  T0 at a point: decide ──▶ T0 again (no switch)  or  wake T1, wait ──▶ T1 … ──▶ last thread ends: wake controller
/// ```
final class CheckedExecution: @unchecked Sendable {
  // Safety: every mutable field is read and written only by the thread holding the baton (the controller
  // before and after the run, otherwise the logical thread that runs). The baton passes by a semaphore signal,
  // which orders the previous holder's writes before the next holder's reads.

  /// Where a logical thread is.
  enum Status {
    /// Started, running towards its first scheduling point; `starter` waits for it to get there.
    case starting(starter: DispatchSemaphore)
    /// Waiting at a scheduling point, to perform `point` when picked.
    case parked(Point)
    /// Holding the baton.
    case running
    /// Returned.
    case finished
  }

  /// The operation a parked thread performs next.
  struct Point {
    /// What it is, for the trace.
    var label: String
    /// The lock it takes, if it takes one: it cannot run while another thread holds it.
    var lock: ObjectIdentifier?
  }

  /// One decision: which thread ran next.
  struct Decision {
    /// The threads that could run, in index order.
    var enabled: [Int]
    /// The thread that reached the point, if it could go on (then running another one is a preemption).
    var current: Int?
    /// The thread that ran.
    var chosen: Int
  }

  /// The logical threads.
  private(set) var threads: [(status: Status, worker: CheckedWorker)] = []
  /// Which thread holds each delivery's queue lock.
  private var lockHolders: [ObjectIdentifier: Int] = [:]
  /// The thread running ``atomically(_:)``, if one is.
  private var atomicThread: Int?
  /// The choices to replay, then continue without preemption.
  private let prefix: [Int]
  /// The decisions made, in order.
  private(set) var decisions: [Decision] = []
  /// What ran, in order: the operation each chosen thread performed.
  private(set) var trace: [String] = []
  /// The operations performed, without their threads: what the run covered.
  private(set) var visited: Set<String> = []
  /// Why the run could not finish (a deadlock, too many steps), if it could not.
  private(set) var failure: String?
  /// Signalled when every thread finished, or the run failed.
  private let controller = DispatchSemaphore(value: 0)
  /// Where new workers come from.
  private let pool: CheckedWorkerPool
  /// The most decisions a run may take before it counts as a livelock.
  private let stepLimit: Int

  /// The drain budget ``CheckedSynchronization`` reports.
  let drainBudget: Int
  /// The bugs ``CheckedSynchronization`` reports as put back.
  let reintroducedBugs: SerialDeliveryReintroducedBugs
  /// Whether `Lifetime`'s operations are scheduling points in this run (``SchedulingPoint``).
  let schedulesLifetimes: Bool

  init(
    prefix: [Int],
    pool: CheckedWorkerPool,
    drainBudget: Int,
    reintroducedBugs: SerialDeliveryReintroducedBugs,
    schedulesLifetimes: Bool = false,
    stepLimit: Int = 10_000
  ) {
    self.prefix = prefix
    self.pool = pool
    self.drainBudget = drainBudget
    self.reintroducedBugs = reintroducedBugs
    self.schedulesLifetimes = schedulesLifetimes
    self.stepLimit = stepLimit
  }

  /// The execution the calling thread takes part in, if any.
  static var current: CheckedExecution? {
    CheckedWorker.current?.execution
  }

  /// The index of the calling thread in the execution it takes part in.
  static var currentThread: Int? {
    CheckedWorker.current?.threadIndex
  }

  /// Runs `bodies` as logical threads under the schedule; returns when all finished or the run failed.
  func run(_ bodies: [@Sendable () -> Void]) {
    for body in bodies {
      start(body, starter: controller)
      controller.wait()
    }
    guard threads.contains(where: { if case .finished = $0.status { false } else { true } }) else { return }
    guard let first = decide(current: nil) else { return }
    resume(first)
    controller.wait()
  }

  /// Starts a logical thread from inside the run (a job a Task enqueued): it parks at once, before running any of
  /// the job, and the job starts when the schedule picks it.
  ///
  /// Not run ahead to the job's first scheduling point: a job resumed from a Task's cancellation handler would
  /// then run while the canceller still holds the runtime's lock on that Task, and wait for it there.
  func spawn(_ body: @escaping @Sendable () -> Void) {
    guard let caller = CheckedWorker.current else { preconditionFailure("checker: spawn from outside the run") }
    start(
      {
        CheckedExecution.current?.reach(.init(label: "a job starts", lock: nil))
        body()
      },
      starter: caller.wakeUp
    )
    caller.wakeUp.wait()
  }

  /// Runs `body` on the calling logical thread with no switch to another one: its scheduling points are recorded
  /// and its locks taken, but nothing else runs until it returns.
  ///
  /// For code that holds a lock the checker does not see, such as the runtime's lock on a Task while the
  /// Task's cancellation handler runs: switching there could leave another thread blocked on that lock, outside
  /// any scheduling point. Call it where the locks `body` takes are free (right after a point that takes them).
  func atomically(_ body: () -> Void) {
    guard let index = Self.currentThread else { return body() }
    atomicThread = index
    body()
    atomicThread = nil
  }

  private func start(_ body: @escaping @Sendable () -> Void, starter: DispatchSemaphore) {
    let worker = pool.take()
    threads.append((.starting(starter: starter), worker))
    worker.assign(self, threadIndex: threads.count - 1, body: body)
  }

  /// The calling logical thread reached a scheduling point: lets the schedule pick who performs the next step.
  func reach(_ point: Point) {
    guard let index = Self.currentThread else { return }
    if atomicThread == index {
      if let lock = point.lock {
        precondition(lockHolders[lock] == nil, "checker: a lock taken in an atomic section is held")
        lockHolders[lock] = index
      }
      trace.append("T\(index) \(point.label) (atomically)")
      visited.insert(point.label)
      return
    }
    // Read before the baton passes: from then on, other threads change `threads`.
    let baton = threads[index].worker.wakeUp
    if case .starting(let starter) = threads[index].status {
      threads[index].status = .parked(point)
      starter.signal()
      baton.wait()
      return
    }
    threads[index].status = .parked(point)
    guard let next = decide(current: index) else {
      // Deadlock or livelock: the run is abandoned and this thread stays parked.
      controller.signal()
      baton.wait()
      return
    }
    guard next != index else {
      perform(index)
      return
    }
    resume(next)
    baton.wait()
  }

  /// The calling logical thread released a delivery's queue lock.
  func unlocked(_ lock: ObjectIdentifier) {
    lockHolders[lock] = nil
  }

  /// The calling logical thread returned.
  func finished(_ index: Int) {
    if case .starting(let starter) = threads[index].status {
      threads[index].status = .finished
      starter.signal()
      return
    }
    threads[index].status = .finished
    guard threads.contains(where: { if case .finished = $0.status { false } else { true } }) else {
      controller.signal()
      return
    }
    guard let next = decide(current: nil) else {
      controller.signal()
      return
    }
    resume(next)
  }

  /// Hands the baton to `index`, which performs its point.
  private func resume(_ index: Int) {
    perform(index)
    let baton = threads[index].worker.wakeUp
    baton.signal()
  }

  /// Marks `index` running and takes its lock, if its point takes one.
  private func perform(_ index: Int) {
    guard case .parked(let point) = threads[index].status else {
      preconditionFailure("checker: resumed a thread not parked")
    }
    if let lock = point.lock {
      precondition(lockHolders[lock] == nil, "checker: a lock was taken twice")
      lockHolders[lock] = index
    }
    threads[index].status = .running
    trace.append("T\(index) \(point.label)")
    visited.insert(point.label)
  }

  /// Picks the thread that performs the next step; `nil` when none can run, or the run took too long.
  ///
  /// The prefix's choice, otherwise the thread that reached the point (no preemption), otherwise the first that
  /// can run.
  private func decide(current: Int?) -> Int? {
    let enabled = threads.indices.filter { index in
      guard case .parked(let point) = threads[index].status else { return false }
      guard let lock = point.lock else { return true }
      return lockHolders[lock] == nil
    }
    guard !enabled.isEmpty else {
      failure = "deadlock: no thread can run\n" + trace.joined(separator: "\n")
      return nil
    }
    guard decisions.count < stepLimit else {
      failure = "livelock: more than \(stepLimit) steps"
      return nil
    }
    let stillRunnable = current.flatMap { enabled.contains($0) ? $0 : nil }
    let chosen: Int
    if decisions.count < prefix.count {
      chosen = prefix[decisions.count]
      precondition(enabled.contains(chosen), "checker: the replay diverged; the code under test is not deterministic")
    } else {
      chosen = stillRunnable ?? enabled[0]
    }
    decisions.append(Decision(enabled: enabled, current: stillRunnable, chosen: chosen))
    return chosen
  }
}

/// A real thread that runs one logical thread of an execution at a time.
final class CheckedWorker: @unchecked Sendable {
  // Safety: `assignment` is written by the assigner before it signals `wakeUp` and read by the worker after its
  // wait returns; the worker clears it only after the run's end, when nobody assigns to it.

  /// The baton of this thread: signalled to start a logical thread or to resume it at a scheduling point.
  let wakeUp = DispatchSemaphore(value: 0)
  private var assignment: (execution: CheckedExecution, threadIndex: Int, body: @Sendable () -> Void)?
  private var stopping = false
  private let pool: CheckedWorkerPool

  /// The execution and thread index of the running assignment.
  var execution: CheckedExecution? { assignment?.execution }
  var threadIndex: Int? { assignment?.threadIndex }

  init(pool: CheckedWorkerPool) {
    self.pool = pool
  }

  /// The worker the calling thread is, if any.
  static var current: CheckedWorker? {
    guard let pointer = pthread_getspecific(threadKey) else { return nil }
    return Unmanaged<CheckedWorker>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` as logical thread `threadIndex` of `execution`.
  func assign(_ execution: CheckedExecution, threadIndex: Int, body: @escaping @Sendable () -> Void) {
    assignment = (execution, threadIndex, body)
    wakeUp.signal()
  }

  /// Ends the worker's thread once it is idle.
  func stop() {
    stopping = true
    wakeUp.signal()
  }

  /// The thread's loop: wait for an assignment, run it, report the end, go back to the pool.
  func run() {
    pthread_setspecific(threadKey, Unmanaged.passUnretained(self).toOpaque())
    while true {
      wakeUp.wait()
      guard !stopping, let assignment else { return }
      assignment.body()
      self.assignment = nil
      pool.give(self)
      assignment.execution.finished(assignment.threadIndex)
    }
  }
}

/// The workers of one exploration, reused from run to run.
final class CheckedWorkerPool: @unchecked Sendable {
  // Safety: `idle` and `all` are guarded by `lock`.
  private let lock = Locked<(idle: [CheckedWorker], all: [CheckedWorker])>(([], []))

  /// An idle worker, or a new one on a new thread.
  func take() -> CheckedWorker {
    if let worker = lock.withLock({ $0.idle.popLast() }) { return worker }
    let worker = CheckedWorker(pool: self)
    lock.withLock { $0.all.append(worker) }
    _ = startThread { worker.run() }
    return worker
  }

  /// Returns a worker whose logical thread returned.
  func give(_ worker: CheckedWorker) {
    lock.withLock { $0.idle.append(worker) }
  }

  /// Ends the threads of the idle workers (those of an abandoned run stay parked).
  func stopIdleWorkers() {
    for worker in lock.withLock({ $0.idle }) { worker.stop() }
  }
}

/// The thread-local slot that tells a worker's thread which worker it is.
private let threadKey: pthread_key_t = {
  var key = pthread_key_t()
  let result = pthread_key_create(&key, nil)
  precondition(result == 0, "checker: pthread_key_create failed with \(result)")
  return key
}()
