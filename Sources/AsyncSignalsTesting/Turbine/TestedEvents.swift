import AsyncSignals

/// The events of a signal under test, taken one at a time in the order they arrived, as Kotlin's Turbine takes a
/// flow's: what `signal.test { events in … }` hands its body.
///
/// Every event is kept from the moment the scope subscribes: nothing is conflated, so each value a
/// `CurrentValueSubject` sends is there, even those sent in a row with no suspension between them. A check that
/// finds another event than it expects records an issue of the running Swift Testing test at the check's line
/// (on standard error outside a test) and returns `nil`; a call that waits for an event waits at most the scope's
/// wall-clock timeout, so a missing event fails the test instead of hanging it.
///
/// ```swift
/// await numbers.test { events in
///   #expect(await events.next() == 1)
///   await events.skip(2)
///   await events.expectCompletion()
/// }
/// ```
public final class TestedEvents<Value: Sendable, Failure: Error>: Sendable {
  /// What a waiting call is resumed with: the event, or `nil` when the timeout ran out.
  typealias Arrival = Event<Value, Failure>?

  /// The events not taken yet, and the call waiting for the next one.
  struct State {
    var events: [Event<Value, Failure>] = []
    var taken = 0
    /// The call waiting for the next event, its number, and the timer that ends its wait.
    var waiter: CheckedContinuation<Arrival, Never>?
    var waiterID = 0
    var timer: Task<Void, Never>?
    /// Set by ``TestedEvents/ignoreRemainingEvents()``.
    var ignoresRemainingEvents = false

    /// Takes the next kept event, if there is one.
    mutating func take() -> Event<Value, Failure>? {
      guard taken < events.count else { return nil }
      defer { taken += 1 }
      return events[taken]
    }
  }

  private let state = Locked(State())
  /// How long a call waits for an event before it records a failure.
  public let timeout: Duration

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// The observer the scope subscribes with.
  var observer: Observer<Value, Failure> {
    Observer { [self] event in received(event) }
  }

