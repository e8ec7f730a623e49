import AsyncSignals

extension TestRecorder {
  /// The history recorded so far drawn as a marble string, in the grammar of
  /// ``TestScheduler/makeColdSignal(_:values:)``, on the scheduler's ``TestScheduler/frame``.
  ///
  /// A value is drawn as its letter in `values`, or as itself when it prints as one character (`1`, `"x"`), or
  /// as a spare letter explained on a line of its own below the timeline (`a = ["swift 1", "swift 2"]`). Values
  /// that print alike are drawn alike. Events at one time make a group, a long or uneven wait is written as time
  /// progression (`1500ms`), and the drawing ends at the last event.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let recorder = scheduler.record(Signal(values: [10, 20]).delay(for: .seconds(2), scheduler: scheduler))
  /// scheduler.run()
  /// print(recorder.marbles())
  /// // --(ab|)
  /// // a = 10
  /// // b = 20
  /// ```
  ///
  /// - Parameter values: Letters to draw values with, as given to a marble source.
  /// - Returns: The timeline, then one line per letter that does not stand for itself.
  public func marbles(values: [Character: Value] = [:]) -> String {
    let frame = timedScheduler(api: "marbles(values:)").frame
    let described = { (value: Value) in String(describing: value) }
    var legend = MarbleLegend(values: values, isEqual: { described($0) == described($1) })
    let events = events
    legend.assign(events.compactMap(\.event.value))
    let row = MarbleRow(label: "", events: events) { legend.letter(for: $0) ?? "?" }
    guard let drawing = try? MarbleLayout(frame: frame).draw([row]) else {
      return "(events less than a frame apart cannot be drawn: \(events))"
    }
    return ([drawing.lines[0]] + legend.entries().map { "\($0.letter) = \($0.text)" }).joined(separator: "\n")
  }

  /// The scheduler of a timed recorder; stops with a message naming `api` for an untimed one.
  func timedScheduler(api: String) -> TestScheduler {
    guard let scheduler else {
      preconditionFailure(
        "\(api): an untimed recorder (TestRecorder()) has no virtual time to draw; record with a TestScheduler"
      )
    }
    return scheduler
  }
}

extension TestRecorder where Value: Equatable {
  /// Checks that the history recorded so far is the one `marbles` draws; reports a test issue showing both when it
  /// is not.
  ///
  /// `marbles` is read like a cold source's (``TestScheduler/makeColdSignal(_:values:)``), from the scheduler's time
  /// zero, in frames of ``TestScheduler/frame``: `-` waits a frame, a letter is `values[letter]` (or the value it
  /// spells, for `LosslessStringConvertible` values such as `String` and `Int`), `|` completes, `#` fails with
  /// `failure`, `(ab)` is one frame, and `10ms` moves time. Failures compare with `==` when their type is `Equatable`
  /// (for `any Error`, the type of the error inside), and by how they print otherwise. Drive the scheduler first
  /// (``TestScheduler/run()``, ``TestScheduler/advance(by:)``, ``TestScheduler/start(subscribedAt:disposedAt:_:)``):
  /// this compares what is recorded now.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .milliseconds(100))
  /// let keys = scheduler.makeHotSignal("-a-b------c---|")
  /// let recorder = scheduler.record(keys.signal.debounce(for: .milliseconds(300), scheduler: scheduler))
  /// scheduler.run()
  /// recorder.expectMarbles(            "------b------c|")
  /// ```
  ///
  /// On a mismatch the issue, recorded at the call, draws both histories on one grid with a caret under the first
  /// frame that differs, the legend of the letters (values that do not print as one character get one), and the
  /// work that escaped virtual time, if any:
  ///
  /// ```
  /// expectMarbles(_:values:failure:): the history differs from "------b---c---|" (one frame: 100ms)
  ///   expected  ------b---c---|
  ///   actual    ------b------c|
  ///                       ^ at 1s (frame 10): expected c, got nothing
  /// ```
  ///
  /// Outside a Swift Testing test the report goes to standard error. A malformed `marbles` stops the test with a
  /// message naming the string and the column.
  ///
  /// - Parameters:
  ///   - marbles: The expected history.
  ///   - values: The value of each letter.
  ///   - failure: What `#` stands for.
  ///   - fileID: Where the expectation is written; leave the default.
  ///   - filePath: Where the expectation is written; leave the default.
  ///   - line: Where the expectation is written; leave the default.
  ///   - column: Where the expectation is written; leave the default.
  /// - Returns: Whether the histories are the same.
  @discardableResult
  public func expectMarbles(
    _ marbles: String,
    values: [Character: Value] = [:],
    failure: Failure? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    let scheduler = timedScheduler(api: "expectMarbles(_:values:failure:)")
    return scheduler.expectMarbles(
      marbles,
      values: values,
      failure: failure,
      for: events,
      api: "expectMarbles(_:values:failure:)",
      location: (fileID, filePath, line, column)
    )
  }
}

extension TestScheduler {
  /// Checks that `events`, a history recorded on this scheduler, is the one `marbles` draws; reports a test issue
  /// showing both when it is not.
  ///
  /// The same check as ``TestRecorder/expectMarbles(_:values:failure:fileID:filePath:line:column:)``, for a
  /// history that is not in a recorder, such as one collected from a `for await` loop.
  ///
  /// ```swift
  /// let events: [Recorded<Int, Never>] = [.value(1, at: .seconds(1)), .completed(at: .seconds(3))]
  /// TestScheduler(frame: .seconds(1)).expectMarbles("-a-|", values: ["a": 1], for: events)
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The expected history.
  ///   - values: The value of each letter.
  ///   - failure: What `#` stands for.
  ///   - events: The history to check.
  ///   - fileID: Where the expectation is written; leave the default.
  ///   - filePath: Where the expectation is written; leave the default.
  ///   - line: Where the expectation is written; leave the default.
  ///   - column: Where the expectation is written; leave the default.
  /// - Returns: Whether the histories are the same.
  @discardableResult
  public func expectMarbles<Value: Equatable, Failure>(
    _ marbles: String,
    values: [Character: Value] = [:],
    failure: Failure? = nil,
    for events: [Recorded<Value, Failure>],
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    expectMarbles(
      marbles,
      values: values,
      failure: failure,
      for: events,
      api: "expectMarbles(_:values:failure:for:)",
      location: (fileID, filePath, line, column)
    )
  }

  /// Compares `events` with `marbles` and reports a mismatch at `location` under the name `api`.
  fileprivate func expectMarbles<Value: Equatable, Failure>(
    _ marbles: String,
    values: [Character: Value],
    failure: Failure?,
    for events: [Recorded<Value, Failure>],
    api: String,
    location: (fileID: String, filePath: String, line: Int, column: Int)
  ) -> Bool {
    let expected = MarbleParser(frame: frame).recordsOrStop(
      marbles,
      use: .expected,
      values: values,
      failure: failure,
      api: api
    )
    guard
      let report = MarbleMismatch.events(
        actual: events,
        expected: expected,
        values: values,
        frame: frame,
        marbles: marbles,
        api: api
      )
    else { return true }
    MarbleMismatch.record(
      withEscapedWork(report),
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    )
    return false
  }
}

extension TestScheduler {
  /// `report`, followed by the work that escaped virtual time, if any: the usual reason for a history that comes
  /// out wrong.
  func withEscapedWork(_ report: String) -> String {
    let escapes = escapedWork
    guard !escapes.isEmpty else { return report }
    return report + "\n  and work escaped virtual time, which may explain it:" + escapes.map { "\n    \($0)" }.joined()
  }
}
