import CCairo

/// A value kept per thread, made on first use.
protocol PerThread: AnyObject {
  init()
}

extension PerThread {
  /// The calling thread's value.
  static var current: Self {
    let key = "ViewKit.\(Self.self)"
    let dictionary = Thread.current.threadDictionary
    if let value = dictionary[key] as? Self { return value }
    let value = Self()
    dictionary[key] = value
    return value
  }
}

/// The stack of current drawing contexts of one thread (UIKit keeps one per thread).
final class GraphicsContextStack: PerThread {
  var contexts: [CGContext] = []
}

/// The context UIKit drawing (`UIBezierPath.fill()`, `UIImage.draw(in:)`,
/// `UIColor.setFill()`) goes to on this thread: the one a view's `draw(_:)` or an image
/// renderer's actions run in, or the last one pushed; `nil` outside drawing.
public func UIGraphicsGetCurrentContext() -> CGContext? {
  GraphicsContextStack.current.contexts.last
}

/// Makes `context` the current one until ``UIGraphicsPopContext()``.
public func UIGraphicsPushContext(_ context: CGContext) {
  GraphicsContextStack.current.contexts.append(context)
}

/// Restores the context that was current before the last ``UIGraphicsPushContext(_:)``.
public func UIGraphicsPopContext() {
  _ = GraphicsContextStack.current.contexts.popLast()
}

/// Runs `body` with `context` current.
func withCurrentContext<T>(_ context: CGContext, _ body: () throws -> T) rethrows -> T {
  UIGraphicsPushContext(context)
  defer { UIGraphicsPopContext() }
  return try body()
}

/// Fills `rect` with the current context's fill colour.
public func UIRectFill(_ rect: CGRect) {
  UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Strokes a one-point frame inside `rect` with the current stroke colour.
public func UIRectFrame(_ rect: CGRect) {
  UIGraphicsGetCurrentContext()?.stroke(rect.insetBy(dx: 0.5, dy: 0.5), width: 1)
}

/// Fills `rect` with the current fill colour in `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
  guard let context = UIGraphicsGetCurrentContext() else { return }
  context.saveGState()
  context.setBlendMode(blendMode)
  context.fill(rect)
  context.restoreGState()
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) {
  UIGraphicsGetCurrentContext()?.clip(to: rect)
}

// MARK: - The older image context functions

/// The renderers begun with ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` on this
/// thread, innermost last.
final class ImageContextStack: PerThread {
  var renderers: [UIGraphicsImageRendererContext] = []
}

/// Begins a bitmap context of `size` points at `scale` pixels per point (0: the main
/// screen's scale) and makes it current.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat)
{
  let format = UIGraphicsImageRendererFormat()
  format.opaque = opaque
  if scale > 0 { format.scale = scale }
  guard let context = UIGraphicsImageRendererContext(size: size, format: format) else { return }
  ImageContextStack.current.renderers.append(context)
  UIGraphicsPushContext(context.cgContext)
}

/// ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` at scale 1, not opaque.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
  UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What the current image context holds, or `nil` when the current context is not one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let renderer = ImageContextStack.current.renderers.last,
    renderer.cgContext === UIGraphicsGetCurrentContext()
  else { return nil }
  return renderer.currentImage
}

/// Ends the current image context.
public func UIGraphicsEndImageContext() {
  let stack = ImageContextStack.current
  guard let renderer = stack.renderers.last, renderer.cgContext === UIGraphicsGetCurrentContext()
  else { return }
  stack.renderers.removeLast()
  UIGraphicsPopContext()
}

// MARK: - Image renderer

/// How an image renderer makes its pictures (UIKit's `UIGraphicsImageRendererFormat`).
public final class UIGraphicsImageRendererFormat: @unchecked Sendable {
  /// Pixels per point (the main screen's, 3, unless set).
  public var scale: CGFloat = 3
  /// Whether the picture has no alpha: what is not drawn is black, and its `cgImage`
  /// reports `noneSkipFirst` with every alpha byte 255.
  public var opaque = false
  /// Whether wide colour is preferred (accepted; pictures are sRGB).
  public var prefersExtendedRange = false
  /// The colour range asked for (accepted; pictures are sRGB, the standard range).
  public var preferredRange = Range.automatic

