/// Insets for each edge of a rectangle, in points (UIKit's `UIEdgeInsets`).
public struct UIEdgeInsets: Sendable, Hashable, CustomStringConvertible {
  /// Top inset.
  public var top: CGFloat
  /// Left inset.
  public var left: CGFloat
  /// Bottom inset.
  public var bottom: CGFloat
  /// Right inset.
  public var right: CGFloat

  /// Insets for each edge.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

  /// No insets.
  public static let zero = UIEdgeInsets()

  /// `{top, left, bottom, right}`.
  public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
  /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}

/// Insets for the leading and trailing edges (UIKit's `NSDirectionalEdgeInsets`); leading is
/// left in left-to-right layouts and right in right-to-left ones.
public struct NSDirectionalEdgeInsets: Sendable, Hashable, CustomStringConvertible {
  /// Top inset.
  public var top: CGFloat
  /// Leading inset.
  public var leading: CGFloat
  /// Bottom inset.
  public var bottom: CGFloat
  /// Trailing inset.
  public var trailing: CGFloat

  /// Insets for each edge.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No insets.
  public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

  /// No insets.
  public static let zero = NSDirectionalEdgeInsets()

  /// `{top, leading, bottom, trailing}`.
  public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }

  /// The physical insets in a layout of the given direction.
  func resolved(_ direction: UIUserInterfaceLayoutDirection) -> UIEdgeInsets {
    direction == .rightToLeft
      ? UIEdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
      : UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
  }
}

extension UIEdgeInsets {
  /// The directional insets in a layout of the given direction.
  func directional(_ direction: UIUserInterfaceLayoutDirection) -> NSDirectionalEdgeInsets {
    direction == .rightToLeft
      ? NSDirectionalEdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
      : NSDirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
  }
}
