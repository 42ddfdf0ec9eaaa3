import Text

extension NSAttributedString.Key {
  /// The `UIFont` of a range (UIKit's `NSAttributedString.Key.font`).
  public static let font = NSAttributedString.Key(rawValue: "NSFont")
  /// The `UIColor` of a range's text (UIKit's `NSAttributedString.Key.foregroundColor`).
  public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
}

extension UILabel {
  /// The spans ``attributedText`` sets: each range's font and colour, in UTF-8 bytes of
  /// ``text``, for shaping and drawing; empty for plain text.
  public var textAttributeSpans: [TextAttributeSpan] {
    guard let attributed = attributedStorage else { return [] }
    return Self.spans(of: attributed)
  }

  static func spans(of attributed: NSAttributedString) -> [TextAttributeSpan] {
    let string = attributed.string
    let utf8 = string.utf8
    var spans: [TextAttributeSpan] = []
    attributed.enumerateAttributes(
      in: NSRange(location: 0, length: attributed.length), options: []
    ) { attributes, range, _ in
      let font = (attributes[.font] as? UIFont)?.fontDescription
      let color = (attributes[.foregroundColor] as? UIColor).map {
        TextColor(
          red: Double($0.red), green: Double($0.green), blue: Double($0.blue),
          alpha: Double($0.alpha))
      }
      guard font != nil || color != nil, range.length > 0 else { return }
      let start = String.Index(utf16Offset: range.location, in: string)
      let end = String.Index(utf16Offset: range.location + range.length, in: string)
      let lower = utf8.distance(from: utf8.startIndex, to: start)
      let upper = utf8.distance(from: utf8.startIndex, to: end)
      spans.append(TextAttributeSpan(utf8Range: lower..<upper, font: font, color: color))
    }
    return spans
  }

  /// The spans with every font scaled (``adjustsFontSizeToFitWidth``).
  static func scaled(_ spans: [TextAttributeSpan], by scale: CGFloat) -> [TextAttributeSpan] {
    guard scale != 1 else { return spans }
    return spans.map { span in
      var copy = span
      copy.font?.size *= Double(scale)
      return copy
    }
  }
}
