import CCairo
import Foundation

/// How a path is painted (Core Graphics' `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
  /// Fill, non-zero winding.
  case fill = 0
  /// Fill, even-odd.
  case eoFill = 1
  /// Stroke.
  case stroke = 2
  /// Fill (winding), then stroke.
  case fillStroke = 3
  /// Fill (even-odd), then stroke.
  case eoFillStroke = 4
}

/// How drawing combines with what is there (Core Graphics' `CGBlendMode`). Every mode maps
/// to the Cairo operator of the same formula, except ``plusDarker``, which Cairo has not:
/// it draws as ``normal``.
public enum CGBlendMode: Int32, Sendable {
  /// Source over.
  case normal = 0
  /// Multiply.
  case multiply
  /// Screen.
  case screen
  /// Overlay.
  case overlay
  /// Darken.
  case darken
  /// Lighten.
  case lighten
  /// Colour dodge.
  case colorDodge
  /// Colour burn.
  case colorBurn
  /// Soft light.
  case softLight
  /// Hard light.
  case hardLight
  /// Difference.
  case difference
  /// Exclusion.
  case exclusion
  /// Hue.
  case hue
  /// Saturation.
  case saturation
  /// Colour.
  case color
  /// Luminosity.
  case luminosity
  /// Clears.
  case clear
  /// Replaces.
  case copy
  /// Source in.
  case sourceIn
  /// Source out.
  case sourceOut
  /// Source atop.
  case sourceAtop
  /// Destination over.
  case destinationOver
  /// Destination in.
  case destinationIn
  /// Destination out.
  case destinationOut
  /// Destination atop.
  case destinationAtop
  /// Exclusive or.
  case xor
  /// Darker sum (not in Cairo: drawn as ``normal``).
  case plusDarker
  /// Lighter sum (Cairo's saturating add).
  case plusLighter

  var cairoOperator: cairo_operator_t {
    switch self {
    case .normal, .plusDarker: return CAIRO_OPERATOR_OVER
    case .multiply: return CAIRO_OPERATOR_MULTIPLY
    case .screen: return CAIRO_OPERATOR_SCREEN
    case .overlay: return CAIRO_OPERATOR_OVERLAY
    case .darken: return CAIRO_OPERATOR_DARKEN
    case .lighten: return CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
    case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
    case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
    case .difference: return CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: return CAIRO_OPERATOR_EXCLUSION
    case .hue: return CAIRO_OPERATOR_HSL_HUE
    case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
    case .color: return CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
    case .clear: return CAIRO_OPERATOR_CLEAR
    case .copy: return CAIRO_OPERATOR_SOURCE
    case .sourceIn: return CAIRO_OPERATOR_IN
    case .sourceOut: return CAIRO_OPERATOR_OUT
    case .sourceAtop: return CAIRO_OPERATOR_ATOP
    case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
    case .destinationIn: return CAIRO_OPERATOR_DEST_IN
    case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
    case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
    case .xor: return CAIRO_OPERATOR_XOR
    case .plusLighter: return CAIRO_OPERATOR_ADD
    }
  }
}

/// How images are resampled (Core Graphics' `CGInterpolationQuality`).
public enum CGInterpolationQuality: Int32, Sendable {
  /// The default (good).
  case `default` = 0
  /// Nearest pixel.
  case none = 1
  /// Fast bilinear.
  case low = 2
  /// Good.
  case medium = 4
  /// Best.
  case high = 3
}

/// A drawing destination (Core Graphics' `CGContext`) on a Cairo context: a bitmap made with
/// ``init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`` (origin at the
/// bottom left, y up, as Core Graphics' bitmap contexts), or a UIKit context (origin at the
/// top left, y down: `UIGraphicsImageRenderer`, a view's `draw(_:)`).
///
/// The path, transform, clip, line attributes and blend mode live in Cairo's state; the
/// fill and stroke colours, alpha and shadow in this object's state stack, saved and
/// restored with them.
public final class CGContext {
  /// The Cairo context drawn into; the first use clears the pixels if ``clearsLazily(_:)``
  /// deferred that.
  package var cairo: OpaquePointer {
    if let clear = pendingClear {
      pendingClear = nil
      clear()
    }
    return context
  }
  private let context: OpaquePointer
  /// Clears the target's pixels: set by ``clearsLazily(_:)``, run before the first use of
  /// ``cairo`` unless ``skipClear(coveringOpaquely:)`` found it unneeded.
  private var pendingClear: (() -> Void)?
  /// The pixels of a bitmap context, else `nil`.
  private let bitmap: BitmapStore?
  /// The matrix at creation: user space to device pixels (base space to device).
  private let baseMatrix: cairo_matrix_t
  /// The clip at creation in device pixels, for ``resetClip()``.
  private let baseClip: [CGRect]?

  struct GState {
    var fill = CGColor.black
    var stroke = CGColor.black
    var alpha: CGFloat = 1
    var shadow: (offset: CGSize, blur: CGFloat, color: CGColor)?
    var blendMode = CGBlendMode.normal
    var interpolation = CGInterpolationQuality.default
    /// An image mask from ``clip(to:mask:)``: drawing goes through its alpha.
    var mask: (rect: CGRect, image: CGImage)?
  }

  private var state = GState()
  /// How many drawing operations (fills, strokes, images, gradients, clears, text) ran.
  package private(set) var operationCount = 0
  /// Whether a drawing operation is running (``drawing(_:)``).
  private var isDrawing = false