  /// A colour range of a renderer's pictures (UIKit's
  /// `UIGraphicsImageRendererFormat.Range`).
  public enum Range: Int, Sendable {
    /// Not said.
    case unspecified = -1
    /// The device's.
    case automatic = 0
    /// Wide colour.
    case extended = 1
    /// sRGB.
    case standard = 2
  }
  /// The drawing bounds of the renderer this format belongs to (`.zero` for a format
  /// not yet given to a renderer).
  public internal(set) var bounds = CGRect.zero

  /// A copy for a renderer of `bounds`.
  func copy(bounds: CGRect) -> UIGraphicsImageRendererFormat {
    let copy = UIGraphicsImageRendererFormat()
    copy.scale = scale
    copy.opaque = opaque
    copy.prefersExtendedRange = prefersExtendedRange
    copy.preferredRange = preferredRange
    copy.bounds = bounds
    return copy
  }

  /// The default format: the main screen's scale, not opaque.
  public init() {}

  /// A format for pictures shown with `traitCollection`: its display scale (the main
  /// screen's when it has none).
  public convenience init(for traitCollection: UITraitCollection) {
    self.init()
    if traitCollection.displayScale > 0 { scale = traitCollection.displayScale }
  }

  /// The default format.
  public static func `default`() -> UIGraphicsImageRendererFormat {
    UIGraphicsImageRendererFormat()
  }

  /// The format the device prefers (the default one).
  public static func preferred() -> UIGraphicsImageRendererFormat {
    UIGraphicsImageRendererFormat()
  }
}

/// The key under which an image renderer's surface keeps the pixels it frees.
nonisolated(unsafe) private var pixelsKey = cairo_user_data_key_t()

/// The context an image renderer's actions draw in (UIKit's
/// `UIGraphicsImageRendererContext`).
public final class UIGraphicsImageRendererContext {
  /// The Core Graphics context: origin at the top left, points, y down.
  public let cgContext: CGContext
  /// The format.
  public let format: UIGraphicsImageRendererFormat
  private let surface: OpaquePointer
  private let scale: CGFloat

  init?(size: CGSize, format: UIGraphicsImageRendererFormat) {
    let scale = format.scale.isFinite && format.scale > 0 ? format.scale : 1
    let w = Double(size.width * scale).rounded(.up)
    let h = Double(size.height * scale).rounded(.up)
    guard w.isFinite, h.isFinite, w >= 0, h >= 0, w <= 32_767, h <= 32_767 else { return nil }
    // The pixels are not cleared now: the context clears them before its first drawing
    // unless that drawing covers them all (a capture of an opaque screen), as the renderer
    // skips clearing its buffers; a 3x phone screen is 12 MB to zero.
    let width = Int32(max(1, w))
    let height = Int32(max(1, h))
    let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
    let byteCount = Int(stride) * Int(height)
    guard stride > 0, let pixels = malloc(byteCount) else { return nil }
    guard
      let made = cairo_image_surface_create_for_data(
        pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width, height, stride),
      cairo_surface_status(made) == CAIRO_STATUS_SUCCESS,
      cairo_surface_set_user_data(made, &pixelsKey, pixels, { free($0) }) == CAIRO_STATUS_SUCCESS
    else {
      free(pixels)
      return nil
    }
    surface = made
    let cr = cairo_create(made)!
    if format.opaque {
      cairo_set_source_rgb(cr, 0, 0, 0)
      cairo_paint(cr)
    }
    cairo_scale(cr, Double(scale), Double(scale))
    cgContext = CGContext(cairo: cr)
    cairo_destroy(cr)
    if !format.opaque {
      cgContext.clearsLazily {
        memset(pixels, 0, byteCount)
        cairo_surface_mark_dirty(made)
      }
    }
    self.format = format
    self.scale = scale
  }

  deinit { cairo_surface_destroy(surface) }

