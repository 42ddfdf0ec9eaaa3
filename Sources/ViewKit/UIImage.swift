/// An image (UIKit's `UIImage`): its size in points, scale, and either its pixels
/// (``cgImage``: made by drawing, decoded from PNG) or a name the renderer's catalogue
/// draws (symbols, assets).
public final class UIImage: Sendable, Hashable {
  /// How a template image is tinted.
  public enum RenderingMode: Int, Sendable, Hashable {
    /// Decided by context.
    case automatic = 0
    /// The image's own colours.
    case alwaysOriginal
    /// Drawn in the tint colour.
    case alwaysTemplate
  }

  /// Which way up the pixels are (UIKit's `UIImage.Orientation`); pictures here are always
  /// `.up`.
  public enum Orientation: Int, Sendable, Hashable {
    /// Upright.
    case up = 0
    /// Turned half a turn.
    case down
    /// Turned a quarter turn counter-clockwise.
    case left
    /// Turned a quarter turn clockwise.
    case right
    /// Mirrored.
    case upMirrored
    /// Mirrored, half a turn.
    case downMirrored
    /// Mirrored, a quarter turn counter-clockwise.
    case leftMirrored
    /// Mirrored, a quarter turn clockwise.
    case rightMirrored
  }

  /// The size in points.
  public let size: CGSize
  /// Pixels per point.
  public let scale: CGFloat
  /// The name it was made from, if any.
  public let name: String?
  /// The rendering mode.
  public let renderingMode: RenderingMode
  /// The tint colour of a template image.
  public let tintColor: UIColor?
  /// The pixels, for an image made from drawing or data (`nil` for a named image, which the
  /// renderer's catalogue draws).
  public let cgImage: CGImage?

  /// An image of a given size.
  public init(
    size: CGSize, scale: CGFloat = 1, name: String? = nil,
    renderingMode: RenderingMode = .automatic, tintColor: UIColor? = nil
  ) {
    self.size = size
    self.scale = scale
    self.name = name
    self.renderingMode = renderingMode
    self.tintColor = tintColor
    cgImage = nil
  }

  private init(
    cgImage: CGImage, scale: CGFloat, renderingMode: RenderingMode, tintColor: UIColor?
  ) {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    self.cgImage = cgImage
    self.scale = scale
    size = CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    name = nil
    self.renderingMode = renderingMode
    self.tintColor = tintColor
  }

  /// An image of `cgImage`'s pixels at scale 1.
  public convenience init(cgImage: CGImage) {
    self.init(cgImage: cgImage, scale: 1, orientation: .up)
  }

