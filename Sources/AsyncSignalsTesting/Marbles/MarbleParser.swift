/// One symbol of a marble string, before its letter is looked up: what it is, when it happens and where it is
/// written.
struct MarbleSymbol: Equatable, Sendable {
  /// What a symbol stands for.
  enum Kind: Equatable, Sendable {
    /// A value, named by its letter.
    case value(Character)
    /// `|`: completion.
    case completion
    /// `#`: a failure.
    case failure
  }

  /// What the symbol stands for.
  var kind: Kind
  /// The virtual time it happens at: since the marble's start, or since its `^` for a hot source.
  var time: Duration
  /// Where it is written, counting characters from 1.
  var column: Int
}

/// A malformed marble string: what is wrong, and where.
struct MarbleSyntaxError: Error, Equatable {
  /// What is wrong, such as `a second terminal event`.
  var reason: String
  /// The column the problem is at, counting characters from 1 (one past the end for something missing).
  var column: Int

  /// The precondition message of `api` for `marbles`: the API, the reason, the column and the string, then the
  /// string again with a caret under the column.
  func message(api: String, marbles: String) -> String {
    "\(api): \(reason) at column \(column) of \"\(marbles)\"\n  \(marbles)\n  "
      + String(repeating: " ", count: column - 1) + "^"
  }
}

/// Reads marble strings, in RxJS's grammar, into symbols at virtual times.
///
/// ```
///  -a-b--(cd)-|      - one frame   a letter: a value   | completion   # failure   (cd) a group in one frame
///  --a-^-b---|       ^ a hot source's subscription point: time zero
///  a 10ms b 1.5s |   10ms, 1.5s, 2m: time progression, between spaces
///  ^---!             a subscription marble: subscribed at 0, disposed at 4 frames
/// ```
///
/// Each symbol outside a group takes one frame, so a marble's columns line up with time; a group takes one frame
/// in all (RxJS advances by the group's width: here every history has a drawing, see `MarbleLayout`). Spaces are
/// ignored. Time progression is a number, a unit (`ms`, `s` or `m`) and a space or the end, written at the start
/// or after a space; it moves time by that much.
struct MarbleParser {
  /// Where a value marble is used, which decides whether it may have a `^`.
  enum Use {
    /// A cold source: times count from each subscription; no `^`.
    case cold
    /// A hot source: times count from its `^` (or its start); events before the `^` are dropped.
    case hot
    /// An expected history: times count from the scheduler's zero; no `^`.
    case expected
  }

  /// The virtual time of one `-`.
  let frame: Duration

  /// The symbols of the value marble `marbles`, in order, with their times.
  ///
  /// - Throws: A ``MarbleSyntaxError`` naming the first problem: a letter after the terminal event, a second
  ///   terminal event, a `^` where `use` allows none or a second one, a `!`, or an unbalanced, nested, empty or
  ///   dashed group.
  func events(_ marbles: String, use: Use) throws(MarbleSyntaxError) -> [MarbleSymbol] {
    var reader = Reader(marbles, frame: frame)
    var symbols: [MarbleSymbol] = []
    var terminalColumn: Int?
    var caret: (time: Duration, column: Int)?
    while let (character, column) = try reader.next() {
      switch character {
      case "^":
        switch use {
        case .cold:
          throw MarbleSyntaxError(reason: "'^' in a cold source, which has no subscription point", column: column)
        case .expected:
          throw MarbleSyntaxError(reason: "'^' in an expected history, which starts at time zero", column: column)
        case .hot: break
        }
        if let caret {
          throw MarbleSyntaxError(reason: "a second '^' (the first is at column \(caret.column))", column: column)
        }
        try reader.refuseInGroup(character, column: column)
        caret = (reader.time, column)
      case "!":
        throw MarbleSyntaxError(
          reason: "'!' marks where a subscription ends: it belongs in a subscription marble",
          column: column
        )
      case "|", "#":
        if let terminalColumn {
          throw MarbleSyntaxError(
            reason: "a second terminal event (the first is at column \(terminalColumn))",
            column: column
          )
        }
        terminalColumn = column
        symbols.append(MarbleSymbol(kind: character == "|" ? .completion : .failure, time: reader.time, column: column))
      default:
        if let terminalColumn {
          throw MarbleSyntaxError(
            reason: "the value '\(character)' after the terminal event at column \(terminalColumn)",
            column: column
          )
        }
        symbols.append(MarbleSymbol(kind: .value(character), time: reader.time, column: column))
      }
      reader.advanceAfterSymbol()
    }
    try reader.finish()
    guard let caret else { return symbols }
    return symbols.map { symbol in
      var shifted = symbol
      shifted.time -= caret.time
      return shifted
    }
  }