  /// What has been drawn so far.
  public var currentImage: UIImage {
    cgContext.flush()
    let image = CGImage(copying: surface, opaque: format.opaque)
    return image.map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
      ?? UIImage(size: .zero, scale: scale)
  }

  /// The image drawn, its pixels taken from the context without a copy: the context is
  /// done (its image renderer's actions have returned).
  func finalImage() -> UIImage {
    cgContext.flush()
    let reference = cairo_surface_reference(surface)!
    guard let image = CGImage(takingSurface: reference, opaque: format.opaque) else {
      cairo_surface_destroy(reference)
      return UIImage(size: .zero, scale: scale)
    }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
  }

  /// Fills `rect` with the fill colour.
  public func fill(_ rect: CGRect) { cgContext.fill(rect) }

  /// Fills `rect` with the fill colour in `blendMode`.
  public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
    cgContext.saveGState()
    cgContext.setBlendMode(blendMode)
    cgContext.fill(rect)
    cgContext.restoreGState()
  }

  /// Strokes a one-point frame inside `rect` with the stroke colour.
  public func stroke(_ rect: CGRect) { cgContext.stroke(rect.insetBy(dx: 0.5, dy: 0.5), width: 1) }

  /// Strokes a one-point frame inside `rect` in `blendMode`.
  public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
    cgContext.saveGState()
    cgContext.setBlendMode(blendMode)
    stroke(rect)
    cgContext.restoreGState()
  }

  /// Intersects the clip with `rect`.
  public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Makes images by drawing (UIKit's `UIGraphicsImageRenderer`): each call runs the actions
/// in a fresh context of ``size`` points at the format's scale, current for UIKit drawing.
///
/// ```swift
/// let icon = UIGraphicsImageRenderer(size: CGSize(width: 48, height: 48)).image { context in
///   UIColor.systemBlue.setFill()
///   UIBezierPath(roundedRect: context.format.bounds, cornerRadius: 12).fill()
/// }
/// ```
public final class UIGraphicsImageRenderer: @unchecked Sendable {
  /// The size in points.
  public let size: CGSize
  /// The format.
  public let format: UIGraphicsImageRendererFormat

  /// A renderer of `size` points in the default format.
  public convenience init(size: CGSize) {
    self.init(size: size, format: .default())
  }

  /// A renderer of `size` points in `format`.
  public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: format)
  }

  /// A renderer of `bounds`' size whose context's origin is `bounds`' origin.
  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
    size = bounds.size
    origin = bounds.origin
    self.format = format.copy(bounds: bounds)
  }

  private let origin: CGPoint

  /// Whether contexts it makes give images (always).
  public var allowsImageOutput: Bool { true }

  /// The image `actions` draw (empty, of ``size``, if the size is not drawable).
  public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    guard let context = run(actions) else { return UIImage(size: size, scale: format.scale) }
    return context.finalImage()
  }

  /// The PNG of the image `actions` draw (empty data if the size is not drawable).
  public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    run(actions)?.finalImage().pngData() ?? Data()
  }

  /// The baseline JPEG of the image `actions` draw at `compressionQuality` (0…1, see
  /// `UIImage.jpegData(compressionQuality:)`), transparency over black (empty data if the
  /// size is not drawable).
  public func jpegData(
    withCompressionQuality compressionQuality: CGFloat,
    actions: (UIGraphicsImageRendererContext) -> Void
  ) -> Data {
    run(actions)?.finalImage().jpegData(compressionQuality: compressionQuality) ?? Data()
  }

  private func run(_ actions: (UIGraphicsImageRendererContext) -> Void)
    -> UIGraphicsImageRendererContext?
  {
    guard let context = UIGraphicsImageRendererContext(size: size, format: format) else {
      return nil
    }
    if origin != .zero { context.cgContext.translateBy(x: -origin.x, y: -origin.y) }
    withCurrentContext(context.cgContext) { actions(context) }
    return context
  }
}

// MARK: - Colours as current drawing state

extension UIColor {
  /// Makes this the current context's fill colour.
  public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
  /// Makes this the current context's stroke colour.
  public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
  /// Makes this the current context's fill and stroke colour.
  public func set() {
    setFill()
    setStroke()
  }
}
