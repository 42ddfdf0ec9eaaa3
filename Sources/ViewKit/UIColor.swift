/// An sRGB colour with alpha (UIKit's `UIColor`); immutable and `Sendable`.
public final class UIColor: NSObject, @unchecked Sendable {
  /// Red, 0…1.
  public let red: CGFloat
  /// Green, 0…1.
  public let green: CGFloat
  /// Blue, 0…1.
  public let blue: CGFloat
  /// Opacity, 0…1.
  public let alpha: CGFloat

  /// A colour from sRGB components.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
  }

  /// A grey.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// A colour from `0xRRGGBB`.
  public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
    self.init(
      red: CGFloat((rgb >> 16) & 0xFF) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255,
      blue: CGFloat(rgb & 0xFF) / 255, alpha: alpha)
  }

  /// The same colour with another opacity.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour as a Core Graphics value.
  public var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

  /// Component-wise equality.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
  }

  /// A hash of the components.
  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
    return hasher.finalize()
  }

  /// `#RRGGBBAA`.
  public override var description: String {
    let parts = [red, green, blue, alpha].map { String(format: "%02X", Int(($0 * 255).rounded())) }
    return "#" + parts.joined()
  }

  private static func clamp(_ value: CGFloat) -> CGFloat { value.isNaN ? 0 : min(max(value, 0), 1) }

  /// Black.
  public static let black = UIColor(white: 0, alpha: 1)
  /// White.
  public static let white = UIColor(white: 1, alpha: 1)
  /// Transparent.
  public static let clear = UIColor(white: 0, alpha: 0)
  /// 50 % grey.
  public static let gray = UIColor(white: 0.5, alpha: 1)
  /// 2/3 grey.
  public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
  /// 1/3 grey.
  public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
  /// Red.
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  /// Green.
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  /// Blue.
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  /// Yellow.
  public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
  /// Orange.
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  /// Cyan.
  public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
  /// Magenta.
  public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
  /// Purple.
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  /// Brown.
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
  /// The system blue tint.
  public static let systemBlue = UIColor(rgb: 0x007AFF)
  /// The system green.
  public static let systemGreen = UIColor(rgb: 0x34C759)
  /// The system red.
  public static let systemRed = UIColor(rgb: 0xFF3B30)
  /// Primary text (light appearance).
  public static let label = UIColor.black
  /// Secondary text (light appearance).
  public static let secondaryLabel = UIColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6)
  /// Background (light appearance).
  public static let systemBackground = UIColor.white
}
