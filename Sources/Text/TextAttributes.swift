/// A colour for a span of text: red, green, blue and alpha, each 0…1.
public struct TextColor: Sendable, Hashable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double
  /// Alpha, 0…1.
  public var alpha: Double

  /// A colour from components in 0…1 (clamped when shaped).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

/// Attributes of one span of a string (the shaping side of `NSAttributedString`): a font
/// and a colour that override the base ones over a range of UTF-8 bytes.
///
/// ```swift
/// let text = "In 200 m turn left"
/// let bold = TextAttributeSpan(utf8Range: 3..<8,
///                              font: FontDescription(family: "Noto Sans", size: 17,
///                                                    weight: .bold))
/// let size = try TextShaper.shared.measure(text, font: base, spans: [bold])
/// ```
public struct TextAttributeSpan: Sendable, Hashable {
  /// The bytes of the string's UTF-8 form the span covers; both ends on character
  /// boundaries.
  public var utf8Range: Range<Int>
  /// The font over the span, or `nil` for the base font.
  public var font: FontDescription?
  /// The colour over the span, or `nil` for the base colour. It does not change metrics;
  /// renderers draw with it.
  public var color: TextColor?

  /// A span.
  public init(utf8Range: Range<Int>, font: FontDescription? = nil, color: TextColor? = nil) {
    self.utf8Range = utf8Range
    self.font = font
    self.color = color
  }

  /// Checks the span against `text`.
  ///
  /// - Throws: ``TextError/invalidSpan(_:length:)`` when the range leaves the string or
  ///   splits a character; the errors of ``TextShaper/measure(_:font:maxWidth:maxLines:lineBreakMode:alignment:)``
  ///   for its font.
  func validate(in text: String) throws(TextError) {
    let utf8 = text.utf8
    let length = utf8.count
    guard utf8Range.lowerBound >= 0, utf8Range.upperBound <= length else {
      throw .invalidSpan(utf8Range, length: length)
    }
    for offset in [utf8Range.lowerBound, utf8Range.upperBound] where offset < length {
      let index = utf8.index(utf8.startIndex, offsetBy: offset)
      guard index.samePosition(in: text.unicodeScalars) != nil else {
        throw .invalidSpan(utf8Range, length: length)
      }
    }
    if let font, !(font.size.isFinite && font.size > 0 && font.size < 100_000) {
      throw .invalidFontSize(font.size)
    }
  }
}
