/// The corners of a rectangle (UIKit's `UIRectCorner`).
public struct UIRectCorner: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt
  /// Corners from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Top left.
  public static let topLeft = UIRectCorner(rawValue: 1)
  /// Top right.
  public static let topRight = UIRectCorner(rawValue: 2)
  /// Bottom left.
  public static let bottomLeft = UIRectCorner(rawValue: 4)
  /// Bottom right.
  public static let bottomRight = UIRectCorner(rawValue: 8)
  /// All four.
  public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path with its line attributes that draws itself into the current context (UIKit's
/// `UIBezierPath`). Coordinates are UIKit's: origin at the top left, y down; `clockwise`
/// means clockwise on screen.
open class UIBezierPath: @unchecked Sendable {
  private var path: CGMutablePath
  /// The line width (1 unless set).
  open var lineWidth: CGFloat = 1
  /// How lines end.
  open var lineCapStyle: CGLineCap = .butt
  /// How lines join.
  open var lineJoinStyle: CGLineJoin = .miter
  /// The miter limit.
  open var miterLimit: CGFloat = 10
  /// Accepted for compatibility (Cairo chooses its own tolerance).
  open var flatness: CGFloat = 0.6
  /// Whether fills and clips use the even-odd rule (non-zero winding otherwise).
  open var usesEvenOddFillRule = false
  private var dash: (pattern: [CGFloat], phase: CGFloat) = ([], 0)

  /// An empty path.
  public init() { path = CGMutablePath() }

  /// A closed rectangle.
  public convenience init(rect: CGRect) {
    self.init()
    path.addRect(rect)
  }

  /// A closed ellipse inside `rect`.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    path.addEllipse(in: rect)
  }

  /// A rectangle with every corner rounded by `cornerRadius` (at most half the shorter
  /// side).
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init(
      roundedRect: rect, byRoundingCorners: .allCorners,
      cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
  }

  /// A rectangle with some corners rounded by `cornerRadii` (each at most half the side).
  public convenience init(
    roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
  ) {
    self.init()
    let r = rect.standardized
    let rx = max(0, min(cornerRadii.width.isFinite ? cornerRadii.width : 0, r.width / 2))
    let ry = max(0, min(cornerRadii.height.isFinite ? cornerRadii.height : 0, r.height / 2))
    guard rx > 0, ry > 0, !corners.isEmpty else {
      path.addRect(r)
      return
    }
    func radius(_ corner: UIRectCorner) -> (CGFloat, CGFloat) {
      corners.contains(corner) ? (rx, ry) : (0, 0)
    }
    let topLeft = radius(.topLeft)
    let topRight = radius(.topRight)
    let bottomRight = radius(.bottomRight)
    let bottomLeft = radius(.bottomLeft)
    path.move(to: CGPoint(x: r.minX + topLeft.0, y: r.minY))
    func corner(
      _ radii: (CGFloat, CGFloat), _ cx: CGFloat, _ cy: CGFloat, _ start: CGFloat, _ point: CGPoint
    ) {
      guard radii.0 > 0 else { return path.addLine(to: point) }
      let t = CGAffineTransform(a: radii.0, b: 0, c: 0, d: radii.1, tx: cx, ty: cy)
      path.appendArc(radius: 1, start: start, sweep: .pi / 2, transform: t, lineToStart: true)
    }
    corner(
      topRight, r.maxX - topRight.0, r.minY + topRight.1, -.pi / 2, CGPoint(x: r.maxX, y: r.minY))
    corner(
      bottomRight, r.maxX - bottomRight.0, r.maxY - bottomRight.1, 0, CGPoint(x: r.maxX, y: r.maxY))
    corner(
      bottomLeft, r.minX + bottomLeft.0, r.maxY - bottomLeft.1, .pi / 2,
      CGPoint(x: r.minX, y: r.maxY))
    corner(topLeft, r.minX + topLeft.0, r.minY + topLeft.1, .pi, CGPoint(x: r.minX, y: r.minY))
    path.closeSubpath()
  }

  /// An open arc of the circle around `center` from `startAngle` to `endAngle` (radians
  /// from positive x towards positive y), clockwise on screen when `clockwise`.
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    self.init()
    addArc(
      withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise)
  }

  /// A path with `cgPath`'s elements.
  public convenience init(cgPath: CGPath) {
    self.init()
    path = cgPath.mutableCopy()
  }

  /// The Core Graphics path (a copy; setting replaces the elements).
  open var cgPath: CGPath {
    get { path.copy() }
    set { path = newValue.mutableCopy() }
  }

  /// Whether the path has no elements.
  open var isEmpty: Bool { path.isEmpty }
  /// The box of every point, control points included.
  open var bounds: CGRect { path.isEmpty ? .zero : path.boundingBox }
  /// The current point.
  open var currentPoint: CGPoint { path.currentPoint }

  /// Starts a subpath.
  open func move(to point: CGPoint) { path.move(to: point) }
  /// A line from the current point.
  open func addLine(to point: CGPoint) { path.addLine(to: point) }
  /// A cubic Bézier curve.
  open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
  }
  /// A quadratic Bézier curve.
  open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    path.addQuadCurve(to: endPoint, control: controlPoint)
  }
  /// An arc, clockwise on screen when `clockwise`, with a line from the current point.
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    // Clockwise on a y-down screen is Core Graphics' counter-clockwise.
    path.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: !clockwise)
  }
  /// Closes the subpath.
  open func close() { path.closeSubpath() }
  /// Removes every element.
  open func removeAllPoints() { path = CGMutablePath() }
  /// Adds another path's elements.
  open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }
  /// Maps every point by `transform`.
  open func apply(_ transform: CGAffineTransform) {
    path = path.copy(using: transform).mutableCopy()
  }

  /// Whether `point` is inside the filled area (with the path's fill rule).
  open func contains(_ point: CGPoint) -> Bool {
    path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  /// Sets the dash pattern: `count` lengths from `pattern` (on, off, …), `phase` into it;
  /// `nil` or zero for solid lines.
  open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
    guard let pattern, count > 0 else {
      dash = ([], 0)
      return
    }
    dash = ((0..<count).map { pattern[$0] }, phase)
  }

  /// Copies the dash pattern out: its count and phase, and the lengths when `pattern` has
  /// room.
  open func getLineDash(
    _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
    phase: UnsafeMutablePointer<CGFloat>?
  ) {
    if let pattern { for (index, length) in dash.pattern.enumerated() { pattern[index] = length } }
    count?.pointee = dash.pattern.count
    phase?.pointee = dash.phase
  }

  /// Fills the enclosed area with the current context's fill colour.
  open func fill() { fill(with: nil, alpha: 1) }

  /// Fills in `blendMode` at `alpha` with the current fill colour.
  open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
    fill(with: Optional(blendMode), alpha: alpha)
  }

  private func fill(with blendMode: CGBlendMode?, alpha: CGFloat) {
    paint(blendMode: blendMode, alpha: alpha) { context in
      context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
  }

  /// Adds the path to the current context in its own graphics state (blend mode, alpha)
  /// and runs `operation`.
  private func paint(
    blendMode: CGBlendMode?, alpha: CGFloat, _ operation: (CGContext) -> Void
  ) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    if let blendMode { context.setBlendMode(blendMode) }
    if alpha < 1 { context.setAlpha(alpha) }
    context.beginPath()
    context.addPath(path)
    operation(context)
    context.restoreGState()
  }

  /// Strokes the path with its line attributes and the current stroke colour.
  open func stroke() { stroke(with: nil, alpha: 1) }

  /// Strokes in `blendMode` at `alpha`.
  open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
    stroke(with: Optional(blendMode), alpha: alpha)
  }

  private func stroke(with blendMode: CGBlendMode?, alpha: CGFloat) {
    paint(blendMode: blendMode, alpha: alpha) { context in
      context.setLineWidth(lineWidth)
      context.setLineCap(lineCapStyle)
      context.setLineJoin(lineJoinStyle)
      context.setMiterLimit(miterLimit)
      context.setLineDash(phase: dash.phase, lengths: dash.pattern)
      context.strokePath()
    }
  }

  /// Intersects the current context's clip with the enclosed area.
  open func addClip() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.beginPath()
    context.addPath(path)
    context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
  }
}
