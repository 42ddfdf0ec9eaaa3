import Foundation
import ViewKit

/// A small vector picture (an icon): filled and stroked paths in a box of ``size`` points.
///
/// ```swift
/// let chevron = VectorImage(size: CGSize(width: 24, height: 24), layers: [
///   .init(path: try VectorPath(svg: "M12 2 L20 21 L12 17 L4 21 Z"), fill: .tint)
/// ])
/// ```
public struct VectorImage: Sendable, Hashable {
  /// A colour for a layer: the view's tint, or a fixed colour.
  public enum Paint: Sendable, Hashable {
    /// The image view's tint colour (or the image's own tint).
    case tint
    /// A fixed sRGB colour.
    case color(RGBA)
  }

  /// One path with its fill and stroke.
  public struct Layer: Sendable, Hashable {
    /// The outline.
    public var path: VectorPath
    /// The fill, or `nil` for none.
    public var fill: Paint?
    /// The stroke, or `nil` for none.
    public var stroke: Paint?
    /// The stroke width in the image's points.
    public var lineWidth: Double
    /// Whether the fill uses the even-odd rule (holes) instead of non-zero winding.
    public var evenOdd: Bool

    /// A layer.
    public init(
      path: VectorPath, fill: Paint? = .tint, stroke: Paint? = nil, lineWidth: Double = 1,
      evenOdd: Bool = false
    ) {
      self.path = path
      self.fill = fill
      self.stroke = stroke
      self.lineWidth = lineWidth
      self.evenOdd = evenOdd
    }
  }

  /// The image's box in points; paths are in this box's coordinates.
  public var size: CGSize
  /// The layers, back to front.
  public var layers: [Layer]

  /// An image from its layers.
  public init(size: CGSize, layers: [Layer]) {
    self.size = size
    self.layers = layers
  }
}

/// An sRGB colour with straight (not premultiplied) alpha, all components 0…1.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
  /// Red.
  public var red: Double
  /// Green.
  public var green: Double
  /// Blue.
  public var blue: Double
  /// Opacity.
  public var alpha: Double

  /// A colour from components (clamped to 0…1; NaN becomes 0).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    self.red = clamp(red)
    self.green = clamp(green)
    self.blue = clamp(blue)
    self.alpha = clamp(alpha)
  }

  /// A colour from `0xRRGGBB`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255, alpha: alpha)
  }

  /// A UIKit colour's components.
  public init(_ color: UIColor) {
    self.init(
      red: Double(color.red), green: Double(color.green), blue: Double(color.blue),
      alpha: Double(color.alpha))
  }

  /// A layer colour's components.
  public init(_ color: CGColor) {
    self.init(
      red: Double(color.red), green: Double(color.green), blue: Double(color.blue),
      alpha: Double(color.alpha))
  }

  /// The same colour with another opacity.
  public func withAlpha(_ alpha: Double) -> RGBA {
    RGBA(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// `#RRGGBBAA`.
  public var description: String {
    "#"
      + [red, green, blue, alpha].map { String(format: "%02X", Int(($0 * 255).rounded())) }
      .joined()
  }
}
