/// How a ``Command`` handles an `execute` call that arrives while an execution is running.
///
/// - ``serial``: the command is disabled while it executes; a call meanwhile fails with
///   ``CommandError/notEnabled`` (RAC's default).
/// - ``concurrent``: every call starts at once (RAC `allowsConcurrentExecution`).
/// - ``enqueue``: calls wait in order and start one after the other.
/// - ``replaceLatest``: a call cancels the running execution and starts at once.
///
/// ```swift
/// let save = Command(strategy: .enqueue) { (document: Document) in store.save(document) }
/// ```
public struct ExecutionStrategy: Sendable, Hashable, CustomStringConvertible {
  /// The strategies, as the state machine switches over them.
  enum Kind: Sendable, Hashable {
    /// Disabled while executing.
    case serial
    /// Every call starts at once.
    case concurrent
    /// Calls queue and start one after the other.
    case enqueue
    /// A call cancels the running execution.
    case replaceLatest
  }

  let kind: Kind

  /// Disabled while an execution runs; `execute` meanwhile fails with ``CommandError/notEnabled``.
  ///
  /// ```swift
  /// let login = Command(strategy: .serial) { (form: Form) in api.login(form) }
  /// ```
  public static let serial = ExecutionStrategy(kind: .serial)

  /// Every `execute` starts at once, however many executions are running.
  ///
  /// ```swift
  /// let like = Command(strategy: .concurrent) { (post: Post.ID) in api.like(post) }
  /// ```
  public static let concurrent = ExecutionStrategy(kind: .concurrent)

  /// Each `execute` waits for the executions before it, then runs; the command stays enabled.
  ///
  /// ```swift
  /// let save = Command(strategy: .enqueue) { (document: Document) in store.save(document) }
  /// ```
  public static let enqueue = ExecutionStrategy(kind: .enqueue)

  /// Each `execute` cancels the running execution (its signal fails with ``CommandError/cancelled``) and starts.
  ///
  /// ```swift
  /// let search = Command(strategy: .replaceLatest) { (term: String) in api.search(term) }
  /// ```
  public static let replaceLatest = ExecutionStrategy(kind: .replaceLatest)

  /// The strategy's name, such as `serial`.
  public var description: String {
    switch kind {
    case .serial: "serial"
    case .concurrent: "concurrent"
    case .enqueue: "enqueue"
    case .replaceLatest: "replaceLatest"
    }
  }
}
