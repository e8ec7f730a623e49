import Foundation

/// The public API of the library's modules, read from their sources, so a test can check that a name a guide
/// gives (`scanWithStart(_:reduce:)`, `Command(execute:)`, `MainScheduler.shared`) exists.
///
/// It reads declarations, not types: a function, initialiser or enum case is its base name and its parameters
/// (label, whether it has a default value, whether it takes a closure); a property is its name. A declaration
/// counts when it is `public` or `open`, a requirement of a public protocol, or a case of a public enum, and is
/// declared at file scope or in a type or extension, not inside a body. Comments and string literals are removed
/// first; the sources follow swift-format, so every `{` and `}` left is a brace of a declaration or a body.
struct PublicAPIIndex {
  /// One parameter of a function, initialiser or enum case.
  struct Parameter: Equatable {
    /// The argument label, `_` when there is none.
    var label: String
    /// Whether the argument may be left out.
    var hasDefault: Bool
    /// Whether the parameter is a function (a trailing closure can pass it).
    var takesClosure: Bool
    /// Whether the parameter is variadic (it takes any number of unlabelled arguments).
    var isVariadic: Bool
  }

  /// A function, initialiser (`name == "init"`), enum case or property (`parameters == nil`).
  struct Declaration {
    /// The type or extended type it is declared in, `nil` at file scope.
    var type: String?
    /// The base name (`scanWithStart`, `init`, `+=`).
    var name: String
    /// The parameters; `nil` for a property or a case without associated values.
    var parameters: [Parameter]?
  }

  private(set) var declarations: [Declaration] = []
  /// Every type declared or extended in the sources, and every public type alias.
  private(set) var types: Set<String> = []

  /// Reads every Swift file below `folders`.
  init(folders: [URL]) throws {
    for folder in folders {
      let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
        .compactMap { $0 as? URL }
        .filter { $0.pathExtension == "swift" }
        .sorted { $0.path < $1.path }
      for file in files ?? [] {
        read(Self.stripped(try String(contentsOf: file, encoding: .utf8)))
      }
    }
  }

  /// The declarations named `name`, optionally only those of `type`.
  func declarations(named name: String, in type: String? = nil) -> [Declaration] {
    declarations.filter { $0.name == name && (type == nil || $0.type == type) }
  }

  // MARK: Reading

  /// A brace scope while reading: a type or extension, or a body (whose declarations are local).
  private struct Scope {
    var type: String?
    var isPublicProtocol = false
    var isPublicEnum = false
  }

