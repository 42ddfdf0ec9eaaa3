import Text

/// A font (UIKit's `UIFont`): a family, a size in points and a weight, measured by the
/// `Text` module. Immutable and `Sendable`.
///
/// The system font is ``systemFontFamily`` (Noto Sans, with Noto's Arabic, Hebrew and Thai
/// faces and WenQuanYi Zen Hei for CJK), fixed so that metrics never depend on the machine.
public final class UIFont: Sendable, Hashable, CustomStringConvertible {
  /// The family (or comma-separated families) asked for.
  public let familyName: String
  /// The size in points.
  public let pointSize: CGFloat
  /// The weight.
  public let weight: Weight
  /// Whether it is italic.
  public let isItalic: Bool

  /// The families behind the system font, in fallback order.
  public static let systemFontFamily =
    "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Thai, WenQuanYi Zen Hei"

  init(family: String, size: CGFloat, weight: Weight, italic: Bool) {
    familyName = family
    pointSize = size
    self.weight = weight
    isItalic = italic
  }

  /// The font of an installed family, or `nil` when the family is missing (as UIKit's
  /// `UIFont(name:size:)`).
  public convenience init?(name: String, size: CGFloat) {
    guard TextShaper.shared.hasFamily(name) else { return nil }
    self.init(family: name, size: size, weight: .regular, italic: false)
  }

  /// The font of an installed family; a typed error names what is missing.
  ///
  /// - Throws: ``TextError/fontFamilyNotFound(_:)`` or ``TextError/invalidFontSize(_:)``.
  public static func font(family: String, size: CGFloat, weight: Weight = .regular)
    throws(TextError) -> UIFont
  {
    guard size.isFinite, size > 0 else { throw .invalidFontSize(Double(size)) }
    let wanted = FontDescription(family: family, size: Double(size)).families
    guard wanted.contains(where: { TextShaper.shared.hasFamily($0) }) else {
      throw .fontFamilyNotFound(family)
    }
    return UIFont(family: family, size: size, weight: weight, italic: false)
  }

  /// The system font at a size and weight.
  public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
    UIFont(family: systemFontFamily, size: size, weight: weight, italic: false)
  }

  /// The bold system font.
  public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
    systemFont(ofSize: size, weight: .bold)
  }

  /// The italic system font.
  public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
    UIFont(family: systemFontFamily, size: size, weight: .regular, italic: true)
  }

  /// The system font (digits are already tabular in Noto Sans).
  public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
    systemFont(ofSize: size, weight: weight)
  }

  /// The font for a Dynamic Type style at the default (large) size.
  public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    systemFont(ofSize: style.size, weight: style.weight)
  }

  /// The same font at another size.
  public func withSize(_ size: CGFloat) -> UIFont {
    UIFont(family: familyName, size: size, weight: weight, italic: isItalic)
  }

  /// The `Text` module's description of this font.
  public var fontDescription: FontDescription {
    FontDescription(
      family: familyName, size: Double(pointSize), weight: FontWeight(weight.openTypeWeight),
      isItalic: isItalic)
  }

  /// The height of one line of Latin text.
  public var lineHeight: CGFloat {
    let measured = try? TextShaper.shared.measure("Hg", font: fontDescription)
    return CGFloat(measured?.height ?? Double(pointSize) * 1.2)
  }

  /// The baseline's distance below the top of a line.
  public var ascender: CGFloat {
    let measured = try? TextShaper.shared.measure("Hg", font: fontDescription)
    return CGFloat(measured?.firstBaseline ?? Double(pointSize))
  }

  /// Value equality.
  public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
    lhs.familyName == rhs.familyName && lhs.pointSize == rhs.pointSize
      && lhs.weight == rhs.weight && lhs.isItalic == rhs.isItalic
  }

  /// Hashes the values.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(familyName)
    hasher.combine(pointSize)
    hasher.combine(weight)
    hasher.combine(isItalic)
  }

  /// `"Noto Sans 17 w400"`.
  public var description: String { fontDescription.description }
}
