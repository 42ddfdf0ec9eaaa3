/// Translates JavaScript regular-expression syntax to the ICU syntax of `NSRegularExpression`.
///
/// The grammar files were written for JavaScript, whose `\d`, `\w` and `\b` are ASCII-only and
/// whose `$` (without the `m` flag) matches only at the very end. ICU's are Unicode-aware and
/// its `$` also matches before a final line break, and ICU reads `[` inside a class as a nested
/// set. Replacement strings differ too: JavaScript's `$$` and `$&` versus ICU's `\$` and `$0`,
/// and backslashes are literal in JavaScript but escapes in ICU.
enum InstructionRegexSyntax {
  private static let word = "A-Za-z0-9_"

  /// The ICU form of a JavaScript pattern.
  static func pattern(fromJavaScript source: String) -> String {
    var output = ""
    var inClass = false
    var iterator = Array(source.unicodeScalars).makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case "\\":
        guard let next = iterator.next() else {
          output += "\\\\"
          continue
        }
        output += escape(next, inClass: inClass)
      case "[" where inClass:
        output += "\\["
      case "[":
        inClass = true
        output.unicodeScalars.append(scalar)
      case "]" where inClass:
        inClass = false
        output.unicodeScalars.append(scalar)
      case "&" where inClass, "~" where inClass:
        output += "\\" + String(scalar)
      case "$" where !inClass:
        output += "\\z"
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  private static func escape(_ scalar: Unicode.Scalar, inClass: Bool) -> String {
    switch scalar {
    case "d": return inClass ? "0-9" : "[0-9]"
    case "D" where !inClass: return "[^0-9]"
    case "w": return inClass ? word : "[\(word)]"
    case "W" where !inClass: return "[^\(word)]"
    case "b" where !inClass:
      return "(?:(?<=[\(word)])(?![\(word)])|(?<![\(word)])(?=[\(word)]))"
    case "B" where !inClass:
      return "(?:(?<=[\(word)])(?=[\(word)])|(?<![\(word)])(?![\(word)]))"
    default: return "\\" + String(scalar)
    }
  }

  /// The `NSRegularExpression` template form of a JavaScript replacement string.
  static func template(fromJavaScript source: String) -> String {
    var output = ""
    let scalars = Array(source.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar {
      case "\\":
        output += "\\\\"
      case "$":
        guard index < scalars.count else {
          output += "\\$"
          continue
        }
        let next = scalars[index]
        if next == "$" {
          output += "\\$"
          index += 1
        } else if next == "&" {
          output += "$0"
          index += 1
        } else if next.properties.numericType == .decimal, next.isASCII {
          output += "$"
        } else {
          output += "\\$"
        }
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
