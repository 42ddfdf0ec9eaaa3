/// Replaces `{token}` and `{token:case}` placeholders in a template, as upstream's `tokenize`.
///
/// Rules, in order: a token without a value stays as written; a `:case` suffix runs the
/// language's grammar on the value; a token at the very start is capitalised (when the
/// language capitalises) before `formatToken` sees it; pairs of spaces collapse to one; and if
/// the template did not start with a token, the first letter of the result is capitalised.
public enum InstructionTokenizer {
  /// Fills `template` with `tokens` for `language`.
  ///
  /// ```swift
  /// InstructionTokenizer.tokenize("Turn {modifier}", tokens: ["modifier": "left"],
  ///                               language: english)   // "Turn left"
  /// ```
  public static func tokenize(
    _ template: String, tokens: [String: String], language: InstructionLanguage,
    formatToken: (@Sendable (String, String) -> String)? = nil
  ) -> String {
    let scalars = Array(template.unicodeScalars)
    var output = String.UnicodeScalarView()
    var startedWithToken = false
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "{", let token = parseToken(scalars, at: index) else {
        output.append(scalars[index])
        index += 1
        continue
      }
      defer { index = token.end }
      guard var value = tokens[token.name] else {
        output.append(contentsOf: scalars[index..<token.end])
        continue
      }
      if let grammaticalCase = token.grammaticalCase, let grammar = language.grammar {
        value = grammar.apply(value, case: grammaticalCase)
      }
      if index == 0 && language.capitalizeFirstLetter {
        startedWithToken = true
        value = InstructionText.capitalizeFirstLetter(value, language: language.code)
      }
      if let formatToken { value = formatToken(token.name, value) }
      output.append(contentsOf: value.unicodeScalars)
    }
    let collapsed = InstructionText.collapseSpacePairs(String(output))
    if !startedWithToken && language.capitalizeFirstLetter {
      return InstructionText.capitalizeFirstLetter(collapsed, language: language.code)
    }
    return collapsed
  }

  private struct Token {
    var name: String
    var grammaticalCase: String?
    var end: Int
  }

  /// Matches `\{(\w+)(?::(\w+))?\}` (ASCII `\w`, as JavaScript) at `start`.
  private static func parseToken(_ scalars: [Unicode.Scalar], at start: Int) -> Token? {
    func word(from position: Int) -> (String, Int)? {
      var end = position
      var text = ""
      while end < scalars.count, isWordScalar(scalars[end]) {
        text.unicodeScalars.append(scalars[end])
        end += 1
      }
      return end > position ? (text, end) : nil
    }
    guard let (name, afterName) = word(from: start + 1), afterName < scalars.count else {
      return nil
    }
    if scalars[afterName] == "}" {
      return Token(name: name, grammaticalCase: nil, end: afterName + 1)
    }
    guard scalars[afterName] == ":", let (grammaticalCase, afterCase) = word(from: afterName + 1),
      afterCase < scalars.count, scalars[afterCase] == "}"
    else { return nil }
    return Token(name: name, grammaticalCase: grammaticalCase, end: afterCase + 1)
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_": return true
    default: return false
    }
  }
}
