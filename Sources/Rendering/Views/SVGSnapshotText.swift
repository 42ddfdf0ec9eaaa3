import Foundation

/// SVG text made stable for golden-file tests: every decimal number rounded to one decimal
/// (and `-0.0` written `0.0`), so float noise between machines or builds does not change the
/// text while a moved or resized view still does.
///
/// Only numbers with digits on both sides of the point are rounded, and not those glued to a
/// word (`w3.org`, `glyph0-1` stay as they are), so the normalized text is still a valid SVG to
/// open and look at.
///
/// ```swift
/// let golden = SVGSnapshotText.normalized(try Renderer().svg(window: window))
/// ```
public enum SVGSnapshotText {
  /// The normalized text of an SVG document.
  public static func normalized(_ data: Data) -> String {
    let text = String(decoding: data, as: UTF8.self)
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var number = ""
    var afterWord = false
    func isDecimal(_ token: String) -> Bool {
      guard let dot = token.firstIndex(of: ".") else { return false }
      let before = token[token.startIndex..<dot].last
      let after = token[token.index(after: dot)...].first
      return before?.isNumber == true && after?.isNumber == true
    }
    func flush() {
      guard !number.isEmpty else { return }
      if !afterWord, isDecimal(number), let value = Double(number) {
        var rounded = String(format: "%.1f", value)
        if rounded == "-0.0" { rounded = "0.0" }
        out += rounded
      } else {
        out += number
      }
      number = ""
    }
    for ch in text {
      if ch.isASCII, ch.isNumber || ch == "." || (ch == "-" && number.isEmpty) {
        number.append(ch)
      } else {
        flush()
        out.append(ch)
        afterWord = ch.isLetter || ch == "_"
      }
    }
    flush()
    return out
  }
}
