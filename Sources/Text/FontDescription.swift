import Foundation

/// A font request: one family (or a comma-separated list, tried in order), a size in points,
/// a weight and a slant.
///
/// Families are resolved through fontconfig; characters the family lacks (Thai, Arabic, CJK
/// in a Latin family) fall back to the installed fonts in fontconfig's order, so pick the
/// family and install a fixed font set for metrics that do not vary between machines.
///
/// ```swift
/// let font = FontDescription(family: "Noto Sans", size: 17, weight: .semibold)
/// ```
public struct FontDescription: Sendable, Hashable, CustomStringConvertible {
  /// The family name, or several separated by commas.
  public var family: String
  /// The size in points (1 point = 1 layout unit).
  public var size: Double
  /// The weight.
  public var weight: FontWeight
  /// Whether the italic (or oblique) face is wanted.
  public var isItalic: Bool

  /// A font request.
  public init(family: String, size: Double, weight: FontWeight = .regular, isItalic: Bool = false) {
    self.family = family
    self.size = size
    self.weight = weight
    self.isItalic = isItalic
  }

  /// The families named by ``family``, trimmed, in order.
  public var families: [String] {
    family.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
  }

  /// `"Noto Sans 17 w600"`.
  public var description: String {
    "\(family) \(size) w\(Int(weight.rawValue))\(isItalic ? " italic" : "")"
  }
}

/// A font weight on the CSS/OpenType scale (100 thin … 900 black).
public struct FontWeight: Sendable, Hashable, Comparable {
  /// The weight, 1…1000.
  public var rawValue: Double

  /// A weight from its OpenType value.
  public init(_ rawValue: Double) { self.rawValue = rawValue }

  /// 100.
  public static let thin = FontWeight(100)
  /// 200.
  public static let ultraLight = FontWeight(200)
  /// 300.
  public static let light = FontWeight(300)
  /// 400.
  public static let regular = FontWeight(400)
  /// 500.
  public static let medium = FontWeight(500)
  /// 600.
  public static let semibold = FontWeight(600)
  /// 700.
  public static let bold = FontWeight(700)
  /// 800.
  public static let heavy = FontWeight(800)
  /// 900.
  public static let black = FontWeight(900)

  /// Orders by weight.
  public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}
