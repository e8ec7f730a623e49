import AsyncSignals

extension Signal {
  /// Subscribes for the length of `body`, which takes the events one at a time; fails if any are left untaken.
  ///
  /// Kotlin's Turbine (`flow.test { awaitItem() }`) for signals. The scope subscribes before `body` runs and keeps
  /// every event (``TestedEvents``); `body` takes them with ``TestedEvents/next(fileID:filePath:line:column:)``,
  /// ``TestedEvents/expectCompletion(fileID:filePath:line:column:)``,
  /// ``TestedEvents/expectFailure(fileID:filePath:line:column:)``,
  /// ``TestedEvents/skip(_:fileID:filePath:line:column:)`` and
  /// ``TestedEvents/expectNoEvents(fileID:filePath:line:column:)``, each of which records an issue of the running
  /// test at its own line when it finds another event. When `body` returns, the subscription is disposed, and
  /// events nobody took are recorded as an issue at this call (call ``TestedEvents/ignoreRemainingEvents()`` for a
  /// hot signal that keeps sending). A check that waits for an event gives up after `timeout` of wall-clock time,
  /// so a missing event fails instead of hanging.
  ///
  /// With a `scheduler`, the subscription is made through it (as ``TestScheduler/record(_:)`` does), so that its
  /// timers and Tasks run when the test drives it; take the events after driving.
  ///
  /// ```swift
  /// @Test func countsDown() async {
  ///   await Signal<Int, Never>(values: [3, 2, 1]).test { events in
  ///     #expect(await events.next() == 3)
  ///     await events.skip(1)
  ///     #expect(await events.next() == 1)
  ///     await events.expectCompletion()
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long a check waits for an event, in wall-clock time; must be positive.
  ///   - scheduler: The test scheduler to subscribe through, if the signal uses one.
  ///   - isolation: The caller's actor; leave the default.
  ///   - fileID: Where the scope is written; leave the default.
  ///   - filePath: Where the scope is written; leave the default.
  ///   - line: Where the scope is written; leave the default.
  ///   - column: Where the scope is written; leave the default.
  ///   - body: Takes the events.
  /// - Throws: What `body` throws.
  public func test(
    timeout: Duration = .seconds(3),
    scheduler: TestScheduler? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ body: (TestedEvents<Value, Failure>) async throws -> Void
  ) async rethrows {
    precondition(timeout > .zero, "Signal.test(timeout:scheduler:_:): timeout must be > 0, got \(timeout)")
    let events = TestedEvents<Value, Failure>(timeout: timeout)
    let subscription: any Disposable
    if let scheduler {
      subscription = scheduler.subscribeHere(self, events.observer)
    } else {
      subscription = subscribe(events.observer)
    }
    defer { subscription.dispose() }
    try await body(events)
    let left = events.unconsumed()
    guard left.isEmpty else {
      CheckPlace(fileID: fileID, filePath: filePath, line: line, column: column)
        .fail("Signal.test: events left unconsumed: \(left.joined(separator: ", "))")
      return
    }
  }
}