  private func received(_ event: Event<Value, Failure>) {
    let waiter = state.withLock { state -> CheckedContinuation<Arrival, Never>? in
      guard let waiter = state.waiter else {
        state.events.append(event)
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: event)
  }

  /// Takes the next event, waiting up to ``timeout`` for it.
  ///
  /// ```swift
  /// #expect(await events.nextEvent() == .value(1))
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the check is written; leave the default.
  ///   - filePath: Where the check is written; leave the default.
  ///   - line: Where the check is written; leave the default.
  ///   - column: Where the check is written; leave the default.
  /// - Returns: The event, or `nil` (with an issue recorded) when none arrived in time.
  public func nextEvent(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async -> Event<Value, Failure>? {
    let place = CheckPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let event = await waitForEvent() else {
      place.fail("TestedEvents: no event arrived within \(timeout)")
      return nil
    }
    return event
  }

  /// Takes the next event, which must be a value.
  ///
  /// ```swift
  /// #expect(await events.next() == 1)
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the check is written; leave the default.
  ///   - filePath: Where the check is written; leave the default.
  ///   - line: Where the check is written; leave the default.
  ///   - column: Where the check is written; leave the default.
  /// - Returns: The value, or `nil` (with an issue recorded) when the next event is not a value or none arrived
  ///   in time.
  public func next(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async -> Value? {
    await take("a value", at: CheckPlace(fileID: fileID, filePath: filePath, line: line, column: column)) { event in
      guard case .value(let value) = event else { return nil }
      return value
    }
  }

  /// Takes the next `count` events, which must be values, and drops them.
  ///
  /// ```swift
  /// await events.skip(2)
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many values to skip; must not be negative.
  ///   - fileID: Where the check is written; leave the default.
  ///   - filePath: Where the check is written; leave the default.
  ///   - line: Where the check is written; leave the default.
  ///   - column: Where the check is written; leave the default.
  public func skip(
    _ count: Int,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async {
    precondition(count >= 0, "TestedEvents.skip(_:): count must be >= 0, got \(count)")
    for _ in 0..<count {
      guard await next(fileID: fileID, filePath: filePath, line: line, column: column) != nil else { return }
    }
  }

  /// Takes the next event, which must be the completion.
  ///
  /// ```swift
  /// await events.expectCompletion()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the check is written; leave the default.
  ///   - filePath: Where the check is written; leave the default.
  ///   - line: Where the check is written; leave the default.
  ///   - column: Where the check is written; leave the default.
  public func expectCompletion(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async {
    let place = CheckPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    _ = await take("completion", at: place) { event -> Void? in
      guard case .completed = event else { return nil }
      return ()
    }
  }

  /// Takes the next event, which must be a failure, and returns it.
  ///
  /// ```swift
  /// #expect(await events.expectFailure() == .timedOut)
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the check is written; leave the default.
  ///   - filePath: Where the check is written; leave the default.
  ///   - line: Where the check is written; leave the default.
  ///   - column: Where the check is written; leave the default.
  /// - Returns: The failure, or `nil` (with an issue recorded) when the next event is not a failure or none
  ///   arrived in time.
  public func expectFailure(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async -> Failure? {
    await take("a failure", at: CheckPlace(fileID: fileID, filePath: filePath, line: line, column: column)) { event in
      guard case .failed(let failure) = event else { return nil }
      return failure
    }
  }

  /// Checks that no event is waiting to be taken now.
  ///
  /// ```swift
  /// await scheduler.advance(by: .milliseconds(100))
  /// events.expectNoEvents()  // the debounce has not fired yet
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the check is written; leave the default.
  ///   - filePath: Where the check is written; leave the default.
  ///   - line: Where the check is written; leave the default.
  ///   - column: Where the check is written; leave the default.
  public func expectNoEvents(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    let waiting = unconsumed()
    guard !waiting.isEmpty else { return }
    CheckPlace(fileID: fileID, filePath: filePath, line: line, column: column)
      .fail("TestedEvents: expected no events, got \(waiting.joined(separator: ", "))")
  }

  /// Drops every event not taken yet, and those still to come; the scope then ends without checking for
  /// unconsumed events.
  ///
  /// For a hot signal that goes on sending after what the test wants to see.
  ///
  /// ```swift
  /// #expect(await events.next() == "ready")
  /// events.ignoreRemainingEvents()
  /// ```
  public func ignoreRemainingEvents() {
    state.withLock { state in
      state.events.removeAll()
      state.taken = 0
      state.ignoresRemainingEvents = true
    }
  }

  /// The events not taken yet, described; empty after ``ignoreRemainingEvents()``.
  func unconsumed() -> [String] {
    state.withLock { state in
      guard !state.ignoresRemainingEvents else { return [] }
      return state.events[state.taken...].map { String(describing: $0) }
    }
  }

  /// Takes the next event for a check that expects `expected`, and what `match` finds in it; records at `place`
  /// a timeout, or an event in which `match` finds nothing.
  private func take<Taken>(
    _ expected: String,
    at place: CheckPlace,
    _ match: (Event<Value, Failure>) -> Taken?
  ) async -> Taken? {
    guard let event = await waitForEvent() else {
      place.fail("TestedEvents: expected \(expected), but no event arrived within \(timeout)")
      return nil
    }
    guard let taken = match(event) else {
      place.fail("TestedEvents: expected \(expected), got \(event)")
      return nil
    }
    return taken
  }

  /// The next event, or `nil` when none arrives within ``timeout``.
  private func waitForEvent() async -> Event<Value, Failure>? {
    if let event = state.withLock({ $0.take() }) { return event }
    let timeout = timeout
    let arrival = await withCheckedContinuation { (continuation: CheckedContinuation<Arrival, Never>) in
      let (early, id) = state.withLock { state -> (Event<Value, Failure>?, Int) in
        state.waiterID += 1
        guard let event = state.take() else {
          state.waiter = continuation
          return (nil, state.waiterID)
        }
        return (event, state.waiterID)
      }
      if let early {
        continuation.resume(returning: early)
        return
      }
      let timer = Task { [self] in
        try? await Task.sleep(for: timeout)
        guard !Task.isCancelled else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Arrival, Never>? in
          guard state.waiterID == id, let waiter = state.waiter else { return nil }
          state.waiter = nil
          return waiter
        }
        waiter?.resume(returning: nil)
      }
      state.withLock { $0.timer = timer }
    }
    // The timer of this call, if it still sleeps, is cancelled and would find nothing to resume.
    let timer = state.withLock { state in
      state.waiterID += 1
      defer { state.timer = nil }
      return state.timer
    }
    timer?.cancel()
    return arrival
  }
}

/// Where a check was called: its failures are recorded there.
struct CheckPlace {
  let fileID: String
  let filePath: String
  let line: Int
  let column: Int

  /// Records `message` as an issue of the running Swift Testing test at this place, or writes it to standard
  /// error outside one.
  func fail(_ message: String) {
    recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
