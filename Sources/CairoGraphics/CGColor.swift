import Foundation

/// A colour space (Core Graphics' `CGColorSpace`): device RGB (sRGB) or device grey; colours
/// and pictures here are always drawn as sRGB.
public final class CGColorSpace: Sendable, Hashable {
  /// The model of a colour space.
  public enum Model: Int32, Sendable {
    /// Grey.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
  }

  /// The colour model.
  public let model: Model
  /// The space's name (`CGColorSpace.sRGB`), if it has one.
  public let name: String?

  /// The sRGB space's name.
  public static let sRGB = "kCGColorSpaceSRGB"
  /// The extended sRGB space's name (treated as sRGB).
  public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
  /// The generic grey space's name.
  public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
  /// The linear grey space's name.
  public static let linearGray = "kCGColorSpaceLinearGray"

  init(model: Model, name: String?) {
    self.model = model
    self.name = name
  }

  /// A named space (the sRGB and grey names above), or `nil` for a name it does not know.
  public convenience init?(name: String) {
    switch name {
    case Self.sRGB, Self.extendedSRGB: self.init(model: .rgb, name: name)
    case Self.genericGrayGamma2_2, Self.linearGray: self.init(model: .monochrome, name: name)
    default: return nil
    }
  }

  /// How many components a colour in this space has, without alpha.
  public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

  /// Equal models and names.
  public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
    lhs.model == rhs.model && lhs.name == rhs.name
  }

  /// Hashes the model and name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(model)
    hasher.combine(name)
  }
}

/// The device RGB colour space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
  CGColorSpace(model: .rgb, name: nil)
}

/// The device grey colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
  CGColorSpace(model: .monochrome, name: nil)
}

/// An sRGB colour with alpha (Core Graphics' `CGColor`, as a value).
public struct CGColor: Sendable, Hashable {
  /// Red, 0…1.
  public var red: CGFloat
  /// Green, 0…1.
  public var green: CGFloat
  /// Blue, 0…1.
  public var blue: CGFloat
  /// Opacity, 0…1.
  public var alpha: CGFloat

  /// A colour from sRGB components.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A grey.
  public init(gray: CGFloat, alpha: CGFloat) {
    self.init(red: gray, green: gray, blue: gray, alpha: alpha)
  }

  /// A colour from sRGB components (the name iOS 13 gave ``init(red:green:blue:alpha:)``).
  public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// A grey in the generic grey space (drawn as the sRGB grey of the same value).
  public init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
    self.init(gray: gray, alpha: alpha)
  }

  /// A colour in `space` from its components (alpha last), or `nil` when their number does
  /// not fit the space.
  public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
    switch space.model {
    case .rgb:
      self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    case .monochrome: self.init(gray: components[0], alpha: components[1])
    }
  }

  /// Opaque black.
  public static let black = CGColor(gray: 0, alpha: 1)
  /// Opaque white.
  public static let white = CGColor(gray: 1, alpha: 1)
  /// Transparent black.
  public static let clear = CGColor(gray: 0, alpha: 0)

  /// The components: red, green, blue, alpha.
  public var components: [CGFloat]? { [red, green, blue, alpha] }
  /// How many components, alpha included.
  public var numberOfComponents: Int { 4 }
  /// The colour space (sRGB).
  public var colorSpace: CGColorSpace? { CGColorSpace(model: .rgb, name: CGColorSpace.sRGB) }

  /// The same colour with another alpha.
  public func copy(alpha: CGFloat) -> CGColor? {
    CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
}
