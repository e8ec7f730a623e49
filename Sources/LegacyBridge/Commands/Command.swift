import AsyncSignals

/// An action that runs a signal per input, with its enabled and executing state as signals (RAC `RACCommand`).
///
/// `execute(_:)` starts an execution at once (eagerly, as in RAC) and returns its signal, which replays every
/// event to late subscribers. Whether it runs depends on the command being enabled, which is the user's
/// `enabled` signal AND the ``ExecutionStrategy``:
///
/// - ``ExecutionStrategy/serial`` (default): disabled while executing.
/// - ``ExecutionStrategy/concurrent``: executions run side by side.
/// - ``ExecutionStrategy/enqueue``: executions wait and run one after the other.
/// - ``ExecutionStrategy/replaceLatest``: a new execution cancels the running one.
///
/// Executing a disabled command fails the returned signal with ``CommandError/notEnabled``; it never traps.
/// ``isEnabled`` and ``isExecuting`` send their current value on subscription, then each change, in the order
/// the changes happened. ``values`` and ``errors`` merge every execution's values and failures.
///
/// - Important: With ``ExecutionStrategy/replaceLatest``, a value that the replaced execution was already
///   delivering when it was replaced may still reach ``values``; its own signal has ended with
///   ``CommandError/cancelled`` and receives nothing more.
///
/// ```swift
/// let login = Command(enabled: formIsValid) { (form: Form) in api.login(form) }
/// login.isExecuting.subscribeNext { spinner.isVisible = $0 }
/// login.errors.subscribeNext { show($0) }
/// loginButtonTaps.subscribeNext { login.execute(form.current) }
/// ```
///
/// Commands are `Sendable`: `execute` may be called from any thread or task.
///
/// ```
///  execute(input) ──▶ CommandStorage (Locked state machine) ──▶ makeSignal(input) ──▶ ReplaySubject ──▶ caller
///                                    └──▶ isEnabled, isExecuting, executionSignals, values, errors
/// ```
public final class Command<Input: Sendable, Output: Sendable, Failure: Error>: Sendable {
  private let storage: CommandStorage<Input, Output, Failure>
  private let enabledSubscription: any Disposable

  /// Creates a command that runs the signal `execute` makes for each input, on the caller's actor.
  ///
  /// The command subscribes to `enabled` at once and keeps the subscription until it is released; until
  /// `enabled` sends, it counts as `true` (RAC).
  ///
  /// ```swift
  /// let refresh = Command<Void, [Item], APIError> { api.items() }
  /// ```
  ///
  /// Made on an actor (a `@MainActor` view model), the command calls `execute` on that actor only: at once when
  /// ``execute(_:)`` is called there, after a hop otherwise; so `execute` may use the view model's state. Code on
  /// no actor passes `isolation: nil` and an `@Sendable` closure.
  ///
  /// - Parameters:
  ///   - isolation: The actor `execute` runs on; leave the default, the caller's.
  ///   - enabled: Whether the user allows executing; combined with the strategy.
  ///   - strategy: What an `execute` call does while an execution runs.
  ///   - execute: Makes the signal of one execution.
  public convenience init(
    isolation: isolated (any Actor) = #isolation,
    enabled: Signal<Bool, Never> = .never,
    strategy: ExecutionStrategy = .serial,
    execute: @escaping (Input) -> Signal<Output, Failure>
  ) {
    let context = ActorContext(isolation)
    let makeSignal = ActorBound(execute, on: context)
    self.init(enabled: enabled, strategy: strategy) { input in
      Signal.started(on: context) { makeSignal.value(input) }
    }
  }

  /// Creates a command, from code on no actor, that runs the signal `execute` makes for each input.
  ///
  /// `execute` runs on the thread that calls ``execute(_:)``.
  ///
  /// ```swift
  /// let refresh = Command<Void, [Item], APIError>(isolation: nil) { api.items() }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: `execute` belongs to no actor.
  ///   - enabled: Whether the user allows executing; combined with the strategy.
  ///   - strategy: What an `execute` call does while an execution runs.
  ///   - execute: Makes the signal of one execution.
  public convenience init(
    isolation: NoActor,
    enabled: Signal<Bool, Never> = .never,
    strategy: ExecutionStrategy = .serial,
    execute: @escaping @Sendable (Input) -> Signal<Output, Failure>
  ) {
    self.init(enabled: enabled, strategy: strategy, makeSignal: execute)
  }

