import AsyncSignals

/// Compares histories and subscription windows with the ones marble strings draw, and words the difference: both
/// timelines on one grid, a caret under the first frame that differs, and the legend of the letters.
///
/// ```
/// expectMarbles(_:values:failure:): the history differs from "-a--b|" (one frame: 1ms)
///   expected  -a--b|
///   actual    -a--c|
///                 ^ at 4ms (frame 4): expected b, got c
///   b = 2
///   c = 7
/// ```
enum MarbleMismatch {
  /// The report of how `actual` differs from `expected`, drawn by `marbles`; `nil` when they are the same.
  static func events<Value: Equatable, Failure>(
    actual: [Recorded<Value, Failure>],
    expected: [Recorded<Value, Failure>],
    values: [Character: Value],
    frame: Duration,
    marbles: String,
    api: String
  ) -> String? {
    guard !isSame(actual, expected) else { return nil }
    var legend = MarbleLegend(values: values)
    legend.assign((expected + actual).compactMap(\.event.value))
    let letter = { (value: Value) in legend.letter(for: value) ?? "?" }
    let rows = [
      MarbleRow(label: "expected", events: expected, symbol: letter),
      MarbleRow(label: "actual", events: actual, symbol: letter),
    ]
    var report = "\(api): the history differs from \"\(marbles)\" (one frame: \(MarbleTime.text(frame)))"
    guard let drawing = try? MarbleLayout(frame: frame).draw(rows) else {
      return report + "\n  (events less than a frame apart cannot be drawn: use a shorter frame)\n"
        + "  expected  \(expected)\n  actual    \(actual)"
    }
    report += drawing.lines.map { "\n  " + $0 }.joined()
    // Equal letters are equal values, so where the rows draw the same the difference is in the failures.
    let firstFailure = { (history: [Recorded<Value, Failure>]) in history.first { $0.event.failure != nil }?.time }
    if let time = firstDifference(rows[0], rows[1]) ?? firstFailure(actual) ?? firstFailure(expected) {
      report +=
        "\n" + caretLine(at: time, in: drawing, frame: frame) + ": expected "
        + text(of: rows[0], at: time) + ", got " + text(of: rows[1], at: time)
    }
    for entry in legend.entries(includingGiven: true) {
      report += "\n  \(entry.letter) = \(entry.text)"
    }
    let failures = (expected.lazy.compactMap(\.event.failure).first, actual.lazy.compactMap(\.event.failure).first)
    if case (let expectedFailure?, let actualFailure?) = failures, !isSame(expectedFailure, actualFailure) {
      report += "\n  # = \(expectedFailure) expected, \(actualFailure) recorded"
    }
    return report
  }

  /// The report of how `actual` differs from `expected`, drawn by `marbles`; `nil` when they are the same.
  static func subscriptions(
    actual: [TestSubscription],
    expected: [TestSubscription],
    frame: Duration,
    marbles: [String],
    api: String
  ) -> String? {
    guard actual != expected else { return nil }
    let label = { (name: String, index: Int) in index == 0 ? name : "" }
    let expectedRows = expected.enumerated().map { MarbleRow(label: label("expected", $0), subscription: $1) }
    let actualRows = actual.enumerated().map { MarbleRow(label: label("actual", $0), subscription: $1) }
    let written = marbles.map { "\"\($0)\"" }.joined(separator: ", ")
    var report = "\(api): the subscriptions differ from [\(written)] (one frame: \(MarbleTime.text(frame)))"
    if expected.isEmpty { report += "\n  expected  (none)" }
    guard let drawing = try? MarbleLayout(frame: frame).draw(expectedRows + actualRows) else {
      return report + "\n  expected  \(expected)\n  actual    \(actual)"
    }
    report += drawing.lines.map { "\n  " + $0 }.joined()
    if actual.isEmpty { report += "\n  actual    (none)" }
    guard let index = expected.indices.first(where: { $0 < actual.count && expected[$0] != actual[$0] }) else {
      return report + "\n  expected \(expected.count) subscriptions, got \(actual.count)"
    }
    let (expectedRow, actualRow) = (expectedRows[index], actualRows[index])
    if let time = firstDifference(expectedRow, actualRow) {
      let caret = caretLine(at: time, in: drawing, frame: frame)
      let expectedText = text(of: expectedRow, at: time)
      let actualText = text(of: actualRow, at: time)
      report += "\n\(caret) (subscription \(index + 1)): expected \(expectedText), got \(actualText)"
    }
    return report
  }

  /// Reports `message` as an issue of the running Swift Testing test at the given place, or on standard error
  /// outside one.
  static func record(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
    recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether two histories are the same events at the same times (failures compared with ``isSame(_:_:)``).
  static func isSame<Value: Equatable, Failure>(
    _ first: [Recorded<Value, Failure>],
    _ second: [Recorded<Value, Failure>]
  ) -> Bool {
    first.elementsEqual(second) { one, other in
      guard one.time == other.time else { return false }
      return switch (one.event, other.event) {
      case (.value(let value), .value(let otherValue)): value == otherValue
      case (.failed(let failure), .failed(let otherFailure)): isSame(failure, otherFailure)
      case (.completed, .completed): true
      case (.value, _), (.failed, _), (.completed, _): false
      }
    }
  }

  /// Whether two failures are the same: `==` when the failure's own type is `Equatable` (for `any Error`, the
  /// type of the error inside), otherwise the same description.
  static func isSame<Failure>(_ failure: Failure, _ other: Failure) -> Bool {
    if let equatable = failure as? any Equatable { return equatable.isEqual(toAny: other) }
    return String(describing: failure) == String(describing: other)
  }

  /// The earliest time at which the two rows draw something different.
  private static func firstDifference(_ first: MarbleRow, _ second: MarbleRow) -> Duration? {
    let times = Set(first.frames.map(\.time) + second.frames.map(\.time)).sorted()
    return times.first { time in
      first.frames.first { $0.time == time } != second.frames.first { $0.time == time }
    }
  }

  /// A line with a caret under the frame of `time`, and that time.
  private static func caretLine(at time: Duration, in drawing: MarbleDrawing, frame: Duration) -> String {
    let frames = MarbleTime.frames(in: time, frame: frame).map { " (frame \($0))" } ?? ""
    return "  " + String(repeating: " ", count: drawing.columns[time] ?? 0) + "^ at \(MarbleTime.text(time))\(frames)"
  }

  /// What `row` draws at `time`: its frame, or `nothing`.
  private static func text(of row: MarbleRow, at time: Duration) -> String {
    row.frames.first { $0.time == time }?.text ?? "nothing"
  }
}

extension Equatable {
  /// Whether `other` is of this type and equal to this value.
  fileprivate func isEqual(toAny other: Any) -> Bool {
    (other as? Self).map { $0 == self } ?? false
  }
}
