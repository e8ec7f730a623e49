import AsyncSignalsTesting

/// How a diagram is drawn as SVG: the code on top, one arrow per row with a marble per value, a bar for
/// completion, a cross for a failure and a dashed bar where an inner subscription was disposed, the result below
/// a dashed line, and the legend under it. Colours follow the reader's light or dark appearance.
extension Diagram {
  private static let cell = 32
  private static let rowHeight = 44
  private static let top = 44
  private static let palette = ["#ffd479", "#a5d8ff", "#b2f2bb", "#ffc9c9", "#d0bfff", "#ffdeeb", "#c3fae8", "#ffe8cc"]

  /// The diagram as an SVG document.
  var svg: String {
    let labelWidth = (rows.map(\.label.count).max() ?? 0) * 8 + 24
    let frames = MarbleTimeline.frames(end)
    let width = max(labelWidth + (frames + 1) * Self.cell, code.count * 8 + 24)
    let legendTop = Self.top + rows.count * Self.rowHeight + 8
    let height = legendTop + legend.count * 18 + 8
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
      font-family="ui-monospace, SFMono-Regular, Menlo, monospace" font-size="13">
      <title>\(escaped(plainTitle))</title>
      <style>
      .ink { fill: #1d1d1f; } .line { stroke: #1d1d1f; } .end { stroke: #c92a2a; } .faint { stroke: #868e96; }
      @media (prefers-color-scheme: dark) { .ink { fill: #f5f5f7; } .line { stroke: #f5f5f7; } .end { stroke: #ff8787; } }
      </style>
      <text class="ink" x="12" y="24">\(escaped(code))</text>

      """
    for (index, row) in rows.enumerated() {
      let middle = Self.top + index * Self.rowHeight + Self.rowHeight / 2
      if row.isResult {
        let y = middle - Self.rowHeight / 2
        svg +=
          "<line class=\"faint\" x1=\"12\" y1=\"\(y)\" x2=\"\(width - 12)\" y2=\"\(y)\" stroke-dasharray=\"4 4\"/>\n"
      }
      svg += "<text class=\"ink\" x=\"12\" y=\"\(middle + 4)\">\(escaped(row.label))</text>\n"
      svg += axis(of: row, at: middle, left: labelWidth)
      for frame in row.frames {
        for (offset, symbol) in frame.symbols.enumerated() {
          svg += draw(symbol, x: x(of: frame.time, left: labelWidth) + offset * 14, y: middle)
        }
      }
    }
    for (index, entry) in legend.enumerated() {
      let y = legendTop + index * 18 + 12
      svg += "<text class=\"ink\" x=\"\(labelWidth)\" y=\"\(y)\">\(escaped("\(entry.letter) = \(entry.text)"))</text>\n"
    }
    return svg + "</svg>\n"
  }

  /// The arrow of a row: from its start to its terminal symbol, or on to the end with an arrowhead.
  private func axis(of row: Row, at y: Int, left: Int) -> String {
    let from = row.start.map { x(of: $0, left: left) } ?? left
    let terminal = row.frames.first(where: \.isTerminal)
    let to = terminal.map { x(of: $0.time, left: left) + ($0.symbols.count - 1) * 14 } ?? x(of: end, left: left)
    var line = "<line class=\"line\" x1=\"\(from)\" y1=\"\(y)\" x2=\"\(to)\" y2=\"\(y)\" stroke-width=\"2\"/>\n"
    if terminal == nil {
      line +=
        "<path class=\"line\" d=\"M\(to - 8) \(y - 5) L\(to) \(y) L\(to - 8) \(y + 5)\" fill=\"none\" stroke-width=\"2\"/>\n"
    }
    return line
  }

  /// One symbol centred at `x`, `y`.
  private func draw(_ symbol: Character, x: Int, y: Int) -> String {
    switch symbol {
    case "|":
      return "<line class=\"line\" x1=\"\(x)\" y1=\"\(y - 12)\" x2=\"\(x)\" y2=\"\(y + 12)\" stroke-width=\"3\"/>\n"
    case "#":
      return "<path class=\"end\" d=\"M\(x - 7) \(y - 7) L\(x + 7) \(y + 7) M\(x + 7) \(y - 7) L\(x - 7) \(y + 7)\" "
        + "stroke-width=\"3\"/>\n"
    case "!":
      return "<line class=\"faint\" x1=\"\(x)\" y1=\"\(y - 10)\" x2=\"\(x)\" y2=\"\(y + 10)\" stroke-width=\"2\" "
        + "stroke-dasharray=\"3 2\"/>\n"
    default:
      let colour = Self.palette[Int(symbol.unicodeScalars.first?.value ?? 0) % Self.palette.count]
      return "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"11\" fill=\"\(colour)\" stroke=\"#495057\" stroke-width=\"1.5\"/>\n"
        + "<text x=\"\(x)\" y=\"\(y + 4)\" text-anchor=\"middle\" fill=\"#1d1d1f\" font-weight=\"bold\">"
        + "\(escaped(String(symbol)))</text>\n"
    }
  }

  /// The horizontal centre of the frame at `time`.
  private func x(of time: Duration, left: Int) -> Int {
    left + MarbleTimeline.frames(time) * Self.cell + Self.cell / 2
  }

  /// `text` with the characters XML reserves escaped.
  private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}

/// Whole frames of the diagrams' one-second frame.
enum MarbleTimeline {
  /// How many frames `time` is.
  static func frames(_ time: Duration) -> Int {
    Int(time.components.seconds)
  }
}