  /// Creates a command that runs an `async` operation for each input.
  ///
  /// Each execution's signal sends the operation's result and completes, or fails with its error.
  ///
  /// ```swift
  /// let save = Command(strategy: .enqueue) { (document: Document) async throws(StoreError) in
  ///   try await store.save(document)
  /// }
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model's method), the closure belongs to that actor and runs there,
  /// so it may read and write the view model's state between its `await`s. Written on no actor (or in a property
  /// initialiser, which runs on none), it is a plain `@Sendable` closure: the compiler checks what it captures,
  /// and it reaches an actor's state with `await`.
  ///
  /// - Parameters:
  ///   - enabled: Whether the user allows executing; combined with the strategy.
  ///   - strategy: What an `execute` call does while an execution runs.
  ///   - operation: The work of one execution.
  public convenience init(
    enabled: Signal<Bool, Never> = .never,
    strategy: ExecutionStrategy = .serial,
    @_inheritActorContext operation: @escaping @Sendable (Input) async throws(Failure) -> Output
  ) {
    // `@_inheritActorContext` is the attribute `Task.init` uses (Swift has no public spelling): a closure literal
    // written in an actor's method belongs to that actor, though the parameter is `@Sendable`. An
    // `isolation: isolated (any Actor) = #isolation` parameter cannot serve here: in a property initialiser of a
    // `@MainActor` class (`lazy var login = Command { … }`) `#isolation` is `nil`, and the closure is nonisolated.
    self.init(enabled: enabled, strategy: strategy) { input in
      Signal(operation: { () async throws(Failure) -> Output in try await operation(input) })
    }
  }

  /// Creates a command whose executions are the signals `makeSignal` makes.
  private init(
    enabled: Signal<Bool, Never>,
    strategy: ExecutionStrategy,
    makeSignal: @escaping @Sendable (Input) -> Signal<Output, Failure>
  ) {
    let storage = CommandStorage(strategy: strategy, makeSignal: makeSignal)
    self.storage = storage
    // The bookkeeping is thread-safe: no hop to the caller's actor for it.
    enabledSubscription = enabled.subscribe(isolation: nil, value: { [weak storage] in storage?.enabledChanged($0) })
  }

  deinit {
    enabledSubscription.dispose()
  }

  /// Whether `execute` would run now: the current value on subscription, then each change.
  ///
  /// ```swift
  /// login.isEnabled.subscribeNext { button.isEnabled = $0 }
  /// ```
  public var isEnabled: Signal<Bool, Never> {
    storage.isEnabled.signal
  }

  /// Whether an execution is running: the current value on subscription, then each change.
  ///
  /// ```swift
  /// login.isExecuting.subscribeNext { spinner.isVisible = $0 }
  /// ```
  public var isExecuting: Signal<Bool, Never> {
    storage.isExecuting.signal
  }

  /// The signal of each execution, sent when it starts (RAC `executionSignals`).
  ///
  /// As in RAC, these signals never fail: an execution's failure goes to ``errors`` and its signal here just
  /// completes, as it does when the execution is cancelled. So the RAC idioms `flatten()` and `switchToLatest()`
  /// apply directly; ``execute(_:)``'s signal keeps the failure.
  ///
  /// ```swift
  /// login.executionSignals.switchToLatest().subscribeNext { print("logged in", $0) }
  /// ```
  public var executionSignals: Signal<Signal<Output, Never>, Never> {
    storage.executions.signal.map { execution in execution.catch(to: .empty) }
  }

  /// Every execution's values, from the subscription on.
  ///
  /// ```swift
  /// refresh.values.subscribeNext { items in table.reload(items) }
  /// ```
  public var values: Signal<Output, Never> {
    storage.values.signal
  }

  /// Every execution's failure, as values (RAC `errors`); ``CommandError/notEnabled`` is not among them.
  ///
  /// ```swift
  /// login.errors.subscribeNext { error in alert(error) }
  /// ```
  public var errors: Signal<Failure, Never> {
    storage.errors.signal
  }

  /// Starts an execution for `input` now, or queues or rejects it, as the strategy says.
  ///
  /// The returned signal replays the execution's events to every subscriber; subscribing is not needed for
  /// the execution to run, and disposing a subscription does not stop it.
  ///
  /// ```swift
  /// login.execute(form).subscribeError { print($0) }
  /// ```
  ///
  /// - Parameter input: The execution's input.
  /// - Returns: The execution's events; it fails with ``CommandError/notEnabled`` if the command is disabled.
  @discardableResult
  public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
    storage.execute(input)
  }

  /// Executes for `input` and waits for the execution to end (the `async` form of ``execute(_:)``).
  ///
  /// A separate name keeps `execute(_:)` callable without `await` in async code.
  ///
  /// ```swift
  /// let session = try await login.run(form)
  /// ```
  ///
  /// - Parameter input: The execution's input.
  /// - Returns: The execution's last value, or `nil` if it sent none.
  /// - Throws: ``CommandError/notEnabled``, ``CommandError/cancelled``, or the execution's failure.
  public func run(_ input: Input) async throws(CommandError<Failure>) -> Output? {
    try await storage.execute(input).last()
  }
}

extension Command where Input == Void {
  /// Starts an execution of an input-less command (see ``execute(_:)``).
  ///
  /// ```swift
  /// refresh.execute()
  /// ```
  ///
  /// - Returns: The execution's events.
  @discardableResult
  public func execute() -> Signal<Output, CommandError<Failure>> {
    execute(())
  }
}
