/// Size classes, layout direction, appearance and idiom of an environment (UIKit's
/// `UITraitCollection`).
public final class UITraitCollection: Sendable, Equatable {
  /// Horizontal size class.
  public let horizontalSizeClass: UIUserInterfaceSizeClass
  /// Vertical size class.
  public let verticalSizeClass: UIUserInterfaceSizeClass
  /// Layout direction.
  public let layoutDirection: UIUserInterfaceLayoutDirection
  /// Light or dark.
  public let userInterfaceStyle: UIUserInterfaceStyle
  /// Device kind.
  public let userInterfaceIdiom: UIUserInterfaceIdiom
  /// Pixels per point.
  public let displayScale: CGFloat

  /// Traits with every value given (unspecified by default).
  public init(
    horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
    verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
    layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight,
    userInterfaceStyle: UIUserInterfaceStyle = .light,
    userInterfaceIdiom: UIUserInterfaceIdiom = .phone, displayScale: CGFloat = 3
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.layoutDirection = layoutDirection
    self.userInterfaceStyle = userInterfaceStyle
    self.userInterfaceIdiom = userInterfaceIdiom
    self.displayScale = displayScale
  }

  /// Phone-like size classes for a size: regular width from 600 pt (and on pads), compact
  /// height when wider than tall below 600 pt of height.
  public convenience init(size: CGSize, idiom: UIUserInterfaceIdiom) {
    let wide = idiom == .pad || size.width >= 600
    self.init(
      horizontalSizeClass: wide ? .regular : .compact,
      verticalSizeClass: idiom != .pad && size.width > size.height && size.height < 600
        ? .compact : .regular, userInterfaceIdiom: idiom)
  }

  /// The same traits with size classes for another size.
  func with(size: CGSize) -> UITraitCollection {
    let sized = UITraitCollection(size: size, idiom: userInterfaceIdiom)
    return UITraitCollection(
      horizontalSizeClass: sized.horizontalSizeClass, verticalSizeClass: sized.verticalSizeClass,
      layoutDirection: layoutDirection, userInterfaceStyle: userInterfaceStyle,
      userInterfaceIdiom: userInterfaceIdiom, displayScale: displayScale)
  }

  /// The same traits with another direction.
  public func withLayoutDirection(_ direction: UIUserInterfaceLayoutDirection)
    -> UITraitCollection
  {
    UITraitCollection(
      horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
      layoutDirection: direction, userInterfaceStyle: userInterfaceStyle,
      userInterfaceIdiom: userInterfaceIdiom, displayScale: displayScale)
  }

  /// Value equality.
  public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
    lhs.horizontalSizeClass == rhs.horizontalSizeClass
      && lhs.verticalSizeClass == rhs.verticalSizeClass
      && lhs.layoutDirection == rhs.layoutDirection
      && lhs.userInterfaceStyle == rhs.userInterfaceStyle
      && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom && lhs.displayScale == rhs.displayScale
  }
}

/// A size class (UIKit's `UIUserInterfaceSizeClass`).
public enum UIUserInterfaceSizeClass: Int, Sendable, Hashable {
  /// Unknown.
  case unspecified = 0
  /// Compact.
  case compact = 1
  /// Regular.
  case regular = 2
}

/// Light or dark appearance (UIKit's `UIUserInterfaceStyle`).
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
  /// Unknown.
  case unspecified = 0
  /// Light.
  case light = 1
  /// Dark.
  case dark = 2
}
