/// The measured box of a laid-out string, in points.
public struct TextMeasurement: Sendable, Hashable {
  /// The width of the widest shown line (never more than the width limit, unless one
  /// unbreakable cluster is wider).
  public var width: Double
  /// The height of the shown lines, from the first line's top to the last line's bottom.
  public var height: Double
  /// The first line's baseline, from the top.
  public var firstBaseline: Double
  /// The last shown line's baseline, from the top.
  public var lastBaseline: Double
  /// The shown lines, in order.
  public var lines: [TextLine]
  /// The number of lines the text needs with no line limit.
  public var totalLineCount: Int
  /// The paragraph's base direction (from its first strong character).
  public var baseDirection: TextDirection
  /// Whether an ellipsis was inserted.
  public var isTruncated: Bool

  /// The number of shown lines.
  public var lineCount: Int { lines.count }
}

/// One laid-out line.
public struct TextLine: Sendable, Hashable {
  /// The first character of the line, as an offset in UTF-8 bytes into the string.
  public var utf8Start: Int
  /// The line's length in UTF-8 bytes.
  public var utf8Length: Int
  /// The line's logical width.
  public var width: Double
  /// The line's top, from the top of the text.
  public var top: Double
  /// The line's height.
  public var height: Double
  /// The line's baseline, from the top of the text.
  public var baseline: Double
  /// The line's resolved direction.
  public var direction: TextDirection
  /// The number of visual runs (more than one in mixed-direction or mixed-font lines).
  public var runCount: Int
}
