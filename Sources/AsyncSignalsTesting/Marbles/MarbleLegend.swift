/// The letter each value of a drawing is drawn as, and the legend of the letters that do not speak for themselves.
///
/// A value gets, in this order of preference: the letter a test gave it (`values: ["a": 1]`); itself, when it
/// prints as one character that the grammar does not reserve (`1`, `"x"`); or the first letter not used yet
/// (`a`…`z`, `A`…`Z`), explained in the legend (`b = ["swift 1", "swift 2"]`). Every value of the drawing is
/// assigned at once (``assign(_:)``), so that a value that prints as itself is never shadowed by a letter handed
/// out earlier. Rows drawn with one legend use the same letter for equal values, so that two rows differ where
/// their values do.
package struct MarbleLegend<Value> {
  /// The letters the test gave, in alphabetical order, so that the choice among equal values is stable.
  private let given: [(letter: Character, value: Value)]
  private let isEqual: (Value, Value) -> Bool
  private let describe: (Value) -> String
  /// The letters handed out, in order, to values that do not print as themselves.
  private let spareLetters: [Character]
  /// Each distinct value assigned so far, with its letter and whether the legend must explain it.
  private var assigned: [(value: Value, letter: Character, explained: Bool, isGiven: Bool)] = []

  /// A legend that prefers the letters of `values`, tells values apart with `isEqual`, prints them with
  /// `describe`, and hands out `spareLetters` (`a`…`z`, then `A`…`Z`, unless given) to the others.
  package init(
    values: [Character: Value] = [:],
    isEqual: @escaping (Value, Value) -> Bool,
    describe: @escaping (Value) -> String = { String(describing: $0) },
    spareLetters: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  ) {
    given = values.sorted { $0.key < $1.key }.map { (letter: $0.key, value: $0.value) }
    self.isEqual = isEqual
    self.describe = describe
    self.spareLetters = spareLetters
  }

  /// Gives each of `values` not assigned yet its letter.
  package mutating func assign(_ values: some Sequence<Value>) {
    var pending: [Value] = []
    for value in values where letter(for: value) == nil && !pending.contains(where: { isEqual($0, value) }) {
      pending.append(value)
    }
    var taken = Set(assigned.map(\.letter)).union(given.map(\.letter))
    var unplaced: [Value] = []
    for value in pending {
      if let match = given.first(where: { isEqual($0.value, value) }) {
        let explained = describe(value) != String(match.letter)
        assigned.append((value, match.letter, explained, true))
      } else if let itself = Self.printsAsItself(describe(value)), !taken.contains(itself) {
        taken.insert(itself)
        assigned.append((value, itself, false, false))
      } else {
        unplaced.append(value)
      }
    }
    var spare = spareLetters.lazy.filter { !taken.contains($0) }.makeIterator()
    for value in unplaced {
      guard let letter = spare.next() else {
        preconditionFailure("marbles: more distinct values to draw than the \(spareLetters.count) spare letters")
      }
      assigned.append((value, letter, true, false))
    }
  }

  /// The letter of `value`, if it was assigned.
  package func letter(for value: Value) -> Character? {
    assigned.first { isEqual($0.value, value) }?.letter
  }

  /// The letters whose values do not print as themselves, each with its value, such as `("b", "[1, 2]")`.
  ///
  /// They come in the order they were assigned. Letters the test gave are left out unless `includingGiven`.
  package func entries(includingGiven: Bool = false) -> [(letter: Character, text: String)] {
    assigned.filter { $0.explained && (includingGiven || !$0.isGiven) }.map { ($0.letter, describe($0.value)) }
  }

  /// The character `description` is, when it is one that a marble may draw as a value.
  private static func printsAsItself(_ description: String) -> Character? {
    guard description.count == 1, let character = description.first, !character.isWhitespace,
      !"-|#()^!".contains(character)
    else { return nil }
    return character
  }
}

extension MarbleLegend where Value: Equatable {
  /// A legend that tells values apart with `==`.
  package init(values: [Character: Value] = [:]) {
    self.init(values: values, isEqual: ==)
  }
}
