import Foundation

/// Regular-expression rewrites that put a name into a grammatical case for one language.
///
/// Loaded from `grammar/<lang>.json`: rule lists keyed by case name (`accusative`, `article`,
/// …), applied in order to the name padded with one space on each side, then trimmed. A
/// template asks for a case with `{way_name:dative}`.
public struct InstructionGrammar: Sendable {
  /// One compiled rewrite.
  public struct Rule: Sendable {
    /// The pattern as written in the data file (JavaScript syntax).
    public let pattern: String
    /// The replacement as written in the data file (JavaScript syntax).
    public let replacement: String
    let regex: NSRegularExpression
    let template: String
  }

  /// Rules per grammatical case, in file order.
  public let cases: [String: [Rule]]
  /// Whether each rule replaces every match (the JavaScript `g` flag) or only the first.
  public let replacesAll: Bool

  /// Creates a grammar from its rules.
  public init(cases: [String: [Rule]], replacesAll: Bool) {
    self.cases = cases
    self.replacesAll = replacesAll
  }

  /// Puts `name` into the grammatical case `grammaticalCase`; unknown cases leave it unchanged.
  ///
  /// ```swift
  /// grammar.apply("Бармалеева улица", case: "accusative")  // "Бармалееву улицу"
  /// ```
  public func apply(_ name: String, case grammaticalCase: String) -> String {
    guard let rules = cases[grammaticalCase] else { return name }
    var text = " " + name + " "
    for rule in rules {
      let range = NSRange(location: 0, length: text.utf16.count)
      if replacesAll {
        text = rule.regex.stringByReplacingMatches(
          in: text, options: [], range: range, withTemplate: rule.template)
      } else if let match = rule.regex.firstMatch(in: text, options: [], range: range) {
        let replacement = rule.regex.replacementString(
          for: match, in: text, offset: 0, template: rule.template)
        text = (text as NSString).replacingCharacters(in: match.range, with: replacement)
      }
    }
    return InstructionText.trimJavaScriptWhitespace(text)
  }

  /// Parses a grammar file's JSON object.
  ///
  /// - Parameters:
  ///   - json: the top-level object of `grammar/<lang>.json`.
  ///   - file: the file's path, named in errors.
  static func make(json: [String: Any], file: String) throws(InstructionError)
    -> InstructionGrammar
  {
    var flags = ""
    if let meta = json["meta"] {
      guard let meta = meta as? [String: Any] else {
        throw .wrongType(path: file, key: "meta", expected: "an object")
      }
      if let value = meta["regExpFlags"] {
        guard let value = value as? String else {
          throw .wrongType(path: file, key: "meta.regExpFlags", expected: "a string")
        }
        flags = value
      }
    }
    guard let version = json["v5"] else { throw .missingKey(path: file, key: "v5") }
    guard let version = version as? [String: Any] else {
      throw .wrongType(path: file, key: "v5", expected: "an object")
    }
    var options: NSRegularExpression.Options = []
    if flags.contains("i") { options.insert(.caseInsensitive) }
    if flags.contains("m") { options.insert(.anchorsMatchLines) }
    if flags.contains("s") { options.insert(.dotMatchesLineSeparators) }
    var cases: [String: [Rule]] = [:]
    for name in version.keys.sorted() {
      let key = "v5." + name
      guard let list = version[name] as? [Any] else {
        throw .wrongType(path: file, key: key, expected: "an array of [pattern, replacement]")
      }
      var rules: [Rule] = []
      for (index, item) in list.enumerated() {
        let itemKey = "\(key)[\(index)]"
        guard let pair = item as? [Any], pair.count == 2,
          let pattern = pair[0] as? String, let replacement = pair[1] as? String
        else {
          throw .wrongType(path: file, key: itemKey, expected: "[pattern, replacement] strings")
        }
        let translated = InstructionRegexSyntax.pattern(fromJavaScript: pattern)
        let regex: NSRegularExpression
        do {
          regex = try NSRegularExpression(pattern: translated, options: options)
        } catch {
          throw .invalidRegex(
            path: file, key: itemKey, pattern: pattern, reason: "\(error)")
        }
        rules.append(
          Rule(
            pattern: pattern, replacement: replacement, regex: regex,
            template: InstructionRegexSyntax.template(fromJavaScript: replacement)))
      }
      cases[name] = rules
    }
    return InstructionGrammar(cases: cases, replacesAll: flags.contains("g"))
  }
}
