import Foundation

/// Small string operations with JavaScript's semantics, so output matches the upstream suite.
enum InstructionText {
  /// JavaScript `String.prototype.trim`: strips white space and line terminators at both ends.
  static func trimJavaScriptWhitespace(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var start = 0
    var end = scalars.count
    while start < end, isJavaScriptWhitespace(scalars[start]) { start += 1 }
    while end > start, isJavaScriptWhitespace(scalars[end - 1]) { end -= 1 }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars[start..<end])
    return result
  }

  private static func isJavaScriptWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFEFF:
      return true
    default:
      return false
    }
  }

  /// JavaScript `text.replace(/ {2}/g, ' ')`: each non-overlapping pair of spaces becomes one.
  ///
  /// Three spaces become two, as upstream; working on scalars keeps a space followed by a
  /// combining mark (Thai, Burmese) from hiding inside a grapheme cluster.
  static func collapseSpacePairs(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar == " " {
        if pendingSpace {
          result.append(" ")
          pendingSpace = false
        } else {
          pendingSpace = true
        }
        continue
      }
      if pendingSpace {
        result.append(" ")
        pendingSpace = false
      }
      result.append(scalar)
    }
    if pendingSpace { result.append(" ") }
    return String(result)
  }

  /// JavaScript `s.charAt(0).toLocaleUpperCase(language) + s.slice(1)`.
  ///
  /// Only a first character in the Basic Multilingual Plane changes, as `charAt` reads one
  /// UTF-16 unit.
  static func capitalizeFirstLetter(_ text: String, language: String) -> String {
    guard let first = text.unicodeScalars.first, first.value <= 0xFFFF else { return text }
    let upper = String(first).uppercased(with: Locale(identifier: language))
    var result = upper
    result.unicodeScalars.append(contentsOf: text.unicodeScalars.dropFirst())
    return result
  }
}
