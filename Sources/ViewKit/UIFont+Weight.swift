extension UIFont {
  /// A weight on UIKit's scale (-1…1, regular 0).
  public struct Weight: RawRepresentable, Sendable, Hashable {
    /// The UIKit weight.
    public var rawValue: CGFloat
    /// A weight from its UIKit value.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// A weight from its UIKit value.
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

    /// -0.8.
    public static let ultraLight = Weight(-0.8)
    /// -0.6.
    public static let thin = Weight(-0.6)
    /// -0.4.
    public static let light = Weight(-0.4)
    /// 0.
    public static let regular = Weight(0)
    /// 0.23.
    public static let medium = Weight(0.23)
    /// 0.3.
    public static let semibold = Weight(0.3)
    /// 0.4.
    public static let bold = Weight(0.4)
    /// 0.56.
    public static let heavy = Weight(0.56)
    /// 0.62.
    public static let black = Weight(0.62)

    /// The OpenType weight (100…900) for this UIKit weight.
    var openTypeWeight: Double {
      let table: [(CGFloat, Double)] = [
        (-0.8, 200), (-0.6, 100), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700),
        (0.56, 800), (0.62, 900),
      ]
      return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }?.1 ?? 400
    }
  }

  /// A Dynamic Type style (UIKit's `UIFont.TextStyle`) at the default size.
  public enum TextStyle: String, Sendable, Hashable {
    /// 34 pt.
    case largeTitle
    /// 28 pt.
    case title1
    /// 22 pt.
    case title2
    /// 20 pt.
    case title3
    /// 17 pt semibold.
    case headline
    /// 17 pt.
    case body
    /// 16 pt.
    case callout
    /// 15 pt.
    case subheadline
    /// 13 pt.
    case footnote
    /// 12 pt.
    case caption1
    /// 11 pt.
    case caption2

    var size: CGFloat {
      switch self {
      case .largeTitle: return 34
      case .title1: return 28
      case .title2: return 22
      case .title3: return 20
      case .headline, .body: return 17
      case .callout: return 16
      case .subheadline: return 15
      case .footnote: return 13
      case .caption1: return 12
      case .caption2: return 11
      }
    }

    var weight: Weight { self == .headline ? .semibold : .regular }
  }
}