  /// Runs `body`, which draws on ``cairo`` directly (text, a layer tree), as one drawing
  /// operation: counted, and for a bitmap context whose layout Cairo cannot draw in, with
  /// the buffer read in before and written back after.
  package func drawDirectly<T>(_ body: (OpaquePointer) -> T) -> T {
    drawing { body(cairo) }
  }

  /// Runs one drawing operation, keeping a bitmap context's buffer in step (see
  /// ``BitmapStore``); inside a transparency layer the layer's end does that.
  private func drawing<T>(_ body: () -> T) -> T {
    operationCount += 1
    guard let bitmap, layers.isEmpty, !isDrawing else { return body() }
    isDrawing = true
    bitmap.willDraw()
    let result = body()
    bitmap.didDraw()
    isDrawing = false
    return result
  }
  private var saved: [GState] = []
  /// The state before each open transparency layer, and how many states were saved then.
  private var layers: [(state: GState, depth: Int)] = []

  /// A context drawing into `cairo` with its current matrix as base space (user space's
  /// origin at the top left, y down, for UIKit contexts). The context is referenced, not
  /// taken over.
  package init(cairo: OpaquePointer) {
    context = cairo_reference(cairo)
    bitmap = nil
    baseClip = Self.deviceClip(of: cairo)
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    baseMatrix = matrix
    cairo_set_line_width(cairo, 1)
    cairo_set_miter_limit(cairo, 10)
  }

  /// A bitmap context of `width` × `height` pixels drawing into `data` (`bytesPerRow`
  /// apart, 0 for packed rows), or into memory it allocates and zeroes when `data` is `nil`
  /// (read it with ``data`` or ``makeImage()``); origin at the bottom left as Core
  /// Graphics'.
  ///
  /// The layouts iOS takes, 8 bits a component: RGB in 32 bits with premultiplied alpha
  /// (`premultipliedLast`: RGBA in memory; `premultipliedFirst`: ARGB, or BGRA with
  /// `byteOrder32Little`) or an unused byte (`noneSkipLast`, `noneSkipFirst`, written 255
  /// where drawn), in either byte order; grey in 8 bits (`CGColorSpaceCreateDeviceGray()`,
  /// `CGImageAlphaInfo.none`); alpha only in 8 bits (`alphaOnly`). `nil` for any other
  /// layout, a size of zero, or rows shorter than `width` pixels, as on iOS.
  ///
  /// `data` is the caller's to read at any time: every drawing call leaves its pixels there
  /// in the stated layout (premultiplied BGRA is drawn in place; another layout is drawn
  /// in a Cairo surface read from `data` before the call when the caller changed it, and
  /// written back after), and pixels no drawing touched keep what the caller put there.
  /// `data` must stay valid as long as the context.
  public init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {
    guard
      let layout = BitmapLayout(
        bitsPerComponent: bitsPerComponent,
        bitsPerPixel: CGImageAlphaInfo(rawValue: bitmapInfo & 0x1F) == .alphaOnly
          || space.model == .monochrome ? 8 : 32,
        space: space.model, bitmapInfo: bitmapInfo, forContext: true),
      let store = BitmapStore(
        data: data, width: width, height: height, bytesPerRow: bytesPerRow, layout: layout)
    else { return nil }
    bitmap = store
    baseClip = []
    let surface = store.surface
    let cairo = cairo_create(surface)!
    context = cairo
    // Core Graphics' bitmap space: y up.
    cairo_translate(cairo, 0, Double(height))
    cairo_scale(cairo, 1, -1)
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    baseMatrix = matrix
    cairo_set_line_width(cairo, 1)
    cairo_set_miter_limit(cairo, 10)
  }

  deinit {
    cairo_destroy(context)
  }

  /// Defers clearing the target's pixels (a fresh buffer of `UIGraphicsImageRenderer`) to
  /// the first use of the context: `clear` runs then, unless ``skipClear(coveringOpaquely:)``
  /// found that the first drawing covers every pixel.
  package func clearsLazily(_ clear: @escaping () -> Void) { pendingClear = clear }