  /// The subscription window that the subscription marble `marbles` draws: `^` where it starts, `!` where it
  /// ends (none while it is still active).
  ///
  /// - Throws: A ``MarbleSyntaxError`` naming the first problem: no `^`, a second `^` or `!`, a `!` before the `^`,
  ///   any other symbol, or an unbalanced, nested, empty or dashed group.
  func subscription(_ marbles: String) throws(MarbleSyntaxError) -> TestSubscription {
    var reader = Reader(marbles, frame: frame)
    var subscribed: (time: Duration, column: Int)?
    var disposed: (time: Duration, column: Int)?
    while let (character, column) = try reader.next() {
      switch character {
      case "^":
        if let subscribed {
          throw MarbleSyntaxError(
            reason:
              "a second '^' (the first is at column \(subscribed.column)): draw each subscription in its own marble",
            column: column
          )
        }
        subscribed = (reader.time, column)
      case "!":
        guard subscribed != nil else {
          throw MarbleSyntaxError(reason: "'!' before the '^' it would end", column: column)
        }
        if let disposed {
          throw MarbleSyntaxError(reason: "a second '!' (the first is at column \(disposed.column))", column: column)
        }
        disposed = (reader.time, column)
      default:
        throw MarbleSyntaxError(
          reason: "'\(character)' in a subscription marble, which has only '-', '^', '!', '(', ')' and times",
          column: column
        )
      }
      reader.advanceAfterSymbol()
    }
    try reader.finish()
    guard let subscribed else {
      throw MarbleSyntaxError(reason: "no '^' where the subscription starts", column: marbles.count + 1)
    }
    return TestSubscription(subscribedAt: subscribed.time, disposedAt: disposed?.time)
  }
}

extension MarbleParser {
  /// Walks a marble string: skips spaces, moves time over `-` and time progression, keeps track of groups, and
  /// hands every other character to the parser with its column.
  private struct Reader {
    private let characters: [Character]
    private let frame: Duration
    private var index = 0
    /// The time of the next symbol.
    private(set) var time = Duration.zero
    /// The open group: the column of its `(` and how many symbols it has.
    private var group: (column: Int, count: Int)?

    init(_ marbles: String, frame: Duration) {
      characters = Array(marbles)
      self.frame = frame
    }

    /// The next symbol and its column, or `nil` at the end.
    mutating func next() throws(MarbleSyntaxError) -> (Character, Int)? {
      while index < characters.count {
        let character = characters[index]
        let column = index + 1
        index += 1
        switch character {
        case "-":
          try refuseInGroup(character, column: column)
          time += frame
        case "(":
          if let group {
            throw MarbleSyntaxError(
              reason: "a group inside the group opened at column \(group.column)",
              column: column
            )
          }
          group = (column, 0)
        case ")":
          guard let open = group else { throw MarbleSyntaxError(reason: "')' without '('", column: column) }
          guard open.count > 0 else { throw MarbleSyntaxError(reason: "an empty group", column: column) }
          group = nil
          time += frame
        case _ where character.isWhitespace:
          continue
        default:
          if group == nil, let progression = progression(at: column - 1) {
            time += progression.duration
            index += progression.length - 1
            continue
          }
          return (character, column)
        }
      }
      return nil
    }

    /// Moves time past the symbol just read: one frame, or nothing inside a group (its `)` moves it).
    mutating func advanceAfterSymbol() {
      if let open = group {
        group = (open.column, open.count + 1)
      } else {
        time += frame
      }
    }

    /// Throws if `character`, at `column`, is inside a group.
    func refuseInGroup(_ character: Character, column: Int) throws(MarbleSyntaxError) {
      guard let group else { return }
      throw MarbleSyntaxError(
        reason: "'\(character)' inside the group opened at column \(group.column)",
        column: column
      )
    }

    /// Throws if a group is still open at the end.
    func finish() throws(MarbleSyntaxError) {
      guard let group else { return }
      throw MarbleSyntaxError(reason: "'(' without ')'", column: group.column)
    }

    /// The time progression written at `start` (`10ms`, `1.5s`, `2m`), if there is one: at the start or after a
    /// space, and followed by a space or the end.
    private func progression(at start: Int) -> (duration: Duration, length: Int)? {
      guard start == 0 || characters[start - 1].isWhitespace else { return nil }
      var end = start
      while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
      let integerDigits = characters[start..<end]
      guard !integerDigits.isEmpty else { return nil }
      var fractionDigits: ArraySlice<Character> = []
      if end < characters.count, characters[end] == "." {
        let fractionStart = end + 1
        end = fractionStart
        while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        fractionDigits = characters[fractionStart..<end]
        guard !fractionDigits.isEmpty else { return nil }
      }
      for (unit, name) in [(Duration.milliseconds(1), "ms"), (.seconds(1), "s"), (.seconds(60), "m")] {
        let unitEnd = end + name.count
        guard unitEnd <= characters.count, String(characters[end..<unitEnd]) == name,
          unitEnd == characters.count || characters[unitEnd].isWhitespace,
          let duration = MarbleTime.duration(integer: integerDigits, fraction: fractionDigits, unit: unit)
        else { continue }
        return (duration, unitEnd - start)
      }
      return nil
    }
  }
}
