import Foundation

/// Everything the compiler needs for one language: templates, constants, grammar, abbreviations.
public struct InstructionLanguage: Sendable {
  /// The language code, e.g. `en`, `pt-BR`, `zh-Hant`.
  public let code: String
  /// Whether the first letter of an instruction is upper-cased (`meta.capitalizeFirstLetter`).
  public let capitalizeFirstLetter: Bool
  /// The `v5` template tree.
  public let templates: InstructionTemplateNode
  /// Grammatical-case rewrites, for languages that have them.
  public let grammar: InstructionGrammar?
  /// Street-name abbreviations, for languages that have them.
  public let abbreviations: InstructionAbbreviations?

  /// Creates a language from its parts.
  public init(
    code: String, capitalizeFirstLetter: Bool, templates: InstructionTemplateNode,
    grammar: InstructionGrammar? = nil, abbreviations: InstructionAbbreviations? = nil
  ) {
    self.code = code
    self.capitalizeFirstLetter = capitalizeFirstLetter
    self.templates = templates
    self.grammar = grammar
    self.abbreviations = abbreviations
  }

  /// The template string at a dotted path such as `turn.left.name`, if present.
  public func template(_ keyPath: String) -> String? {
    templates.node(at: keyPath.components(separatedBy: ".").filter { !$0.isEmpty })?.text
  }

  /// The ordinal word for `number` ("1st", "2nd", …), or "" beyond the table, as upstream.
  public func ordinal(_ number: Int) -> String {
    templates.node(at: ["constants", "ordinalize", String(number)])?.text ?? ""
  }

  /// The named phrase (`two linked`, `one in distance`, `name and ref`, `exit with number`…).
  public func phrase(_ name: String) -> String? {
    templates.node(at: ["phrase", name])?.text
  }

  /// A copy with different grammar and abbreviations.
  func with(grammar: InstructionGrammar?, abbreviations: InstructionAbbreviations?)
    -> InstructionLanguage
  {
    InstructionLanguage(
      code: code, capitalizeFirstLetter: capitalizeFirstLetter, templates: templates,
      grammar: grammar, abbreviations: abbreviations)
  }

  /// Parses a translation file's JSON object and checks the keys the compiler relies on.
  static func make(code: String, json: [String: Any], file: String) throws(InstructionError)
    -> InstructionLanguage
  {
    guard let meta = json["meta"] else { throw .missingKey(path: file, key: "meta") }
    guard let meta = meta as? [String: Any] else {
      throw .wrongType(path: file, key: "meta", expected: "an object")
    }
    guard let capitalize = meta["capitalizeFirstLetter"] else {
      throw .missingKey(path: file, key: "meta.capitalizeFirstLetter")
    }
    guard let capitalize = capitalize as? Bool else {
      throw .wrongType(path: file, key: "meta.capitalizeFirstLetter", expected: "a boolean")
    }
    guard let version = json["v5"] else { throw .missingKey(path: file, key: "v5") }
    let templates = try InstructionTemplateNode.make(json: version, file: file, keyPath: "v5")
    try validate(templates, file: file)
    return InstructionLanguage(code: code, capitalizeFirstLetter: capitalize, templates: templates)
  }

  /// Checks that the constant tables and every maneuver type's `default` exist.
  static func validate(_ templates: InstructionTemplateNode, file: String) throws(InstructionError)
  {
    guard case .group(let root) = templates else {
      throw .wrongType(path: file, key: "v5", expected: "an object")
    }
    for table in ["ordinalize", "direction", "modifier", "lanes"] {
      let key = "v5.constants." + table
      guard let node = templates.node(at: ["constants", table]) else {
        throw .missingKey(path: file, key: key)
      }
      guard case .group = node else {
        throw .wrongType(path: file, key: key, expected: "an object")
      }
    }
    for type in root.keys.sorted() where !["constants", "modes", "phrase"].contains(type) {
      guard case .group(let modifiers) = root[type]! else {
        throw .wrongType(path: file, key: "v5." + type, expected: "an object")
      }
      guard modifiers["default"] != nil else {
        throw .missingKey(path: file, key: "v5.\(type).default")
      }
    }
  }
}