  /// Drops a deferred clear when `rect` (user space) covers the whole target image: the
  /// caller is about to paint it opaque (`drawHierarchy` of an opaque, square root, as the
  /// renderer skips clearing its buffers). Only before anything else was drawn or set; `true`
  /// when the clear was dropped.
  package func skipClear(coveringOpaquely rect: CGRect) -> Bool {
    guard pendingClear != nil, let target = cairo_get_target(context),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
    else { return false }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return false }
    let x0 = matrix.xx * Double(rect.minX) + matrix.x0
    let y0 = matrix.yy * Double(rect.minY) + matrix.y0
    let x1 = matrix.xx * Double(rect.maxX) + matrix.x0
    let y1 = matrix.yy * Double(rect.maxY) + matrix.y0
    guard x0 <= 0, y0 <= 0, x1 >= Double(cairo_image_surface_get_width(target)),
      y1 >= Double(cairo_image_surface_get_height(target))
    else { return false }
    pendingClear = nil
    return true
  }

  // MARK: - Bitmap

  /// The image surface this context draws into, if it is one.
  private var imageSurface: OpaquePointer? {
    guard let target = cairo_get_target(cairo),
      cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
    else { return nil }
    return target
  }

  /// The width in pixels of a bitmap context (0 otherwise).
  public var width: Int {
    bitmap?.width ?? imageSurface.map { Int(cairo_image_surface_get_width($0)) } ?? 0
  }
  /// The height in pixels of a bitmap context (0 otherwise).
  public var height: Int {
    bitmap?.height ?? imageSurface.map { Int(cairo_image_surface_get_height($0)) } ?? 0
  }
  /// Bytes per row of a bitmap context's ``data`` (0 otherwise).
  public var bytesPerRow: Int {
    bitmap?.bytesPerRow ?? imageSurface.map { Int(cairo_image_surface_get_stride($0)) } ?? 0
  }
  /// 8 for a bitmap context.
  public var bitsPerComponent: Int { imageSurface == nil ? 0 : 8 }
  /// Bits a pixel of a bitmap context: 32 for RGB, 8 for grey and alpha only.
  public var bitsPerPixel: Int {
    bitmap.map { $0.layout.bytesPerPixel * 8 } ?? (imageSurface == nil ? 0 : 32)
  }
  /// The layout of a bitmap context's pixels as its maker gave it (premultiplied alpha
  /// first, 32-bit little endian, for other image contexts).
  public var bitmapInfo: CGBitmapInfo { bitmap?.layout.bitmapInfo ?? BitmapLayout.cairo.bitmapInfo }
  /// Where the alpha of a bitmap context's pixels is.
  public var alphaInfo: CGImageAlphaInfo { bitmap?.layout.alphaInfo ?? .premultipliedFirst }
  /// The colour space of a bitmap context's pixels (device RGB or grey).
  public var colorSpace: CGColorSpace? {
    bitmap?.layout.colorModel == .monochrome
      ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
  }
  /// The pixels of a bitmap context in its layout (the caller's buffer when it gave one),
  /// up to date after every drawing call; for other image contexts, premultiplied BGRA.
  public var data: UnsafeMutableRawPointer? {
    if let bitmap {
      cairo_surface_flush(bitmap.surface)
      return bitmap.buffer
    }
    guard let surface = imageSurface else { return nil }
    cairo_surface_flush(surface)
    return cairo_image_surface_get_data(surface).map(UnsafeMutableRawPointer.init)
  }

  /// An image of what a bitmap context holds now, in its layout (`nil` for contexts that
  /// are not bitmaps).
  public func makeImage() -> CGImage? {
    if let bitmap { return bitmap.makeImage() }
    guard let surface = imageSurface else { return nil }
    return CGImage(copying: surface)
  }

  /// Draws what is pending (Cairo draws at once; flushes the surface).
  public func flush() {
    if let target = cairo_get_target(cairo) { cairo_surface_flush(target) }
  }

  // MARK: - State

  /// Pushes the graphics state: transform, clip, line attributes, colours, alpha, shadow,
  /// blend mode.
  public func saveGState() {
    cairo_save(cairo)
    saved.append(state)
  }

  /// Pops the graphics state ``saveGState()`` pushed (nothing without one).
  public func restoreGState() {
    guard let last = saved.popLast() else { return }
    cairo_restore(cairo)
    state = last
  }

  /// Begins a transparency layer: until ``endTransparencyLayer()``, drawing goes into a
  /// transparent offscreen (alpha 1, no shadow, normal blend inside), which is then drawn
  /// as one picture with the alpha, shadow and blend mode set before it began (two
  /// overlapping shapes at alpha 0.5 cast one shadow and show no overlap).
  public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
    layers.append((state, saved.count))
    cairo_push_group(cairo)
    state.alpha = 1
    state.shadow = nil
    state.mask = nil
    state.blendMode = .normal
    cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
  }

  /// Begins a transparency layer bounded by `rect` (user space): drawing outside it is
  /// left out.
  public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
    beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    clip(to: rect)
  }

  /// Ends the last transparency layer and draws it (nothing without one); graphics states
  /// saved inside it and not restored are dropped.
  public func endTransparencyLayer() {
    guard let (outer, depth) = layers.popLast() else { return }
    while saved.count > depth { restoreGState() }
    let group = cairo_pop_group(cairo)!
    defer { cairo_pattern_destroy(group) }
    state = outer
    withSeparatePath {
      paint { cairo in
        cairo_set_source(cairo, group)
        cairo_paint_with_alpha(cairo, Double(state.alpha))
      }
    }
  }

  /// Moves the origin.
  public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cairo, Double(x), Double(y)) }

  /// Scales user space.
  public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cairo, Double(x), Double(y)) }

  /// Turns user space by `angle` radians (towards positive y from positive x).
  public func rotate(by angle: CGFloat) { cairo_rotate(cairo, Double(angle)) }

  /// Applies `transform` before the current one.
  public func concatenate(_ transform: CGAffineTransform) {
    var matrix = cairo_matrix_t(
      xx: Double(transform.a), yx: Double(transform.b), xy: Double(transform.c),
      yy: Double(transform.d), x0: Double(transform.tx), y0: Double(transform.ty))
    cairo_transform(cairo, &matrix)
  }

  /// The current transformation matrix: user space to device pixels.
  public var ctm: CGAffineTransform {
    var m = cairo_matrix_t()
    cairo_get_matrix(cairo, &m)
    return CGAffineTransform(
      a: CGFloat(m.xx), b: CGFloat(m.yx), c: CGFloat(m.xy), d: CGFloat(m.yy), tx: CGFloat(m.x0),
      ty: CGFloat(m.y0))
  }

  /// User space to device space (the ``ctm``).
  public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

  /// A user-space point in device pixels.
  public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }

  /// A device-pixel point in user space.
  public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }

  /// Sets the line width (user space at the time of stroking).
  public func setLineWidth(_ width: CGFloat) {
    guard width.isFinite else { return }
    cairo_set_line_width(cairo, Double(max(0, width)))
  }

  /// Sets how lines end.
  public func setLineCap(_ cap: CGLineCap) {
    cairo_set_line_cap(cairo, cairo_line_cap_t(rawValue: UInt32(cap.rawValue)))
  }

  /// Sets how lines join.
  public func setLineJoin(_ join: CGLineJoin) {
    cairo_set_line_join(cairo, cairo_line_join_t(rawValue: UInt32(join.rawValue)))
  }

  /// Sets the miter limit.
  public func setMiterLimit(_ limit: CGFloat) { cairo_set_miter_limit(cairo, Double(limit)) }

  /// Sets the dash pattern (on, off, … lengths) starting `phase` into it; an empty list for
  /// solid lines.
  public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
    let values = lengths.map { Double(max(0, $0)) }
    guard values.allSatisfy(\.isFinite), values.contains(where: { $0 > 0 }) else {
      cairo_set_dash(cairo, nil, 0, 0)
      return
    }
    cairo_set_dash(cairo, values, Int32(values.count), Double(phase))
  }

  /// Accepted for compatibility (Cairo chooses its own tolerance).
  public func setFlatness(_ flatness: CGFloat) {}

  /// Whether edges are antialiased.
  public func setShouldAntialias(_ shouldAntialias: Bool) {
    cairo_set_antialias(cairo, shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
  }

  /// Accepted for compatibility (see ``setShouldAntialias(_:)``).
  public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}

  /// How images are resampled.
  public var interpolationQuality: CGInterpolationQuality {
    get { state.interpolation }
    set { state.interpolation = newValue }
  }

  /// Sets the fill colour.
  public func setFillColor(_ color: CGColor) { state.fill = color }
  /// Sets the stroke colour.
  public func setStrokeColor(_ color: CGColor) { state.stroke = color }
  /// Sets the fill colour from components.
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.fill = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
  /// Sets the stroke colour from components.
  public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.stroke = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
  /// Sets the fill colour to a grey.
  public func setFillColor(gray: CGFloat, alpha: CGFloat) {
    state.fill = CGColor(gray: gray, alpha: alpha)
  }
  /// Sets the stroke colour to a grey.
  public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
    state.stroke = CGColor(gray: gray, alpha: alpha)
  }

  /// Sets the opacity every drawing is multiplied by, 0…1.
  public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1) }

  /// Sets how drawing combines with what is there.
  public func setBlendMode(_ mode: CGBlendMode) {
    state.blendMode = mode
    cairo_set_operator(cairo, mode.cairoOperator)
  }

  /// Gives what is drawn from now on a shadow `offset` away (base space: points, y down in
  /// a UIKit context, as on iOS), blurred by `blur` points, in `color` (`nil` or
  /// transparent: no shadow).
  public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
    guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite,
      blur.isFinite
    else {
      state.shadow = nil
      return
    }
    state.shadow = (offset, max(0, blur), color)
  }

  /// A shadow in black at a third opacity, as Core Graphics' default.
  public func setShadow(offset: CGSize, blur: CGFloat) {
    setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
  }

  // MARK: - Paths

  /// Drops the current path.
  public func beginPath() { cairo_new_path(cairo) }

  /// Starts a subpath.
  public func move(to point: CGPoint) { cairo_move_to(cairo, Double(point.x), Double(point.y)) }

  /// A line from the current point (a move without one).
  public func addLine(to point: CGPoint) {
    if cairo_has_current_point(cairo) == 0 { return move(to: point) }
    cairo_line_to(cairo, Double(point.x), Double(point.y))
  }

  /// Lines through `points`, starting a subpath at the first.
  public func addLines(between points: [CGPoint]) {
    addPath(CGMutablePath().with { $0.addLines(between: points) })
  }

  /// A cubic Bézier curve.
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    if cairo_has_current_point(cairo) == 0 { move(to: control1) }
    cairo_curve_to(
      cairo, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
      Double(end.x), Double(end.y))
  }

  /// A quadratic Bézier curve.
  public func addQuadCurve(to end: CGPoint, control: CGPoint) {
    if cairo_has_current_point(cairo) == 0 { move(to: control) }
    var x0 = 0.0
    var y0 = 0.0
    cairo_get_current_point(cairo, &x0, &y0)
    let cx = Double(control.x)
    let cy = Double(control.y)
    let x = Double(end.x)
    let y = Double(end.y)
    cairo_curve_to(
      cairo, x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x),
      y + 2 / 3 * (cy - y), x, y)
  }

  /// Closes the subpath.
  public func closePath() {
    if cairo_has_current_point(cairo) != 0 { cairo_close_path(cairo) }
  }

  /// A closed rectangle.
  public func addRect(_ rect: CGRect) { addPath(CGMutablePath().with { $0.addRect(rect) }) }

  /// Closed rectangles.
  public func addRects(_ rects: [CGRect]) { addPath(CGMutablePath().with { $0.addRects(rects) }) }

  /// A closed ellipse in `rect`.
  public func addEllipse(in rect: CGRect) {
    addPath(CGMutablePath().with { $0.addEllipse(in: rect) })
  }

  /// An arc (see ``CGMutablePath/addArc(center:radius:startAngle:endAngle:clockwise:transform:)``
  /// for the direction), with a line from the current point to its start.
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    let path = CGMutablePath()
    if let current = currentPathPoint { path.move(to: current) }
    path.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise)
    addContinuing(path, hasStart: currentPathPoint != nil)
  }

  /// An arc tangent to two lines from the current point (PostScript's `arct`).
  public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
    guard let current = currentPathPoint else { return move(to: tangent1End) }
    let path = CGMutablePath()
    path.move(to: current)
    path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
    addContinuing(path, hasStart: true)
  }

  /// Adds `path` (mapped by the current transform).
  public func addPath(_ path: CGPath) { path.add(to: cairo) }

  /// Adds `path` without its first element (a move to the current point).
  private func addContinuing(_ path: CGMutablePath, hasStart: Bool) {
    if hasStart, !path.elements.isEmpty { path.elements.removeFirst() }
    path.add(to: cairo)
  }

  /// The current point in user space, `nil` without a path.
  private var currentPathPoint: CGPoint? {
    guard cairo_has_current_point(cairo) != 0 else { return nil }
    var x = 0.0
    var y = 0.0
    cairo_get_current_point(cairo, &x, &y)
    return CGPoint(x: x, y: y)
  }

  /// The length of the current path (curves flattened), in user space.
  package func lengthOfPath() -> CGFloat {
    guard let flat = cairo_copy_path_flat(cairo) else { return 0 }
    defer { cairo_path_destroy(flat) }
    var length = 0.0
    var index = 0
    var current = (0.0, 0.0)
    var start = (0.0, 0.0)
    let data = flat.pointee.data!
    while index < Int(flat.pointee.num_data) {
      let header = data[index].header
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        current = (data[index + 1].point.x, data[index + 1].point.y)
        start = current
      case CAIRO_PATH_LINE_TO:
        let next = (data[index + 1].point.x, data[index + 1].point.y)
        length += hypot(next.0 - current.0, next.1 - current.1)
        current = next
      case CAIRO_PATH_CLOSE_PATH:
        length += hypot(start.0 - current.0, start.1 - current.1)
        current = start
      default: break
      }
      index += Int(header.length)
    }
    return CGFloat(length)
  }

  /// Whether there is no current path.
  public var isPathEmpty: Bool {
    cairo_has_current_point(cairo) == 0 && boundingBoxOfPath.isEmpty
  }

  /// The current point of the path (`.zero` without one).
  public var currentPointOfPath: CGPoint { currentPathPoint ?? .zero }

  /// The bounding box of the current path in user space.
  public var boundingBoxOfPath: CGRect { Cairo.extents(cairo, cairo_path_extents) }

  /// A copy of the current path in user space.
  public var path: CGPath? {
    guard let copied = cairo_copy_path(cairo) else { return nil }
    defer { cairo_path_destroy(copied) }
    let path = CGMutablePath()
    var index = 0
    let data = copied.pointee.data!
    while index < Int(copied.pointee.num_data) {
      let header = data[index].header
      func point(_ i: Int) -> CGPoint {
        CGPoint(x: data[index + i].point.x, y: data[index + i].point.y)
      }
      switch header.type {
      case CAIRO_PATH_MOVE_TO: path.move(to: point(1))
      case CAIRO_PATH_LINE_TO: path.addLine(to: point(1))
      case CAIRO_PATH_CURVE_TO: path.addCurve(to: point(3), control1: point(1), control2: point(2))
      default: path.closeSubpath()
      }
      index += Int(header.length)
    }
    return path.isEmpty ? nil : path
  }

  // MARK: - Painting paths

  /// Fills the current path (and drops it).
  public func fillPath(using rule: CGPathFillRule = .winding) {
    cairo_set_fill_rule(
      cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    paint { cairo in
      setSource(state.fill)
      cairo_fill(cairo)
    }
    cairo_new_path(cairo)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
  }

  /// Fills the current path with even-odd.
  public func eoFillPath() { fillPath(using: .evenOdd) }

  /// Strokes the current path (and drops it).
  public func strokePath() {
    paint { cairo in
      setSource(state.stroke)
      cairo_stroke(cairo)
    }
    cairo_new_path(cairo)
  }

  /// Paints the current path as `mode` says (and drops it).
  public func drawPath(using mode: CGPathDrawingMode) {
    switch mode {
    case .fill: fillPath(using: .winding)
    case .eoFill: fillPath(using: .evenOdd)
    case .stroke: strokePath()
    case .fillStroke, .eoFillStroke:
      cairo_set_fill_rule(
        cairo, mode == .eoFillStroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      // One shadow for both, as Core Graphics.
      paint { cairo in
        setSource(state.fill)
        cairo_fill_preserve(cairo)
        setSource(state.stroke)
        cairo_stroke(cairo)
      }
      cairo_new_path(cairo)
      cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }
  }

  /// Fills a rectangle (the current path is kept aside).
  public func fill(_ rect: CGRect) { fill([rect]) }

  /// Fills rectangles.
  public func fill(_ rects: [CGRect]) {
    withSeparatePath {
      addRects(rects)
      fillPath()
    }
  }

  /// Fills an ellipse.
  public func fillEllipse(in rect: CGRect) {
    withSeparatePath {
      addEllipse(in: rect)
      fillPath()
    }
  }

  /// Strokes a rectangle.
  public func stroke(_ rect: CGRect) {
    withSeparatePath {
      addRect(rect)
      strokePath()
    }
  }

  /// Strokes a rectangle with a line `width` wide.
  public func stroke(_ rect: CGRect, width: CGFloat) {
    saveGState()
    setLineWidth(width)
    stroke(rect)
    restoreGState()
  }

  /// Strokes an ellipse.
  public func strokeEllipse(in rect: CGRect) {
    withSeparatePath {
      addEllipse(in: rect)
      strokePath()
    }
  }

  /// Strokes separate segments: points 0–1, 2–3, ….
  public func strokeLineSegments(between points: [CGPoint]) {
    withSeparatePath {
      var index = 0
      while index + 1 < points.count {
        move(to: points[index])
        addLine(to: points[index + 1])
        index += 2
      }
      strokePath()
    }
  }

  /// Makes a rectangle transparent (whatever the blend mode, without shadow).
  public func clear(_ rect: CGRect) {
    drawing {
      clearNow(rect)
    }
  }

  private func clearNow(_ rect: CGRect) {
    withSeparatePath {
      cairo_save(cairo)
      cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
      addRect(rect)
      cairo_fill(cairo)
      cairo_restore(cairo)
    }
  }

  /// Runs `body` with the current path set aside and restored after it.
  private func withSeparatePath(_ body: () -> Void) {
    let kept = cairo_copy_path(cairo)
    cairo_new_path(cairo)
    body()
    cairo_new_path(cairo)
    if let kept {
      if kept.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cairo, kept) }
      cairo_path_destroy(kept)
    }
  }

  // MARK: - Clipping

  /// Intersects the clip with the current path (and drops it).
  public func clip(using rule: CGPathFillRule = .winding) {
    cairo_set_fill_rule(
      cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_clip(cairo)
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
  }

  /// Intersects the clip with a rectangle.
  public func clip(to rect: CGRect) { clip(to: [rect]) }

  /// Intersects the clip with the union of rectangles.
  public func clip(to rects: [CGRect]) {
    withSeparatePath {
      addRects(rects)
      cairo_clip(cairo)
    }
  }

  /// Removes the clips set since the context was made, an image mask's included: back to
  /// the whole bitmap, or for a UIKit context (a view's `draw(_:)`) to the clip it was given.
  public func resetClip() {
    state.mask = nil
    guard let baseClip else { return }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    cairo_reset_clip(cairo)
    if !baseClip.isEmpty {
      withSeparatePath {
        cairo_identity_matrix(cairo)
        for rect in baseClip {
          cairo_rectangle(
            cairo, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        }
        cairo_clip(cairo)
      }
    }
    cairo_set_matrix(cairo, &matrix)
  }

  /// The clip the context was made with, in device pixels (empty: none); `nil` when it is
  /// not a list of rectangles (then ``resetClip()`` keeps the clip).
  private static func deviceClip(of cairo: OpaquePointer) -> [CGRect]? {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    cairo_identity_matrix(cairo)
    defer { cairo_set_matrix(cairo, &matrix) }
    guard let list = cairo_copy_clip_rectangle_list(cairo) else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
    return (0..<Int(list.pointee.num_rectangles)).map {
      let r = list.pointee.rectangles[$0]
      return CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
    }
  }

  /// Intersects the clip with an image's alpha stretched over `rect`.
  public func clip(to rect: CGRect, mask: CGImage) {
    // Cairo clips only to paths: later drawing keeps the mask in a group (see ``paint``).
    state.mask = (rect, mask)
  }

  /// The clip's bounding box in user space.
  public var boundingBoxOfClipPath: CGRect { Cairo.extents(cairo, cairo_clip_extents) }

  // MARK: - Gradients and images

  /// Fills the clip with a linear gradient from `start` to `end`, extended past them as
  /// `options` says.
  public func drawLinearGradient(
    _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
  ) {
    let pattern = cairo_pattern_create_linear(
      Double(start.x), Double(start.y), Double(end.x), Double(end.y))!
    drawGradient(gradient, pattern, options: options) { before in
      // The half-plane on the kept side of the start (`before`) or end line.
      let dx = end.x - start.x
      let dy = end.y - start.y
      let length = hypot(dx, dy)
      guard length > 0 else { return }
      let ux = dx / length
      let uy = dy / length
      let far: CGFloat = 1e6
      let origin = before ? end : start
      let sign: CGFloat = before ? -1 : 1
      let nx = -uy * far
      let ny = ux * far
      move(to: CGPoint(x: origin.x + nx, y: origin.y + ny))
      addLine(to: CGPoint(x: origin.x - nx, y: origin.y - ny))
      addLine(to: CGPoint(x: origin.x - nx + sign * ux * far, y: origin.y - ny + sign * uy * far))
      addLine(to: CGPoint(x: origin.x + nx + sign * ux * far, y: origin.y + ny + sign * uy * far))
      closePath()
    }
  }

  /// Fills the clip with a radial gradient between two circles, extended as `options` says.
  public func drawRadialGradient(
    _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
    endRadius: CGFloat, options: CGGradientDrawingOptions
  ) {
    let pattern = cairo_pattern_create_radial(
      Double(startCenter.x), Double(startCenter.y), Double(max(0, startRadius)),
      Double(endCenter.x), Double(endCenter.y), Double(max(0, endRadius)))!
    drawGradient(gradient, pattern, options: options) { before in
      // Only before the start: inside the end circle; only after the end: outside the
      // start circle.
      if before {
        addEllipse(
          in: CGRect(
            x: endCenter.x - endRadius, y: endCenter.y - endRadius, width: 2 * endRadius,
            height: 2 * endRadius))
      } else {
        addRect(CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        addEllipse(
          in: CGRect(
            x: startCenter.x - startRadius, y: startCenter.y - startRadius,
            width: 2 * startRadius, height: 2 * startRadius))
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
      }
    }
  }

  /// Paints `pattern` with the gradient's stops over the clip; with one of the two options,
  /// extended on both sides and clipped to the side `keptSide(before)` adds.
  private func drawGradient(
    _ gradient: CGGradient, _ pattern: OpaquePointer, options: CGGradientDrawingOptions,
    keptSide: (Bool) -> Void
  ) {
    defer { cairo_pattern_destroy(pattern) }
    for (color, location) in zip(gradient.colors, gradient.locations) {
      cairo_pattern_add_color_stop_rgba(
        pattern, Double(location), Double(color.red), Double(color.green), Double(color.blue),
        Double(color.alpha * state.alpha))
    }
    let before = options.contains(.drawsBeforeStartLocation)
    let after = options.contains(.drawsAfterEndLocation)
    cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    withSeparatePath {
      cairo_save(cairo)
      if before != after {
        keptSide(before)
        cairo_clip(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
      }
      paint { cairo in
        cairo_set_source(cairo, pattern)
        cairo_paint(cairo)
      }
      cairo_restore(cairo)
    }
  }

  /// Draws `image` stretched over `rect`, as Core Graphics: its first row at `rect`'s
  /// maximum y, so upright in a bitmap context (y up) and upside down in a UIKit one (use
  /// `UIImage.draw(in:)` there).
  public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
    draw(image, in: rect, extend: byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_NONE)
  }

  /// Draws `image` stretched over `rect` with its edge pixels repeated outward when sampled,
  /// so a stretched part of a larger picture (a resizable image's middle) stays opaque to
  /// its edges.
  package func drawPadded(_ image: CGImage, in rect: CGRect) {
    draw(image, in: rect, extend: CAIRO_EXTEND_PAD)
  }

  private func draw(_ image: CGImage, in rect: CGRect, extend: cairo_extend_t) {
    let byTiling = extend == CAIRO_EXTEND_REPEAT
    guard rect.width != 0, rect.height != 0, rect.minX.isFinite, rect.maxY.isFinite else { return }
    let surface = image.makeSurface()
    defer { cairo_surface_destroy(surface) }
    withSeparatePath {
      cairo_save(cairo)
      if !byTiling {
        addRect(rect)
        cairo_clip(cairo)
      }
      cairo_translate(cairo, Double(rect.minX), Double(rect.maxY))
      cairo_scale(
        cairo, Double(rect.width) / Double(image.width), -Double(rect.height) / Double(image.height)
      )
      let filter: cairo_filter_t
      switch state.interpolation {
      case .none: filter = CAIRO_FILTER_NEAREST
      case .low: filter = CAIRO_FILTER_BILINEAR
      case .high: filter = CAIRO_FILTER_BEST
      case .default, .medium: filter = CAIRO_FILTER_GOOD
      }
      paint { cairo in
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), filter)
        if extend != CAIRO_EXTEND_NONE { cairo_pattern_set_extend(cairo_get_source(cairo), extend) }
        cairo_paint_with_alpha(cairo, Double(state.alpha))
      }
      cairo_restore(cairo)
    }
  }

  // MARK: - Painting with alpha, shadow and masks

  /// Sets the source to `color` times the context's alpha.
  private func setSource(_ color: CGColor) {
    cairo_set_source_rgba(
      cairo, Double(color.red), Double(color.green), Double(color.blue),
      Double(color.alpha * state.alpha))
  }

  /// Runs one drawing operation with the shadow under it and through the image mask, when
  /// set; otherwise directly.
  private func paint(_ operation: (OpaquePointer) -> Void) {
    drawing { paintNow(operation) }
  }

  /// ``paint(_:)`` without the bookkeeping.
  private func paintNow(_ operation: (OpaquePointer) -> Void) {
    guard state.shadow != nil || state.mask != nil else { return operation(cairo) }
    let blend = cairo_get_operator(cairo)
    // The operation alone, over transparency.
    cairo_push_group(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    operation(cairo)
    let drawn = cairo_pop_group(cairo)!
    defer { cairo_pattern_destroy(drawn) }
    cairo_set_operator(cairo, blend)
    // What the operation drew stays a path: ``withSeparatePath`` callers drop it after.
    if let shadow = state.shadow { paintShadow(of: drawn, shadow) }
    cairo_set_source(cairo, drawn)
    if let mask = state.mask {
      paintThroughMask(rect: mask.rect, image: mask.image)
    } else {
      cairo_paint(cairo)
    }
  }

  /// Paints the current source through `image`'s alpha stretched over `rect`.
  private func paintThroughMask(rect: CGRect, image: CGImage) {
    let surface = image.makeSurface()
    defer { cairo_surface_destroy(surface) }
    let mask = cairo_pattern_create_for_surface(surface)!
    defer { cairo_pattern_destroy(mask) }
    // Pattern space: image pixels; user space: `rect` (first row at the top of a y-up
    // space, as ``draw(_:in:byTiling:)``).
    var matrix = cairo_matrix_t()
    cairo_matrix_init_translate(&matrix, Double(rect.minX), Double(rect.maxY))
    cairo_matrix_scale(
      &matrix, Double(rect.width) / Double(image.width), -Double(rect.height) / Double(image.height)
    )
    cairo_matrix_invert(&matrix)
    cairo_pattern_set_matrix(mask, &matrix)
    cairo_mask(cairo, mask)
  }

  /// Paints only the shadow `path` (user space) would cast, filled, with a shadow `offset`
  /// away blurred by `blur` in `color` (a layer's `shadowPath`).
  package func paintShadow(of path: CGPath, offset: CGSize, blur: CGFloat, color: CGColor) {
    drawing { paintShadowNow(of: path, offset: offset, blur: blur, color: color) }
  }

  private func paintShadowNow(of path: CGPath, offset: CGSize, blur: CGFloat, color: CGColor) {
    withSeparatePath {
      cairo_push_group(cairo)
      addPath(path)
      cairo_set_source_rgba(cairo, 0, 0, 0, 1)
      cairo_fill(cairo)
      let drawn = cairo_pop_group(cairo)!
      paintShadow(of: drawn, (offset, blur, color))
      cairo_pattern_destroy(drawn)
    }
  }

  /// Paints the shadow of what `drawn` holds: its alpha in device pixels, blurred (three
  /// box blurs, close to a Gaussian of `blur / 2` points' deviation) and moved by the
  /// offset in base space, in the shadow's colour.
  private func paintShadow(
    of drawn: OpaquePointer, _ shadow: (offset: CGSize, blur: CGFloat, color: CGColor)
  ) {
    var ctm = cairo_matrix_t()
    cairo_get_matrix(cairo, &ctm)
    // The clip's box in device pixels, grown by the blur and the offset.
    let clip = boundingBoxOfClipPath
    let (x0, y0, x1, y1) = (
      Double(clip.minX), Double(clip.minY), Double(clip.maxX), Double(clip.maxY)
    )
    let corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { corner -> (Double, Double) in
      var x = corner.0
      var y = corner.1
      cairo_user_to_device(cairo, &x, &y)
      return (x, y)
    }
    let base = baseMatrix
    let dx = base.xx * Double(shadow.offset.width) + base.xy * Double(shadow.offset.height)
    let dy = base.yx * Double(shadow.offset.width) + base.yy * Double(shadow.offset.height)
    let sigma = Double(shadow.blur) / 2 * sqrt(abs(base.xx * base.yy - base.xy * base.yx))
    let pad = Int((3 * sigma).rounded(.up)) + 1
    guard let left = corners.map(\.0).min(), let right = corners.map(\.0).max(),
      let top = corners.map(\.1).min(), let bottom = corners.map(\.1).max(),
      left.isFinite, right.isFinite, top.isFinite, bottom.isFinite
    else { return }
    let bx = Int((left - abs(dx)).rounded(.down)) - pad
    let by = Int((top - abs(dy)).rounded(.down)) - pad
    let bw = Int((right + abs(dx)).rounded(.up)) + pad - bx
    let bh = Int((bottom + abs(dy)).rounded(.up)) + pad - by
    guard bw > 0, bh > 0, bw <= 32_767, bh <= 32_767 else { return }
    let maskSurface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(bw), Int32(bh))!
    defer { cairo_surface_destroy(maskSurface) }
    let mcr = cairo_create(maskSurface)!
    var shifted = ctm
    shifted.x0 -= Double(bx)
    shifted.y0 -= Double(by)
    cairo_set_matrix(mcr, &shifted)
    cairo_set_source(mcr, drawn)
    cairo_paint(mcr)
    cairo_destroy(mcr)
    cairo_surface_flush(maskSurface)
    if sigma > 0.25 {
      ShadowBlur.blur(
        cairo_image_surface_get_data(maskSurface)!, width: bw, height: bh,
        stride: Int(cairo_image_surface_get_stride(maskSurface)), sigma: sigma)
    }
    cairo_surface_mark_dirty(maskSurface)
    cairo_save(cairo)
    cairo_identity_matrix(cairo)
    let color = shadow.color
    cairo_set_source_rgba(
      cairo, Double(color.red), Double(color.green), Double(color.blue),
      Double(color.alpha * state.alpha))
    cairo_mask_surface(cairo, maskSurface, Double(bx) + dx, Double(by) + dy)
    cairo_restore(cairo)
  }
}

