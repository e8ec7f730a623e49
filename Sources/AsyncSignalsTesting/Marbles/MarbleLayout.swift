import AsyncSignals

/// One row of a marble drawing: a label and the symbols drawn at each virtual time.
///
/// A history (``init(label:events:start:symbol:)``) draws values as their letters, `|` and `#`; a subscription
/// window (``init(label:subscription:)``) draws `^` and `!`. Rows of one drawing share one legend and one layout.
package struct MarbleRow: Sendable {
  /// The name printed before the row, such as `expected` or `source`; empty for none.
  package var label: String
  /// The symbols at each time, in time order, each time once.
  package var frames: [MarbleFrame]
  /// Where an inner row starts, blank before; `nil` for a row that runs from time zero.
  package var start: Duration?

  /// A row with the given frames.
  package init(label: String, frames: [MarbleFrame], start: Duration? = nil) {
    self.label = label
    self.frames = frames
    self.start = start
  }

  /// The row of a history: each value drawn as `symbol(value)`, completion as `|`, a failure as `#`; events at
  /// one time make one group.
  package init<Value, Failure>(
    label: String,
    events: [Recorded<Value, Failure>],
    start: Duration? = nil,
    symbol: (Value) -> Character
  ) {
    var frames: [MarbleFrame] = []
    for record in events {
      let character: Character =
        switch record.event {
        case .value(let value): symbol(value)
        case .completed: "|"
        case .failed: "#"
        }
      if let last = frames.last, last.time == record.time {
        frames[frames.count - 1].symbols.append(character)
      } else {
        frames.append(MarbleFrame(time: record.time, symbols: [character]))
      }
    }
    self.init(label: label, frames: frames, start: start)
  }

  /// The row of a subscription window: `^` where it starts, `!` where it ends.
  package init(label: String, subscription: TestSubscription) {
    var frames = [MarbleFrame(time: subscription.subscribedAt, symbols: ["^"])]
    if let disposedAt = subscription.disposedAt {
      if disposedAt == subscription.subscribedAt {
        frames[0].symbols.append("!")
      } else {
        frames.append(MarbleFrame(time: disposedAt, symbols: ["!"]))
      }
    }
    self.init(label: label, frames: frames)
  }
}

/// The symbols drawn at one virtual time: one symbol, or a group such as `(b|)`.
package struct MarbleFrame: Sendable, Equatable {
  /// When.
  package var time: Duration
  /// What, in order.
  package var symbols: [Character]

  /// Symbols at `time`.
  package init(time: Duration, symbols: [Character]) {
    self.time = time
    self.symbols = symbols
  }

  /// How the frame is written: `a`, or `(ab|)` for several symbols.
  package var text: String {
    symbols.count == 1 ? String(symbols) : "(\(String(symbols)))"
  }

  /// Whether the row ends here: completion, failure or the end of a subscription.
  package var isTerminal: Bool {
    symbols.contains { $0 == "|" || $0 == "#" || $0 == "!" }
  }
}

/// The rows of a drawing as text, and where each time is drawn.
package struct MarbleDrawing: Sendable {
  /// One line per row: the label, padded, then the timeline.
  package var lines: [String]
  /// The column (from 0) where the frame of each drawn time starts, in every line.
  package var columns: [Duration: Int]
}

/// Lays rows of marbles out on one grid, so that each virtual time is at the same column in every row.
///
/// Every drawn time gets a slot as wide as its widest frame (`(ab)` is four characters); rows with nothing there
/// draw `-`, padded with spaces, which the grammar ignores. Between slots, each frame of waiting is a `-`; a wait
/// that is not a whole number of frames, or longer than ``longestRun`` frames, is written as time progression
/// (` 1500ms `). So every row reads back, with ``MarbleParser``, to the history it draws. Before an inner row's
/// start and after a row's terminal symbol, the row is blank.
///
/// ```
///  expected  -a--b-|
///  actual    -a--(bc)-|
/// ```
package struct MarbleLayout {
  /// The drawing needs events at least one frame apart, as each symbol takes a frame; these were not.
  package struct Overlap: Error, Equatable {
    /// The time drawn less than a frame after the previous one.
    package var time: Duration
  }

  /// The virtual time of one `-`.
  package let frame: Duration
  /// The longest wait drawn as dashes; longer ones are written as time progression.
  package var longestRun = 40

  /// A layout with frames of `frame`.
  package init(frame: Duration) {
    self.frame = frame
  }

  /// Draws `rows` on one grid, each row's dashes going on to `end` unless the row ended earlier.
  ///
  /// - Throws: ``Overlap`` when two times of the drawing are less than a frame apart.
  package func draw(_ rows: [MarbleRow], through end: Duration? = nil) throws(Overlap) -> MarbleDrawing {
    enum RowState {
      case before, running, ended
    }
    let slots = Set(rows.flatMap { $0.frames.map(\.time) } + rows.compactMap(\.start)).sorted()
    var states = rows.map { $0.start == nil ? RowState.running : .before }
    var nextFrame = rows.map { _ in 0 }
    var timelines = rows.map { _ in "" }
    var columns: [Duration: Int] = [:]
    var width = 0
    var cursor = Duration.zero

    func fill(_ gap: Duration) {
      let filler = gapText(gap)
      for row in rows.indices {
        timelines[row] += states[row] == .running ? filler : String(repeating: " ", count: filler.count)
      }
      width += filler.count
    }

    for slot in slots {
      guard slot >= cursor else { throw Overlap(time: slot) }
      fill(slot - cursor)
      var tokens: [String] = []
      for row in rows.indices {
        if states[row] == .before, let start = rows[row].start, start <= slot { states[row] = .running }
        let frames = rows[row].frames
        if nextFrame[row] < frames.count, frames[nextFrame[row]].time == slot {
          tokens.append(frames[nextFrame[row]].text)
          if frames[nextFrame[row]].isTerminal { states[row] = .ended }
          nextFrame[row] += 1
        } else {
          tokens.append(states[row] == .running ? "-" : " ")
        }
      }
      let slotWidth = tokens.map(\.count).max() ?? 1
      columns[slot] = width
      for row in rows.indices {
        timelines[row] += tokens[row] + String(repeating: " ", count: slotWidth - tokens[row].count)
      }
      width += slotWidth
      cursor = slot + frame
    }
    if let end, end > cursor { fill(end - cursor) }

    let labelWidth = rows.map(\.label.count).max() ?? 0
    let lines = rows.indices.map { row in
      let label = labelWidth == 0 ? "" : rows[row].label.padded(to: labelWidth) + "  "
      return String((label + timelines[row]).trimmingTrailingSpaces())
    }
    let offset = labelWidth == 0 ? 0 : labelWidth + 2
    return MarbleDrawing(lines: lines, columns: columns.mapValues { $0 + offset })
  }

  /// How a wait of `gap` is written: nothing, dashes, or time progression between spaces.
  private func gapText(_ gap: Duration) -> String {
    if let count = MarbleTime.frames(in: gap, frame: frame), count <= longestRun {
      return String(repeating: "-", count: count)
    }
    return " \(MarbleTime.text(gap)) "
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - count))
  }

  /// The string without its trailing spaces.
  fileprivate func trimmingTrailingSpaces() -> Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
    return self[..<end]
  }
}
