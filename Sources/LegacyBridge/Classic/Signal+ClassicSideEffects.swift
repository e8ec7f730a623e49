import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with
  /// `value:`: `-doNext:`.
  ///
  /// ```swift
  /// results.doNext { print("got", $0) }
  /// ```
  ///
  /// - Parameter block: Runs with each value, before it is sent on.
  /// - Returns: The same signal, with the side effect.
  public func doNext(_ block: @escaping @Sendable (Value) -> Void) -> Signal {
    on(value: block)
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with
  /// `failed:`: `-doError:`.
  ///
  /// ```swift
  /// request.doError { print("failed", $0) }
  /// ```
  ///
  /// - Parameter block: Runs with the failure, before it is sent on.
  /// - Returns: The same signal, with the side effect.
  public func doError(_ block: @escaping @Sendable (Failure) -> Void) -> Signal {
    on(failed: block)
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with
  /// `completed:`: `-doCompleted:`.
  ///
  /// ```swift
  /// upload.doCompleted { print("uploaded") }
  /// ```
  ///
  /// - Parameter block: Runs at completion, before it is sent on.
  /// - Returns: The same signal, with the side effect.
  public func doCompleted(_ block: @escaping @Sendable () -> Void) -> Signal {
    on(completed: block)
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with
  /// `started:`: `-initially:`.
  ///
  /// ```swift
  /// request.initially { spinner.start() }
  /// ```
  ///
  /// - Parameter block: Runs when each subscription starts.
  /// - Returns: The same signal, with the side effect.
  public func initially(_ block: @escaping @Sendable () -> Void) -> Signal {
    on(started: block)
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with
  /// `terminated:`: `-finally:`.
  ///
  /// As in RAC, it runs at failure or completion, not at disposal (use `on(disposed:)` for that).
  ///
  /// ```swift
  /// request.finally { spinner.stop() }
  /// ```
  ///
  /// - Parameter block: Runs at failure or completion.
  /// - Returns: The same signal, with the side effect.
  public func finally(_ block: @escaping @Sendable () -> Void) -> Signal {
    on(terminated: block)
  }

  /// Classic name for ``/AsyncSignals/Signal/logEvents(_:to:)``: `-logAll`.
  ///
  /// ```swift
  /// search.logAll()
  /// ```
  ///
  /// - Parameter sink: Receives each log line; prints by default.
  /// - Returns: The same signal, logging every event.
  public func logAll(to sink: @escaping @Sendable (String) -> Void = { print($0) }) -> Signal {
    logEvents(to: sink)
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with a
  /// printing `value:`: `-logNext`.
  ///
  /// ```swift
  /// search.logNext()
  /// ```
  ///
  /// - Parameter sink: Receives each log line; prints by default.
  /// - Returns: The same signal, logging each value.
  public func logNext(to sink: @escaping @Sendable (String) -> Void = { print($0) }) -> Signal {
    on(value: { sink("next: \($0)") })
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with a
  /// printing `failed:`: `-logError`.
  ///
  /// ```swift
  /// search.logError()
  /// ```
  ///
  /// - Parameter sink: Receives the log line; prints by default.
  /// - Returns: The same signal, logging its failure.
  public func logError(to sink: @escaping @Sendable (String) -> Void = { print($0) }) -> Signal {
    on(failed: { sink("error: \($0)") })
  }

  /// Classic name for ``/AsyncSignals/Signal/on(started:value:failed:completed:terminated:disposed:)`` with a
  /// printing `completed:`: `-logCompleted`.
  ///
  /// ```swift
  /// search.logCompleted()
  /// ```
  ///
  /// - Parameter sink: Receives the log line; prints by default.
  /// - Returns: The same signal, logging its completion.
  public func logCompleted(to sink: @escaping @Sendable (String) -> Void = { print($0) }) -> Signal {
    on(completed: { sink("completed") })
  }
}
