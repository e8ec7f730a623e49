import AsyncSignals
import AsyncSignalsTesting
import Testing

extension TestScheduler {
  /// Consumes `signal` with a `for try await` loop in a Task and records every event with the virtual time at
  /// which it was delivered, while this test drives virtual time.
  ///
  /// The loop's Task prefers this scheduler's executor, so the scheduler runs it: one ``step()`` runs the loop's
  /// first job, which subscribes (a `Gate` tells that the subscription call returned); then `drive` moves virtual
  /// time on this thread, which delivers the events into the loop's buffer and runs the loop. Each value is stamped with the
  /// scheduler's time as it is delivered, not as the loop takes it, so the history compares with a
  /// ``TestRecorder``'s. The signal must terminate within `drive`, or the Task never ends (the suite's time limit
  /// then fails the test).
  ///
  /// - Parameters:
  ///   - signal: The signal under test.
  ///   - drive: Moves virtual time; by default, ``run()``.
  /// - Returns: The recorded events, the terminal event last.
  func forAwaitEvents<Value: Sendable, Failure: Error>(
    of signal: Signal<Value, Failure>,
    drive: (TestScheduler) -> Void = { $0.run() }
  ) async -> [Recorded<Value, Failure>] {
    let subscribed = Gate()
    let terminatedAt = Locked<Duration?>(nil)
    let stamped =
      signal
      .on(terminated: { [self] in terminatedAt.withLock { $0 = now.offset } })
      .map { [self] value in (value: value, time: now.offset) }
    let announced = Signal<(value: Value, time: Duration), Failure> { observer, lifetime in
      lifetime += stamped.subscribe(observer)
      subscribed.open()
    }
    let loop = Task(executorPreference: self) { () -> [Recorded<Value, Failure>] in
      var events: [Recorded<Value, Failure>] = []
      do throws(Failure) {
        for try await (value, time) in announced {
          events.append(.value(value, at: time))
        }
        events.append(.completed(at: terminatedAt.withLock { $0 } ?? .zero))
      } catch {
        events.append(.failed(error, at: terminatedAt.withLock { $0 } ?? .zero))
      }
      return events
    }
    step()  // runs the loop's first job (queued before anything it schedules), which subscribes
    precondition(subscribed.isOpen, "forAwaitEvents(of:drive:): the loop did not subscribe at the current time")
    drive(self)
    return await loop.value
  }
}

extension TestScheduler {
  /// Every event of `signal`, subscribed at the current virtual time through `path`, with virtual time run until
  /// nothing is left to do.
  ///
  /// The callback path records with ``record(_:)``; the `for await` path with ``forAwaitEvents(of:drive:)``. Both
  /// histories carry the virtual time of each delivery, so a test expects the same history from both.
  ///
  /// - Parameters:
  ///   - signal: The signal under test; it must terminate.
  ///   - path: How to consume it.
  /// - Returns: The recorded events.
  func events<Value: Sendable, Failure: Error>(
    of signal: Signal<Value, Failure>,
    through path: ConsumptionPath
  ) async -> [Recorded<Value, Failure>] {
    switch path {
    case .callbacks:
      let recorder = record(signal)
      await run()
      return recorder.events
    case .forAwait:
      return await forAwaitEvents(of: signal)
    }
  }
}