extension CGMutablePath {
  /// The path after `body` changed it.
  func with(_ body: (CGMutablePath) -> Void) -> CGMutablePath {
    body(self)
    return self
  }
}

/// A Gaussian-like blur of an 8-bit alpha plane: three box blurs per axis.
enum ShadowBlur {
  static func blur(
    _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double
  ) {
    // Box width for three passes (Wells, 1986).
    let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
    let radius = max(1, Int((ideal - 1) / 2 + 0.5))
    var line = [UInt8](repeating: 0, count: max(width, height))
    for _ in 0..<3 {
      for y in 0..<height {
        boxPass(data + y * stride, count: width, step: 1, radius: radius, scratch: &line)
      }
      for x in 0..<width {
        boxPass(data + x, count: height, step: stride, radius: radius, scratch: &line)
      }
    }
  }

  private static func boxPass(
    _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt8]
  ) {
    for i in 0..<count { scratch[i] = start[i * step] }
    let window = 2 * radius + 1
    var sum = 0
    for i in -radius...radius where i >= 0 && i < count { sum += Int(scratch[i]) }
    for i in 0..<count {
      start[i * step] = UInt8((sum + window / 2) / window)
      let leaving = i - radius
      let entering = i + radius + 1
      if leaving >= 0 { sum -= Int(scratch[leaving]) }
      if entering < count { sum += Int(scratch[entering]) }
    }
  }
}

/// Small readers of Cairo state.
enum Cairo {
  /// A box Cairo gives as two corners (`cairo_path_extents`, `cairo_clip_extents`).
  static func extents(
    _ cr: OpaquePointer,
    _ read: (
      OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?,
      UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?
    ) -> Void
  ) -> CGRect {
    var x0 = 0.0
    var y0 = 0.0
    var x1 = 0.0
    var y1 = 0.0
    read(cr, &x0, &y0, &x1, &y1)
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