  /// An image of `cgImage`'s pixels at `scale` pixels per point.
  public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
    self.init(cgImage: cgImage, scale: scale, renderingMode: .automatic, tintColor: nil)
  }

  /// An image decoded from PNG bytes at scale 1, `nil` when they are not a PNG.
  public convenience init?(data: Data) {
    self.init(data: data, scale: 1)
  }

  /// An image decoded from PNG bytes at `scale`, `nil` when they are not a PNG.
  public convenience init?(data: Data, scale: CGFloat) {
    guard let image = try? CGImage.decodePNG(data) else { return nil }
    self.init(cgImage: image, scale: scale, orientation: .up)
  }

  /// A symbol image (24 × 24 points).
  public convenience init?(systemName: String) {
    guard !systemName.isEmpty else { return nil }
    self.init(
      size: CGSize(width: 24, height: 24), scale: 3, name: systemName,
      renderingMode: .alwaysTemplate)
  }

  /// Upright.
  public var imageOrientation: Orientation { .up }

  /// The same image with another rendering mode.
  public func withRenderingMode(_ mode: RenderingMode) -> UIImage {
    if let cgImage {
      return UIImage(cgImage: cgImage, scale: scale, renderingMode: mode, tintColor: tintColor)
    }
    return UIImage(size: size, scale: scale, name: name, renderingMode: mode, tintColor: tintColor)
  }

  /// The same image drawn in `color` (its alpha kept, its colours replaced).
  public func withTintColor(_ color: UIColor) -> UIImage {
    withTintColor(color, renderingMode: renderingMode)
  }

  /// The same image drawn in `color` with `renderingMode`.
  public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
    if let cgImage {
      return UIImage(cgImage: cgImage, scale: scale, renderingMode: renderingMode, tintColor: color)
    }
    return UIImage(
      size: size, scale: scale, name: name, renderingMode: renderingMode, tintColor: color)
  }

  /// The PNG of the pixels, drawn as ``draw(in:)`` draws them (tinted when tinted); `nil`
  /// for a named image without pixels.
  public func pngData() -> Data? {
    drawnPixels()?.pngData()
  }

  /// Baseline JPEG (JFIF) of the pixels, drawn as ``draw(in:)`` draws them, with
  /// transparent parts composited over black (as iOS writes JPEG); `nil` for a named image
  /// without pixels.
  ///
  /// - Parameter compressionQuality: 0 (smallest file) to 1 (best picture), clamped to that
  ///   range; mapped to libjpeg's quality 1…100.
  public func jpegData(compressionQuality: CGFloat) -> Data? {
    drawnPixels()?.jpegData(compressionQuality: Double(compressionQuality))
  }

  /// The pixels as ``draw(in:)`` draws them: ``cgImage``, or for a tinted image, the tint
  /// through its alpha.
  private func drawnPixels() -> CGImage? {
    guard let cgImage else { return nil }
    guard tintColor != nil else { return cgImage }
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: size, format: format).image { _ in
      draw(in: CGRect(origin: .zero, size: size))
    }.cgImage
  }

  /// Draws the image upright (first row at the top) at `point`, its size in points.
  public func draw(at point: CGPoint) {
    draw(in: CGRect(origin: point, size: size))
  }

  /// Draws the image upright at `point` in `blendMode` at `alpha`.
  public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
    draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
  }

  /// Draws the image upright stretched over `rect` in the current context; a tinted image
  /// (``withTintColor(_:)``) in its tint colour through its alpha.
  public func draw(in rect: CGRect) {
    draw(in: rect, blendMode: .normal, alpha: 1)
  }

  /// Draws the image upright over `rect` in `blendMode` at `alpha`.
  public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
    guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    if alpha < 1 { context.setAlpha(alpha) }
    Self.draw(cgImage, tint: tintColor?.cgColor, in: rect, context: context)
    context.restoreGState()
  }

  /// Draws `image` upright over `rect` in `context` (Core Graphics draws images with their
  /// first row at the top of a y-up space), in `tint` through its alpha when given.
  static func draw(_ image: CGImage, tint: CGColor?, in rect: CGRect, context: CGContext) {
    context.saveGState()
    context.translateBy(x: rect.minX, y: rect.maxY)
    context.scaleBy(x: 1, y: -1)
    let local = CGRect(origin: .zero, size: rect.size)
    if let tint {
      context.clip(to: local, mask: image)
      context.setFillColor(tint)
      context.fill(local)
    } else {
      context.draw(image, in: local)
    }
    context.restoreGState()
  }

  /// Value equality (the same pixels object for drawn images).
  public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
    lhs.size == rhs.size && lhs.scale == rhs.scale && lhs.name == rhs.name
      && lhs.renderingMode == rhs.renderingMode && lhs.tintColor == rhs.tintColor
      && lhs.cgImage === rhs.cgImage
  }

  /// Hashes the values.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(size.width)
    hasher.combine(size.height)
    hasher.combine(name)
  }
}

/// A view that shows an image (UIKit's `UIImageView`); its intrinsic size is the image's.
@MainActor
open class UIImageView: UIView {
  /// The image.
  open var image: UIImage? { didSet { invalidateIntrinsicContentSize() } }
  /// The image shown while highlighted.
  open var highlightedImage: UIImage?
  /// Whether highlighted.
  open var isHighlighted = false

  /// An image view showing `image`, sized to it.
  public init(image: UIImage?) {
    self.image = image
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    isUserInteractionEnabled = false
  }

  /// An image view with a frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// The image's size, or no intrinsic size without an image.
  open override var intrinsicContentSize: CGSize {
    image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// The image's size.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}
