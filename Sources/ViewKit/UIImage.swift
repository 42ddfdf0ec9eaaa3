/// An image (UIKit's `UIImage`): its size in points, scale, and either its pixels
/// (``cgImage``: made by drawing, decoded from PNG) or a name the renderer's catalogue
/// draws (symbols, assets). Open to subclasses, as UIKit's is (its stored values never
/// change after `init`, so it is safe to share between threads).
open class UIImage: @unchecked Sendable, Hashable {
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

  /// How the middle of a resizable image fills its space.
  public enum ResizingMode: Int, Sendable, Hashable {
    /// Repeated at its own size.
    case tile = 0
    /// Stretched.
    case stretch
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
  /// The ends that keep their size when the image is drawn larger (points; `.zero` unless
  /// made with ``resizableImage(withCapInsets:resizingMode:)``).
  public let capInsets: UIEdgeInsets
  /// How the part between the caps fills the space.
  public let resizingMode: ResizingMode

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
    capInsets = .zero
    resizingMode = .tile
  }

  /// An image of `cgImage`'s pixels at `scale` pixels a point (a subclass's way to give its
  /// pixels).
  public init(
    cgImage: CGImage, scale: CGFloat, renderingMode: RenderingMode, tintColor: UIColor?,
    capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .tile
  ) {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    self.cgImage = cgImage
    self.scale = scale
    size = CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    name = nil
    self.renderingMode = renderingMode
    self.tintColor = tintColor
    self.capInsets = capInsets
    self.resizingMode = resizingMode
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
      return UIImage(
        cgImage: cgImage, scale: scale, renderingMode: mode, tintColor: tintColor,
        capInsets: capInsets, resizingMode: resizingMode)
    }
    return UIImage(size: size, scale: scale, name: name, renderingMode: mode, tintColor: tintColor)
  }

  /// The same image whose caps (`capInsets`, points) keep their size when it is drawn
  /// larger, the middle tiled.
  public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
    resizableImage(withCapInsets: capInsets, resizingMode: .tile)
  }

  /// The same image whose caps keep their size when it is drawn larger, the middle tiled
  /// or stretched (`self` for a named image, which has no pixels to cut).
  public func resizableImage(
    withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode
  ) -> UIImage {
    guard let cgImage else { return self }
    func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat {
      value.isFinite ? min(max(value, 0), limit) : 0
    }
    let insets = UIEdgeInsets(
      top: clamp(capInsets.top, size.height), left: clamp(capInsets.left, size.width),
      bottom: clamp(capInsets.bottom, size.height), right: clamp(capInsets.right, size.width))
    return UIImage(
      cgImage: cgImage, scale: scale, renderingMode: renderingMode, tintColor: tintColor,
      capInsets: insets, resizingMode: resizingMode)
  }

  /// The same image drawn in `color` (its alpha kept, its colours replaced).
  public func withTintColor(_ color: UIColor) -> UIImage {
    withTintColor(color, renderingMode: renderingMode)
  }

  /// The same image drawn in `color` with `renderingMode`.
  public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
    if let cgImage {
      return UIImage(
        cgImage: cgImage, scale: scale, renderingMode: renderingMode, tintColor: color,
        capInsets: capInsets, resizingMode: resizingMode)
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
    paint(cgImage, tint: tintColor?.cgColor, in: rect, context: context)
    context.restoreGState()
  }

  /// Draws `pixels` (this image's, or another picture's shown in its place) upright over
  /// `rect` in `context`, in `tint` when given; a resizable image (``capInsets``) in nine
  /// parts: corners at their size, edges and middle tiled or stretched between them.
  func paint(_ pixels: CGImage, tint: CGColor?, in rect: CGRect, context: CGContext) {
    guard capInsets != .zero, pixels === cgImage else {
      return Self.draw(pixels, tint: tint, in: rect, context: context)
    }
    var source = pixels
    if let tint {
      // Tinted once, then cut.
      let format = UIGraphicsImageRendererFormat()
      format.scale = scale
      let tinted = UIGraphicsImageRenderer(size: size, format: format).image { renderer in
        Self.draw(
          pixels, tint: tint, in: CGRect(origin: .zero, size: size), context: renderer.cgContext)
      }
      source = tinted.cgImage ?? pixels
    }
    // The caps in points, shrunk together when the rectangle is smaller than both.
    let across = min(1, rect.width / max(capInsets.left + capInsets.right, .leastNonzeroMagnitude))
    let down = min(1, rect.height / max(capInsets.top + capInsets.bottom, .leastNonzeroMagnitude))
    let xs = [
      rect.minX, rect.minX + capInsets.left * across, rect.maxX - capInsets.right * across,
      rect.maxX,
    ]
    let ys = [
      rect.minY, rect.minY + capInsets.top * down, rect.maxY - capInsets.bottom * down, rect.maxY,
    ]
    let columns = [0, capInsets.left, size.width - capInsets.right, size.width].map { $0 * scale }
    let rows = [0, capInsets.top, size.height - capInsets.bottom, size.height].map { $0 * scale }
    for row in 0..<3 {
      for column in 0..<3 {
        let target = CGRect(
          x: xs[column], y: ys[row], width: xs[column + 1] - xs[column],
          height: ys[row + 1] - ys[row])
        let cut = CGRect(
          x: columns[column], y: rows[row], width: columns[column + 1] - columns[column],
          height: rows[row + 1] - rows[row])
        guard target.width > 0, target.height > 0, cut.width >= 1, cut.height >= 1,
          let part = source.cropping(to: cut)
        else { continue }
        let natural = CGSize(width: cut.width / scale, height: cut.height / scale)
        // Corners keep their size; the rest is stretched, or tiled at its own size.
        if resizingMode == .stretch || (row != 1 && column != 1) {
          context.saveGState()
          context.translateBy(x: target.minX, y: target.maxY)
          context.scaleBy(x: 1, y: -1)
          context.drawPadded(part, in: CGRect(origin: .zero, size: target.size))
          context.restoreGState()
        } else {
          context.saveGState()
          context.clip(to: target)
          let tile = CGSize(
            width: column == 1 ? natural.width : target.width,
            height: row == 1 ? natural.height : target.height)
          context.translateBy(x: target.minX, y: target.minY + tile.height)
          context.scaleBy(x: 1, y: -1)
          context.draw(part, in: CGRect(origin: .zero, size: tile), byTiling: true)
          context.restoreGState()
        }
      }
    }
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
