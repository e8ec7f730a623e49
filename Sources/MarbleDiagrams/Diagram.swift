import AsyncSignals
import AsyncSignalsTesting

/// The marble diagram of one operator, made by running it: its rows, the legend of its letters, and how it is
/// written as text (for `Docs/Operators.md`) and as SVG (for the DocC catalog).
struct Diagram {
  /// One row: a label, the symbols at each time, where an inner subscription starts.
  struct Row {
    var label: String
    var frames: [MarbleFrame]
    var start: Duration?
    var isResult: Bool
  }

  /// The file name's stem, `marble-<name>.svg`, and the anchor of the text.
  let name: String
  /// What the diagram is of, as the guide's heading says it, in Markdown: `` `debounce(for:scheduler:)` ``.
  let title: String
  /// The DocC link to the operator, such as `Signal/debounce(for:scheduler:)`.
  let link: String
  /// The code that ran, shown above the rows.
  let code: String
  /// The rows, inputs first, the result last.
  let rows: [Row]
  /// The letters that do not stand for themselves, and `#` when its failure is not a plain `error`.
  let legend: [(letter: Character, text: String)]
  /// One frame past the last time drawn: where rows that did not end stop.
  let end: Duration

  /// Runs `build`, which declares the inputs and the result on a `DiagramRun`, and draws what happened.
  init(_ name: String, title: String, link: String, code: String, build: (DiagramRun) -> Void) {
    self.name = name
    self.title = title
    self.link = link
    self.code = code
    let run = DiagramRun()
    build(run)
    let described = run.rows()
    var letters = MarbleLegend<String>(
      isEqual: ==,
      spareLetters: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    )
    letters.assign(described.flatMap { $0.events.compactMap(\.event.value) })
    rows = described.map { row in
      var marbles = MarbleRow(label: row.label, events: row.events, start: row.start) { letters.letter(for: $0) ?? "?" }
      if let disposedAt = row.disposedAt {
        if marbles.frames.last?.time == disposedAt {
          marbles.frames[marbles.frames.count - 1].symbols.append("!")
        } else {
          marbles.frames.append(MarbleFrame(time: disposedAt, symbols: ["!"]))
        }
      }
      return Row(label: row.label, frames: marbles.frames, start: row.start, isResult: row.label == "result")
    }
    let failures = Set(described.flatMap { $0.events.compactMap(\.event.failure?.description) })
    legend =
      letters.entries().map { ($0.letter, $0.text) }
      + failures.filter { $0 != "error" }.sorted().map { ("#", $0) }
    let times = rows.flatMap { $0.frames.map(\.time) + [$0.start ?? .zero] }
    end = (times.max() ?? .zero) + DiagramRun.frame
  }

  /// The title without its code spans.
  var plainTitle: String {
    title.filter { $0 != "`" }
  }

  /// The diagram as text: the code, a blank line, one line per row on one grid, and the legend.
  var text: String {
    let marbleRows = rows.map { MarbleRow(label: $0.label, frames: $0.frames, start: $0.start) }
    guard let drawing = try? MarbleLayout(frame: DiagramRun.frame).draw(marbleRows, through: end) else {
      preconditionFailure("MarbleDiagrams: the rows of \(name) have events less than a frame apart")
    }
    let legendLines = legend.map { "\($0.letter) = \($0.text)" }
    return ([code, ""] + drawing.lines + legendLines).joined(separator: "\n")
  }
}
