/// A layout direction (UIKit's `UIUserInterfaceLayoutDirection`).
public enum UIUserInterfaceLayoutDirection: Int, Sendable, Hashable {
  /// Left to right.
  case leftToRight = 0
  /// Right to left.
  case rightToLeft = 1
}

/// How a view's content reads, for flipping leading and trailing (UIKit's
/// `UISemanticContentAttribute`).
public enum UISemanticContentAttribute: Int, Sendable, Hashable {
  /// Inherit the direction from the superview (or the app).
  case unspecified = 0
  /// Playback controls: always left to right.
  case playback = 1
  /// Spatial controls: always left to right.
  case spatial = 2
  /// Always left to right.
  case forceLeftToRight = 3
  /// Always right to left.
  case forceRightToLeft = 4
}

/// The corners of a layer (Core Animation's `CACornerMask`).
public struct CACornerMask: OptionSet, Sendable, Hashable {
  /// The mask bits.
  public let rawValue: UInt
  /// A mask from bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Top left (minimum x, minimum y).
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  /// Top right.
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  /// Bottom left.
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  /// Bottom right.
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Accessibility traits (UIKit's `UIAccessibilityTraits`).
public struct UIAccessibilityTraits: OptionSet, Sendable, Hashable {
  /// The trait bits.
  public let rawValue: UInt64
  /// Traits from bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }
  /// No traits.
  public static let none = UIAccessibilityTraits([])
  /// A button.
  public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
  /// A link.
  public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
  /// An image.
  public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
  /// Selected.
  public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
  /// Static text.
  public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
  /// A header.
  public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
  /// Not enabled.
  public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
  /// Updates often.
  public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
}

/// A layout axis (UIKit's `NSLayoutConstraint.Axis`).
extension NSLayoutConstraint {
  /// Horizontal or vertical.
  public enum Axis: Int, Sendable, Hashable {
    /// Along x.
    case horizontal = 0
    /// Along y.
    case vertical = 1
  }
}