  private mutating func read(_ text: String) {
    let characters = Array(text)
    var scopes: [Scope] = []
    var pendingType: Scope?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "{" {
        scopes.append(pendingType ?? Scope())
        pendingType = nil
        index += 1
        continue
      }
      if character == "}" {
        _ = scopes.popLast()
        index += 1
        continue
      }
      guard character.isLetter || character == "@" || character == "_",
        index == 0
          || !(characters[index - 1].isLetter || characters[index - 1].isNumber || characters[index - 1] == "_")
      else {
        index += 1
        continue
      }
      // A declaration starts at a word; read its modifiers and keyword.
      let scope = scopes.last ?? Scope()
      let isMemberScope = scopes.isEmpty || scope.type != nil
      var cursor = index
      var modifiers: [String] = []
      var keyword = ""
      while cursor < characters.count {
        cursor = Self.skipSpaces(characters, cursor)
        if cursor < characters.count, characters[cursor] == "@" {
          cursor = Self.skipAttribute(characters, cursor)
          continue
        }
        let word = Self.word(characters, cursor)
        guard !word.isEmpty else { break }
        cursor += word.count
        if Self.declarationKeywords.contains(word) {
          keyword = word
          break
        }
        guard Self.modifierWords.contains(word) else { break }
        modifiers.append(word)
        // `modifier(set)` as in `private(set)`.
        if cursor < characters.count, characters[cursor] == "(" { cursor = Self.matching(characters, cursor) + 1 }
      }
      guard !keyword.isEmpty else {
        index += max(1, Self.word(characters, index).count)
        continue
      }
      let isPublic =
        modifiers.contains("public") || modifiers.contains("open") || (isMemberScope && scope.isPublicProtocol)
      switch keyword {
      case "class", "struct", "enum", "protocol", "actor", "extension":
        cursor = Self.skipSpaces(characters, cursor)
        let name = Self.word(characters, cursor, allowingDots: true).split(separator: ".").last.map(String.init) ?? ""
        // `class func` and `class var` are members, not types.
        if keyword == "class", Self.declarationKeywords.contains(name) { break }
        if !name.isEmpty {
          types.insert(name)
          pendingType = Scope(
            type: name,
            isPublicProtocol: keyword == "protocol" && isPublic,
            isPublicEnum: keyword == "enum" && isPublic
          )
        }
      case "func", "init", "case":
        guard isMemberScope else { break }
        guard isPublic || (keyword == "case" && scope.isPublicEnum) else { break }
        cursor = Self.skipSpaces(characters, cursor)
        var name = "init"
        if keyword != "init" {
          let start = cursor
          while cursor < characters.count, !" (<\n".contains(characters[cursor]) { cursor += 1 }
          name = String(characters[start..<cursor]).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        } else if cursor < characters.count, "?!".contains(characters[cursor]) {
          cursor += 1
        }
        cursor = Self.skipSpaces(characters, cursor)
        if cursor < characters.count, characters[cursor] == "<", keyword != "case" {
          cursor = Self.matching(characters, cursor) + 1
          cursor = Self.skipSpaces(characters, cursor)
        }
        var parameters: [Parameter]?
        if cursor < characters.count, characters[cursor] == "(" {
          let end = Self.matching(characters, cursor)
          parameters = Self.parameters(String(characters[(cursor + 1)..<end]), isCase: keyword == "case")
          cursor = end + 1
        } else if keyword != "case" {
          parameters = []
        }
        declarations.append(Declaration(type: scope.type, name: name, parameters: parameters))
      case "typealias":
        cursor = Self.skipSpaces(characters, cursor)
        let name = Self.word(characters, cursor)
        if isMemberScope, isPublic, !name.isEmpty { types.insert(name) }
      case "var", "let":
        guard isMemberScope, isPublic else { break }
        cursor = Self.skipSpaces(characters, cursor)
        let name = Self.word(characters, cursor)
        if !name.isEmpty { declarations.append(Declaration(type: scope.type, name: name, parameters: nil)) }
      default:
        break
      }
      index = max(cursor, index + 1)
    }
  }

  private static let declarationKeywords: Set<String> = [
    "class", "struct", "enum", "protocol", "actor", "extension", "func", "init", "case", "var", "let", "typealias",
  ]
  private static let modifierWords: Set<String> = [
    "public", "open", "package", "internal", "private", "fileprivate", "static", "final", "override", "mutating",
    "nonmutating", "indirect", "nonisolated", "convenience", "required", "lazy", "weak", "unowned", "consuming",
    "borrowing", "dynamic", "prefix", "postfix", "infix",
  ]

  /// The parameters of a parameter clause (or an enum case's associated values), split at top-level commas.
  private static func parameters(_ clause: String, isCase: Bool) -> [Parameter] {
    splitAtTopLevel(clause, separator: ",").compactMap { text in
      let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return nil }
      let colon = topLevelIndex(of: ":", in: text)
      let head = colon.map { String(text[..<$0]) } ?? (isCase ? "" : text)
      let rest = colon.map { String(text[text.index(after: $0)...]) } ?? text
      let words = head.split(whereSeparator: \.isWhitespace).map(String.init)
      let label = words.first ?? "_"
      let type = topLevelIndex(of: "=", in: rest).map { String(rest[..<$0]) } ?? rest
      return Parameter(
        label: label,
        hasDefault: topLevelIndex(of: "=", in: rest) != nil,
        takesClosure: type.contains("->"),
        isVariadic: type.trimmingCharacters(in: .whitespaces).hasSuffix("...")
      )
    }
  }

  // MARK: Text helpers

  /// `text` without comments and with every string literal emptied (`""`).
  static func stripped(_ text: String) -> String {
    var result = ""
    var characters = Array(text)[...]
    while let character = characters.first {
      if character == "/", characters.dropFirst().first == "/" {
        while let next = characters.first, next != "\n" { characters = characters.dropFirst() }
        continue
      }
      if character == "\"" {
        let isMultiline = characters.starts(with: "\"\"\"")
        characters = characters.dropFirst(isMultiline ? 3 : 1)
        while !characters.isEmpty {
          if characters.first == "\\" {
            characters = characters.dropFirst(2)
          } else if isMultiline ? characters.starts(with: "\"\"\"") : characters.first == "\"" {
            characters = characters.dropFirst(isMultiline ? 3 : 1)
            break
          } else {
            characters = characters.dropFirst()
          }
        }
        result += "\"\""
        continue
      }
      result.append(character)
      characters = characters.dropFirst()
    }
    return result
  }

  /// The index of the bracket that closes the one at `open`, counting (), [], {} and <> (but not `->`).
  static func matching(_ characters: [Character], _ open: Int) -> Int {
    var depth = 0
    var index = open
    while index < characters.count {
      depth += depthChange(characters[index], after: index > 0 ? characters[index - 1] : " ")
      if depth == 0 { return index }
      index += 1
    }
    return characters.count - 1
  }

  /// `text` split at `separator` where it is outside every bracket.
  static func splitAtTopLevel(_ text: String, separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var previous: Character = " "
    for character in text {
      depth += depthChange(character, after: previous)
      if character == separator && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
      previous = character
    }
    parts.append(current)
    return parts
  }

  /// The first index of `character` outside every bracket (`=` only when it is not part of `==`, `->` or `<=`).
  static func topLevelIndex(of character: Character, in text: String) -> String.Index? {
    var depth = 0
    var previous: Character = " "
    var index = text.startIndex
    while index < text.endIndex {
      let current = text[index]
      depth += depthChange(current, after: previous)
      let next = text.index(after: index) < text.endIndex ? text[text.index(after: index)] : " "
      if current == character, depth == 0,
        character != "=" || (!"=!<>".contains(previous) && next != "=")
      {
        return index
      }
      previous = current
      index = text.index(after: index)
    }
    return nil
  }

  /// How `character` changes the bracket depth: up at `(`, `[`, `{` and `<`, down at their closers, but not at
  /// the `>` of `->`.
  private static func depthChange(_ character: Character, after previous: Character) -> Int {
    switch character {
    case "(", "[", "{", "<": 1
    case ">" where previous == "-": 0
    case ")", "]", "}", ">": -1
    default: 0
    }
  }

  private static func skipSpaces(_ characters: [Character], _ start: Int) -> Int {
    var index = start
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    return index
  }

  /// Skips `@name` and its arguments, if any.
  private static func skipAttribute(_ characters: [Character], _ start: Int) -> Int {
    var index = start + 1
    index += word(characters, index).count
    if index < characters.count, characters[index] == "(" { index = matching(characters, index) + 1 }
    return index
  }

  /// The identifier at `start` (with dots when `allowingDots`), or an operator's characters.
  private static func word(_ characters: [Character], _ start: Int, allowingDots: Bool = false) -> String {
    var index = start
    while index < characters.count,
      characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        || (allowingDots && characters[index] == ".")
    {
      index += 1
    }
    return String(characters[start..<index])
  }
}
