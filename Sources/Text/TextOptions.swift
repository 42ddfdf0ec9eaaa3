/// How text that does not fit is broken or shortened (UIKit's `NSLineBreakMode`).
public enum TextLineBreakMode: Int, Sendable, Hashable {
  /// Wrap at word boundaries; words longer than a line break between characters.
  case byWordWrapping = 0
  /// Wrap between any two characters (grapheme clusters).
  case byCharWrapping = 1
  /// Do not shorten; lines past the limit are cut.
  case byClipping = 2
  /// Replace the start of the last line with an ellipsis.
  case byTruncatingHead = 3
  /// Replace the end of the last line with an ellipsis.
  case byTruncatingTail = 4
  /// Replace the middle of the last line with an ellipsis.
  case byTruncatingMiddle = 5
}

/// Horizontal alignment of lines in their box.
public enum TextAlignment: Int, Sendable, Hashable {
  /// Left.
  case left = 0
  /// Centred.
  case center = 1
  /// Right.
  case right = 2
  /// Both edges (last line natural).
  case justified = 3
  /// The leading edge of the paragraph's own direction (right for Arabic and Hebrew).
  case natural = 4
}

/// A writing direction, as resolved by the Unicode bidirectional algorithm.
public enum TextDirection: Sendable, Hashable {
  /// Left to right (Latin, Thai, CJK).
  case leftToRight
  /// Right to left (Arabic, Hebrew).
  case rightToLeft
  /// No strong character (digits, punctuation, empty).
  case neutral
}

/// What went wrong when shaping or measuring text.
public enum TextError: Error, Sendable, Hashable, CustomStringConvertible {
  /// None of the requested families is installed.
  case fontFamilyNotFound(String)
  /// The font size is not a positive finite number.
  case invalidFontSize(Double)
  /// The width limit is not a positive finite number.
  case invalidWidth(Double)
  /// An attribute span's UTF-8 range leaves the string (of `length` bytes) or splits a
  /// character.
  case invalidSpan(Range<Int>, length: Int)

  /// A message naming the input.
  public var description: String {
    switch self {
    case .fontFamilyNotFound(let family):
      return "font family '\(family)' is not installed (see scripts/apt-packages.txt; fc-list)"
    case .invalidFontSize(let size):
      return "font size \(size) is not a positive finite number"
    case .invalidWidth(let width):
      return "width limit \(width) is not a positive finite number"
    case .invalidSpan(let range, let length):
      return "attribute span \(range.lowerBound)..<\(range.upperBound) is outside the text's"
        + " \(length) UTF-8 bytes or splits a character"
    }
  }
}
