import AsyncSignals

extension TestRecorder {
  /// Checks that a signal of signals, recorded with ``TestScheduler/recordHigherOrder(_:)``, sent the inner signals
  /// that `marbles` and `inner` draw; reports a test issue showing both when it did not.
  ///
  /// `marbles` draws the outer history from the scheduler's time zero, as in
  /// ``expectMarbles(_:values:failure:fileID:filePath:line:column:)``, and each of its letters stands for an inner
  /// signal, drawn by `inner[letter]` with times counted from when the outer sent it, as RxJS does. An inner
  /// history matches when the inner sent those events at those times after its arrival; one that is still running
  /// has no terminal symbol. Inner letters are `values[letter]`, or the value they spell (`String`, `Int`…); `#`
  /// fails with `failure` in `marbles` and with `innerFailure` in an inner.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let words = scheduler.makeColdSignal("-a-b-a|", values: ["a": "apple", "b": "bean"])
  /// let groups = scheduler.recordHigherOrder(words.signal.groupBy(\.first).map { $0.signal })
  /// scheduler.run()
  /// groups.expectMarbles("-a-b-|", inner: ["a": "x---x|", "b": "y--|"], values: ["x": "apple", "y": "bean"])
  /// ```
  ///
  /// On a mismatch the issue, recorded at the call, draws both outer histories with a caret under the first frame
  /// that differs and a legend that draws each inner letter as its timeline; then, for each inner that arrived in
  /// both but differs, both inner histories from its arrival:
  ///
  /// ```
  /// expectMarbles(_:inner:values:failure:innerFailure:): the history differs from "-a-b|" (one frame: 1s)
  ///   expected  -a-b|
  ///   actual    -a-c|
  ///                ^ at 3s (frame 3): expected b, got c
  ///   a = x|
  ///   b = y-|
  ///   c = y--|
  ///   inner 2 (b), sent at 3s: the history differs from "y-|" (one frame: 1s)
  ///     expected  y-|
  ///     actual    y--|
  ///                 ^ at 2s (frame 2): expected |, got nothing
  /// ```
  ///
  /// A malformed string, or a letter of `marbles` with no entry in `inner`, stops the test with a message naming the
  /// string and the column.
  ///
  /// - Parameters:
  ///   - marbles: The expected outer history; each letter is an inner signal.
  ///   - inner: The expected history of each letter's inner signal, from its arrival.
  ///   - values: The value of each letter of the inner strings.
  ///   - failure: What `#` stands for in `marbles`.
  ///   - innerFailure: What `#` stands for in an inner string.
  ///   - fileID: Where the expectation is written; leave the default.
  ///   - filePath: Where the expectation is written; leave the default.
  ///   - line: Where the expectation is written; leave the default.
  ///   - column: Where the expectation is written; leave the default.
  /// - Returns: Whether the outer history and every inner history are the same.
  @discardableResult
  public func expectMarbles<InnerValue: Equatable, InnerFailure>(
    _ marbles: String,
    inner: [Character: String],
    values: [Character: InnerValue] = [:],
    failure: Failure? = nil,
    innerFailure: InnerFailure? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool where Value == TestRecorder<InnerValue, InnerFailure> {
    let api = "expectMarbles(_:inner:values:failure:innerFailure:)"
    let scheduler = timedScheduler(api: api)
    let frame = scheduler.frame
    let parser = MarbleParser(frame: frame)
    var expectedInners: [Character: InnerHistory<InnerValue, InnerFailure>] = [:]
    for (letter, innerMarbles) in inner.sorted(by: { $0.key < $1.key }) {
      let innerEvents = parser.recordsOrStop(
        innerMarbles,
        use: .expected,
        values: values,
        failure: innerFailure,
        api: "\(api), inner '\(letter)'"
      )
      expectedInners[letter] = InnerHistory(events: innerEvents, frame: frame, values: values)
    }
    let expected = parser.recordsOrStop(
      marbles,
      use: .expected,
      values: expectedInners,
      failure: failure,
      valuesLabel: "inner",
      api: api
    )
    let actual = events.map { record in
      Recorded(
        time: record.time,
        event: record.event.map { InnerHistory($0, arrivedAt: record.time, frame: frame, values: values) }
      )
    }
    guard
      var report = MarbleMismatch.events(
        actual: actual,
        expected: expected,
        values: expectedInners,
        frame: frame,
        marbles: marbles,
        api: api
      )
    else { return true }
    let letters = (try? parser.events(marbles, use: .expected))?.compactMap { symbol -> Character? in
      if case .value(let letter) = symbol.kind { letter } else { nil }
    }
    report += MarbleMismatch.inners(actual: actual, expected: expected, letters: letters ?? [], marbles: inner)
    MarbleMismatch.record(
      scheduler.withEscapedWork(report),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    return false
  }
}

extension MarbleMismatch {
  /// The reports of the inner histories that differ, pairing the inners of `actual` and `expected` in the order
  /// they arrived, each indented under the outer report; empty when every pair is the same.
  ///
  /// `letters` are the letters of the expected inners in order, and `marbles` the string each letter draws.
  static func inners<Value: Equatable, Failure, OuterFailure>(
    actual: [Recorded<InnerHistory<Value, Failure>, OuterFailure>],
    expected: [Recorded<InnerHistory<Value, Failure>, OuterFailure>],
    letters: [Character],
    marbles: [Character: String]
  ) -> String {
    let actualInners = actual.compactMap(\.event.value)
    let expectedInners = expected.compactMap { record in record.event.value.map { (time: record.time, history: $0) } }
    var report = ""
    for (index, (expectedInner, letter)) in zip(expectedInners, letters).enumerated() where index < actualInners.count {
      guard
        let inner = events(
          actual: actualInners[index].events,
          expected: expectedInner.history.events,
          values: expectedInner.history.values,
          frame: expectedInner.history.frame,
          marbles: marbles[letter] ?? "",
          api: "inner \(index + 1) (\(letter)), sent at \(MarbleTime.text(expectedInner.time))"
        )
      else { continue }
      report += inner.split(separator: "\n", omittingEmptySubsequences: false).map { "\n  " + $0 }.joined()
    }
    return report
  }
}
