/// The execution policy of a ``Command``: which `execute` calls start, wait, replace or fail, and whether the
/// command is enabled and executing.
///
/// It is pure: ``CommandStorage`` calls it under its lock and carries out the returned action afterwards.
/// Executions are named by increasing identifiers handed out by ``executeRequested()``.
struct CommandStateMachine: Sendable {
  /// What to do with an `execute` call.
  enum ExecuteAction: Equatable, Sendable {
    /// Fail the call with ``CommandError/notEnabled``; nothing runs.
    case rejectNotEnabled
    /// Start the execution now.
    case start(id: Int)
    /// Keep the execution waiting; ``executionFinished(id:)`` starts it later.
    case enqueue(id: Int)
    /// Cancel the running executions, then start this one.
    case cancelAndStart(cancelled: [Int], id: Int)
  }

  /// What to do once an execution finished.
  enum FinishAction: Equatable, Sendable {
    /// Nothing waits.
    case none
    /// Start the waiting execution.
    case start(id: Int)
  }

  private let strategy: ExecutionStrategy.Kind
  /// The latest value of the user's enabled signal (`true` until it sends, as in RAC).
  private var isUserEnabled = true
  /// The running executions, oldest first.
  private var running: [Int] = []
  /// The waiting executions (``ExecutionStrategy/enqueue`` only), oldest first.
  private var waiting: [Int] = []
  /// The identifier of the next execution.
  private var nextID = 0

  init(strategy: ExecutionStrategy) {
    self.strategy = strategy.kind
  }

  /// Whether `execute` would run: the user's enabled signal AND the strategy.
  var isEnabled: Bool {
    switch strategy {
    case .serial: isUserEnabled && running.isEmpty
    case .concurrent, .enqueue, .replaceLatest: isUserEnabled
    }
  }

  /// Whether an execution is running (or waiting, which implies one is running).
  var isExecuting: Bool {
    !running.isEmpty
  }

  /// Whether the execution `id` is running: its events are forwarded only while it is.
  func isRunning(_ id: Int) -> Bool {
    running.contains(id)
  }

  /// The user's enabled signal sent a value.
  mutating func enabledChanged(_ isEnabled: Bool) {
    isUserEnabled = isEnabled
  }

  /// `execute` was called.
  mutating func executeRequested() -> ExecuteAction {
    guard isEnabled else { return .rejectNotEnabled }
    let id = nextID
    nextID += 1
    switch strategy {
    case .serial, .concurrent:
      running.append(id)
      return .start(id: id)
    case .enqueue:
      guard running.isEmpty else {
        waiting.append(id)
        return .enqueue(id: id)
      }
      running.append(id)
      return .start(id: id)
    case .replaceLatest:
      let cancelled = running
      running = [id]
      return cancelled.isEmpty ? .start(id: id) : .cancelAndStart(cancelled: cancelled, id: id)
    }
  }

  /// The execution `id` sent its terminal event.
  ///
  /// A replaced execution that ends late is ignored.
  mutating func executionFinished(id: Int) -> FinishAction {
    guard let index = running.firstIndex(of: id) else { return .none }
    running.remove(at: index)
    guard running.isEmpty, !waiting.isEmpty else { return .none }
    let next = waiting.removeFirst()
    running.append(next)
    return .start(id: next)
  }
}
