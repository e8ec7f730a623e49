import Foundation

/// A name of the library's API as a guide writes it: `scanWithStart(_:reduce:)`, `Command(execute:)`,
/// `MainScheduler.shared`, `try await signal.first`, `take(while: { !predicate($0) })`, `+=`.
///
/// Only the last member of a chain is checked (`URLSession.shared.signals.data(for:)` names `data(for:)`);
/// receivers written in lower case (`signal.`, `command.`) stand for a value of any type. A capitalised last
/// member is a type, or an initialiser when it has arguments.
struct APIReference: Equatable, CustomStringConvertible {
  /// The type whose initialiser or member is named, when the reference says it (`Command(execute:)`).
  var type: String?
  /// The base name; `nil` for a bare type.
  var name: String?
  /// The argument labels (`_` for none), `nil` for a property, a type or an operator.
  var labels: [String]?
  /// Whether a trailing closure follows the arguments.
  var hasTrailingClosure = false
  /// The text it was read from.
  var text: String

  var description: String { text }

  /// Reads `text`; `nil` when it is not a reference (an expression with operators, a statement).
  init?(_ text: String) {
    self.text = text
    var body = text.trimmingCharacters(in: .whitespaces)
    for prefix in ["try ", "await "] where body.hasPrefix(prefix) { body.removeFirst(prefix.count) }
    if body.allSatisfy({ "+-*/=<>!&|^~%?".contains($0) }) {
      name = body
      return
    }
    let components = PublicAPIIndex.splitAtTopLevel(body, separator: ".").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let last = components.last, !last.isEmpty,
      let parsed = Self.component(last)
    else { return nil }
    // Every member of the chain must be a plain component too, or this is an expression.
    guard components.dropFirst().dropLast().allSatisfy({ Self.component($0) != nil }),
      components.first.map({ $0.isEmpty || Self.component($0) != nil }) ?? false
    else { return nil }
    let isType = parsed.identifier.first?.isUppercase ?? false
    if isType {
      type = parsed.identifier
      if parsed.labels != nil || parsed.hasTrailingClosure {
        name = "init"
        labels = parsed.labels ?? []
      }
    } else {
      name = parsed.identifier
      labels = parsed.labels
      if components.count >= 2, let owner = Self.component(components[components.count - 2]),
        owner.labels == nil, !owner.hasTrailingClosure, owner.identifier.first?.isUppercase == true
      {
        type = owner.identifier
      }
    }
    hasTrailingClosure = parsed.hasTrailingClosure
  }

  /// One member of a chain: `name`, `name(args)`, `name { … }`, `Type<Args>(args)`.
  private static func component(
    _ text: String
  ) -> (identifier: String, labels: [String]?, hasTrailingClosure: Bool)? {
    let characters = Array(text)
    var index = 0
    while index < characters.count,
      characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
    {
      index += 1
    }
    guard index > 0, !characters[0].isNumber else { return nil }
    let identifier = String(characters[..<index])
    if index < characters.count, characters[index] == "<" {
      index = PublicAPIIndex.matching(characters, index) + 1
    }
    var labels: [String]?
    if index < characters.count, characters[index] == "(" {
      let end = PublicAPIIndex.matching(characters, index)
      guard end < characters.count, characters[end] == ")" else { return nil }
      labels = arguments(String(characters[(index + 1)..<end]))
      index = end + 1
    }
    while index < characters.count, characters[index] == " " { index += 1 }
    var hasTrailingClosure = false
    if index < characters.count, characters[index] == "{" {
      let end = PublicAPIIndex.matching(characters, index)
      guard end == characters.count - 1 else { return nil }
      hasTrailingClosure = true
      index = end + 1
    }
    guard index == characters.count else { return nil }
    return (identifier, labels, hasTrailingClosure)
  }

  /// The labels of an argument list: `_:reduce:` (a name) or `while: { … }, 3` (a call).
  private static func arguments(_ text: String) -> [String] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return [] }
    if trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }), trimmed.hasSuffix(":") {
      return trimmed.split(separator: ":").map(String.init)
    }
    return PublicAPIIndex.splitAtTopLevel(trimmed, separator: ",").map { argument in
      let argument = argument.trimmingCharacters(in: .whitespaces)
      let label = argument.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      let afterLabel = argument.dropFirst(label.count)
      return !label.isEmpty && afterLabel.hasPrefix(":") ? String(label) : "_"
    }
  }

  /// Whether `index` has a declaration this reference can name.
  func exists(in index: PublicAPIIndex) -> Bool {
    guard let name else { return type.map { index.types.contains($0) } ?? false }
    let candidates = index.declarations(named: name, in: name == "init" ? type : nil)
    guard let labels else { return !candidates.isEmpty }
    return candidates.contains { declaration in
      guard let parameters = declaration.parameters else { return false }
      return Self.matches(labels, trailingClosure: hasTrailingClosure, parameters)
    }
  }

  /// Whether a call with `labels` (and a trailing closure) can pass `parameters`, leaving out defaulted ones.
  private static func matches(
    _ labels: [String],
    trailingClosure: Bool,
    _ parameters: [PublicAPIIndex.Parameter]
  ) -> Bool {
    var remaining = labels[...]
    var closurePending = trailingClosure
    for parameter in parameters {
      if let label = remaining.first, label == parameter.label {
        remaining = remaining.dropFirst()
        if parameter.isVariadic { remaining = remaining.drop { $0 == "_" } }
      } else if closurePending, remaining.isEmpty, parameter.takesClosure {
        closurePending = false
      } else if parameter.hasDefault {
        continue
      } else {
        return false
      }
    }
    return remaining.isEmpty && !closurePending
  }
}
