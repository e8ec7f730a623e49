import AsyncSignals

/// The history of one inner signal of a signal of signals, with times counted from when the outer sent it: what
/// a higher-order marble expectation compares, as a value of the outer history.
///
/// Two inner histories are equal when they are the same events at the same times (failures compared as
/// `MarbleMismatch.isSame` does). One prints as its own marble drawing, so that the
/// legend of an outer mismatch shows each inner letter as a timeline:
///
/// ```
///   a = x-y|
///   c = x--y|
/// ```
struct InnerHistory<Value: Equatable & Sendable, Failure: Error>: Equatable, CustomStringConvertible {
  /// The events, at times since the inner arrived.
  var events: [Recorded<Value, Failure>]
  /// The time of one `-` in the drawing.
  var frame: Duration
  /// The letters the test gave the inner values, to draw them with.
  var values: [Character: Value]

  /// The history of the inner that `recorder` recorded, with its times counted from `arrival`.
  init(
    _ recorder: TestRecorder<Value, Failure>,
    arrivedAt arrival: Duration,
    frame: Duration,
    values: [Character: Value]
  ) {
    self.init(
      events: recorder.events.map { Recorded(time: $0.time - arrival, event: $0.event) },
      frame: frame,
      values: values
    )
  }

  /// An inner history of `events`, drawn on frames of `frame` with the letters of `values`.
  init(events: [Recorded<Value, Failure>], frame: Duration, values: [Character: Value]) {
    self.events = events
    self.frame = frame
    self.values = values
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    MarbleMismatch.isSame(lhs.events, rhs.events)
  }

  /// The history drawn as a marble string from its arrival (`x-y|`), with the values that need one in a legend
  /// after it (`-a| (a = [1, 2])`); `(nothing)` for an inner that sent nothing yet.
  var description: String {
    guard !events.isEmpty else { return "(nothing)" }
    var legend = MarbleLegend(values: values)
    legend.assign(events.compactMap(\.event.value))
    let row = MarbleRow(label: "", events: events) { legend.letter(for: $0) ?? "?" }
    guard let drawing = try? MarbleLayout(frame: frame).draw([row]) else { return "\(events)" }
    let entries = legend.entries().map { "\($0.letter) = \($0.text)" }
    return drawing.lines[0] + (entries.isEmpty ? "" : " (\(entries.joined(separator: ", ")))")
  }
}
