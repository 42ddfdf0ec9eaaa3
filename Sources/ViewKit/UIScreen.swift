/// A display (UIKit's `UIScreen`): bounds in points, scale, and the idiom (phone, pad,
/// CarPlay).
@MainActor
public final class UIScreen {
  /// The device's main screen: an iPhone-sized portrait screen at 3×.
  public static let main = UIScreen(
    bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3, idiom: .phone)

  /// The bounds in points.
  public let bounds: CGRect
  /// Pixels per point.
  public let scale: CGFloat
  /// What kind of device shows it.
  public let idiom: UIUserInterfaceIdiom

  /// A screen.
  public init(bounds: CGRect, scale: CGFloat, idiom: UIUserInterfaceIdiom) {
    self.bounds = bounds
    self.scale = scale
    self.idiom = idiom
  }

  /// The physical screen's bounds in pixels (``bounds`` times ``nativeScale``).
  public var nativeBounds: CGRect {
    CGRect(
      x: 0, y: 0, width: bounds.width * nativeScale, height: bounds.height * nativeScale)
  }

  /// The physical scale factor; screens here have no display zoom, so it is ``scale``.
  public var nativeScale: CGFloat { scale }

  /// The screen's traits.
  public var traitCollection: UITraitCollection {
    UITraitCollection(size: bounds.size, idiom: idiom)
  }

  var traitIdiom: UIUserInterfaceIdiom { idiom }
}

/// A kind of device (UIKit's `UIUserInterfaceIdiom`).
public enum UIUserInterfaceIdiom: Int, Sendable, Hashable {
  /// Unknown.
  case unspecified = -1
  /// iPhone.
  case phone = 0
  /// iPad.
  case pad = 1
  /// Apple TV.
  case tv = 2
  /// A CarPlay screen.
  case carPlay = 3
  /// Mac.
  case mac = 5
}
