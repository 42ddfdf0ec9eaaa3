import CCairo
import Foundation

/// What a path element does (Core Graphics' `CGPathElementType`).
public enum CGPathElementType: Int32, Sendable {
  /// Starts a subpath at one point.
  case moveToPoint = 0
  /// A line to one point.
  case addLineToPoint = 1
  /// A quadratic curve: control point, end point.
  case addQuadCurveToPoint = 2
  /// A cubic curve: two control points, end point.
  case addCurveToPoint = 3
  /// Closes the subpath.
  case closeSubpath = 4
}

/// One element of a path as ``CGPath/applyWithBlock(_:)`` hands it out.
public struct CGPathElement {
  /// The kind.
  public var type: CGPathElementType
  /// The points (0 to 3, see ``CGPathElementType``).
  public var points: UnsafeMutablePointer<CGPoint>
}

/// The rule that decides which points a path encloses.
public enum CGPathFillRule: Int, Sendable {
  /// Non-zero winding.
  case winding = 0
  /// Even-odd.
  case evenOdd = 1
}

/// How a line ends (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable {
  /// Square at the end point.
  case butt = 0
  /// A half circle.
  case round = 1
  /// A half square past the end point.
  case square = 2
}

/// How lines meet (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
  /// A sharp corner, up to the miter limit.
  case miter = 0
  /// A rounded corner.
  case round = 1
  /// A cut corner.
  case bevel = 2
}

/// An immutable path of lines and Bézier curves (Core Graphics' `CGPath`). Arcs and ellipses
/// are stored as cubic curves, as Core Graphics does.
public class CGPath: @unchecked Sendable, Hashable {
  /// One stored element.
  package enum Element: Hashable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, CGPoint)
    case curve(CGPoint, CGPoint, CGPoint)
    case close
  }

  package var elements: [Element]

  package init(elements: [Element]) { self.elements = elements }

  /// An empty path.
  public convenience init() { self.init(elements: []) }

  /// A rectangle.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    let path = CGMutablePath()
    path.addRect(rect, transform: transform?.pointee ?? .identity)
    self.init(elements: path.elements)
  }

  /// An ellipse inside `rect`.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    let path = CGMutablePath()
    path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
    self.init(elements: path.elements)
  }

  /// A rectangle with elliptical corners.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    let path = CGMutablePath()
    path.addRoundedRect(
      in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
      transform: transform?.pointee ?? .identity)
    self.init(elements: path.elements)
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { elements.isEmpty }

  /// The end of the last element (the subpath's start after a close), `.zero` for none.
  public var currentPoint: CGPoint {
    var start = CGPoint.zero
    var current = CGPoint.zero
    for element in elements {
      switch element {
      case .move(let p):
        start = p
        current = p
      case .line(let p), .quad(_, let p), .curve(_, _, let p): current = p
      case .close: current = start
      }
    }
    return current
  }

  /// Every point, control points included.
  private var allPoints: [CGPoint] {
    elements.flatMap { element -> [CGPoint] in
      switch element {
      case .move(let p), .line(let p): return [p]
      case .quad(let c, let p): return [c, p]
      case .curve(let c1, let c2, let p): return [c1, c2, p]
      case .close: return []
      }
    }
  }

  /// The smallest rectangle holding every point, control points included (`.null` when
  /// empty).
  public var boundingBox: CGRect {
    let points = allPoints
    guard let first = points.first else { return .null }
    var box = CGRect(origin: first, size: .zero)
    for point in points.dropFirst() { box = box.union(CGRect(origin: point, size: .zero)) }
    return box
  }

  /// The smallest rectangle holding the path's lines and curves (not their control points).
  public var boundingBoxOfPath: CGRect {
    guard !elements.isEmpty else { return .null }
    return ScratchContext.with { cr in
      add(to: cr)
      return Cairo.extents(cr, cairo_path_extents)
    }
  }

  /// Whether `point` is inside the path's filled area under `rule` (after `transform`).
  public func contains(
    _ point: CGPoint, using rule: CGPathFillRule = .winding,
    transform: CGAffineTransform = .identity
  ) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    let path = transform.isIdentity ? self : copy(using: transform)
    return ScratchContext.with { cr in
      path.add(to: cr)
      cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
      return cairo_in_fill(cr, Double(point.x), Double(point.y)) != 0
    }
  }

  /// The path with every point mapped by `transform`.
  public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath {
    copy(using: transform?.pointee ?? .identity)
  }

  package func copy(using transform: CGAffineTransform) -> CGPath {
    CGPath(elements: elements.map { $0.applying(transform) })
  }

  /// An immutable copy.
  public func copy() -> CGPath { CGPath(elements: elements) }

  /// A mutable copy.
  public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

  /// Calls `block` with each element in order.
  public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
    let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
    defer { points.deallocate() }
    points.initialize(repeating: .zero, count: 3)
    for element in elements {
      let type: CGPathElementType
      switch element {
      case .move(let p):
        type = .moveToPoint
        points[0] = p
      case .line(let p):
        type = .addLineToPoint
        points[0] = p
      case .quad(let c, let p):
        type = .addQuadCurveToPoint
        points[0] = c
        points[1] = p
      case .curve(let c1, let c2, let p):
        type = .addCurveToPoint
        points[0] = c1
        points[1] = c2
        points[2] = p
      case .close: type = .closeSubpath
      }
      var handed = CGPathElement(type: type, points: points)
      block(&handed)
    }
  }

  /// Adds the path to a Cairo context's current path (mapped by its matrix).
  package func add(to cr: OpaquePointer) {
    var current = CGPoint.zero
    var start = CGPoint.zero
    for element in elements {
      switch element {
      case .move(let p):
        cairo_move_to(cr, Double(p.x), Double(p.y))
        current = p
        start = p
      case .line(let p):
        cairo_line_to(cr, Double(p.x), Double(p.y))
        current = p
      case .quad(let c, let p):
        // The cubic with the same curve.
        let c1 = CGPoint(
          x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
        let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
        cairo_curve_to(
          cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
        current = p
      case .curve(let c1, let c2, let p):
        cairo_curve_to(
          cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
        current = p
      case .close:
        cairo_close_path(cr)
        current = start
      }
    }
  }

  /// Equal elements.
  public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

  /// Hashes the elements.
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension CGPath.Element {
  func applying(_ t: CGAffineTransform) -> CGPath.Element {
    if t.isIdentity { return self }
    switch self {
    case .move(let p): return .move(p.applying(t))
    case .line(let p): return .line(p.applying(t))
    case .quad(let c, let p): return .quad(c.applying(t), p.applying(t))
    case .curve(let c1, let c2, let p): return .curve(c1.applying(t), c2.applying(t), p.applying(t))
    case .close: return .close
    }
  }
}

/// A path that grows (Core Graphics' `CGMutablePath`). A drawing element without a current
/// point starts a subpath at its first point.
public final class CGMutablePath: CGPath, @unchecked Sendable {
  /// An empty path.
  public init() { super.init(elements: []) }

  package override init(elements: [Element]) { super.init(elements: elements) }

  private var hasCurrentPoint: Bool { !elements.isEmpty }

  private func append(_ element: Element, _ t: CGAffineTransform) {
    elements.append(element.applying(t))
  }

  /// Starts a subpath at `point`.
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    append(.move(point), transform)
  }

  /// A line from the current point to `point`.
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    if !hasCurrentPoint { return move(to: point, transform: transform) }
    append(.line(point), transform)
  }

  /// Lines through `points`, starting a subpath at the first.
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    guard let first = points.first else { return }
    move(to: first, transform: transform)
    for point in points.dropFirst() { append(.line(point), transform) }
  }

  /// A cubic Bézier curve from the current point.
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
  ) {
    if !hasCurrentPoint { move(to: control1, transform: transform) }
    append(.curve(control1, control2, end), transform)
  }

  /// A quadratic Bézier curve from the current point.
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) {
    if !hasCurrentPoint { move(to: control, transform: transform) }
    append(.quad(control, end), transform)
  }

  /// Closes the current subpath.
  public func closeSubpath() {
    guard hasCurrentPoint else { return }
    elements.append(.close)
  }

  /// A closed rectangle (clockwise in a flipped, UIKit, space: left-top, right-top,
  /// right-bottom, left-bottom).
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
    append(.line(CGPoint(x: r.maxX, y: r.minY)), transform)
    append(.line(CGPoint(x: r.maxX, y: r.maxY)), transform)
    append(.line(CGPoint(x: r.minX, y: r.maxY)), transform)
    closeSubpath()
  }

  /// Closed rectangles.
  public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
    for rect in rects { addRect(rect, transform: transform) }
  }

  /// A closed ellipse inside `rect`.
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    let scale = CGAffineTransform(
      a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY
    )
    .concatenating(transform)
    move(to: CGPoint(x: 1, y: 0), transform: scale)
    appendArc(radius: 1, start: 0, sweep: 2 * .pi, transform: scale)
    closeSubpath()
  }

  /// A closed rectangle whose corners are quarter ellipses `cornerWidth` × `cornerHeight`
  /// (each at most half the side).
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    let r = rect.standardized
    let w = max(0, min(cornerWidth, r.width / 2))
    let h = max(0, min(cornerHeight, r.height / 2))
    guard w > 0, h > 0 else { return addRect(r, transform: transform) }
    func corner(_ cx: CGFloat, _ cy: CGFloat, _ start: CGFloat) {
      let t = CGAffineTransform(a: w, b: 0, c: 0, d: h, tx: cx, ty: cy).concatenating(transform)
      appendArc(radius: 1, start: start, sweep: .pi / 2, transform: t, lineToStart: true)
    }
    move(to: CGPoint(x: r.minX + w, y: r.minY), transform: transform)
    corner(r.maxX - w, r.minY + h, -.pi / 2)
    corner(r.maxX - w, r.maxY - h, 0)
    corner(r.minX + w, r.maxY - h, .pi / 2)
    corner(r.minX + w, r.minY + h, .pi)
    closeSubpath()
  }

  /// An arc of the circle around `center` from `startAngle` to `endAngle` (radians, from
  /// positive x towards positive y); `clockwise` as Core Graphics means it in an unflipped
  /// space: `false` sweeps towards increasing angles (clockwise on a flipped, UIKit, screen).
  /// A line joins the current point to the arc's start.
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {
    var sweep = endAngle - startAngle
    let full = 2 * CGFloat.pi
    // Within one turn, in the arc's direction (a whole turn stays whole).
    if clockwise {
      if sweep > 0 {
        sweep = sweep.truncatingRemainder(dividingBy: full)
        if sweep > 0 { sweep -= full }
      }
      sweep = max(sweep, -full)
    } else {
      if sweep < 0 {
        sweep = sweep.truncatingRemainder(dividingBy: full)
        if sweep < 0 { sweep += full }
      }
      sweep = min(sweep, full)
    }
    addRelativeArc(
      center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
  }

  /// An arc from `startAngle` turning by `delta` radians (positive towards increasing
  /// angles).
  public func addRelativeArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    guard radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
    let t = CGAffineTransform(translationX: center.x, y: center.y).concatenating(transform)
    appendArc(radius: radius, start: startAngle, sweep: delta, transform: t, lineToStart: true)
  }

  /// An arc tangent to the line from the current point to `tangent1End` and to the line
  /// from there to `tangent2End` (PostScript's `arct`), with a line to its start.
  public func addArc(
    tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    guard hasCurrentPoint else { return move(to: tangent1End, transform: transform) }
    // The current point in user space (before `transform`): undo it.
    let p0 = currentPoint.applying(transform.inverted())
    let p1 = tangent1End
    let p2 = tangent2End
    let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
    let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
    let l1 = hypot(v1.x, v1.y)
    let l2 = hypot(v2.x, v2.y)
    let cross = v1.x * v2.y - v1.y * v2.x
    guard l1 > 0, l2 > 0, abs(cross) > 1e-12, radius > 0 else {
      return append(.line(p1), transform)
    }
    let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))
    let distance = radius / tan(angle / 2)
    let start = CGPoint(x: p1.x + v1.x / l1 * distance, y: p1.y + v1.y / l1 * distance)
    let end = CGPoint(x: p1.x + v2.x / l2 * distance, y: p1.y + v2.y / l2 * distance)
    // The centre is `radius` from both tangent points, on the inner side.
    let bisector = CGPoint(x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
    let bl = hypot(bisector.x, bisector.y)
    let centerDistance = radius / sin(angle / 2)
    let center = CGPoint(
      x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
    let a0 = atan2(start.y - center.y, start.x - center.x)
    let a1 = atan2(end.y - center.y, end.x - center.x)
    var sweep = a1 - a0
    // The short way round, in the turn's direction.
    if sweep > .pi { sweep -= 2 * .pi }
    if sweep < -.pi { sweep += 2 * .pi }
    let t = CGAffineTransform(translationX: center.x, y: center.y).concatenating(transform)
    appendArc(radius: radius, start: a0, sweep: sweep, transform: t, lineToStart: true)
  }

  /// Another path's elements.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    elements.append(contentsOf: path.elements.map { $0.applying(transform) })
  }

  /// Cubic curves for an arc of a circle of `radius` around the origin of `transform`'s
  /// space, in pieces of at most a quarter turn. With `lineToStart`, a line (or a move,
  /// without a current point) to the arc's start first.
  package func appendArc(
    radius: CGFloat, start: CGFloat, sweep: CGFloat, transform: CGAffineTransform,
    lineToStart: Bool = false
  ) {
    let first = CGPoint(x: radius * cos(start), y: radius * sin(start))
    if lineToStart {
      if hasCurrentPoint {
        append(.line(first), transform)
      } else {
        append(.move(first), transform)
      }
    }
    guard sweep != 0 else { return }
    let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / CGFloat(pieces)
    let k = 4 / 3 * tan(step / 4)
    var angle = start
    for _ in 0..<pieces {
      let next = angle + step
      let p0 = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
      let p3 = CGPoint(x: radius * cos(next), y: radius * sin(next))
      let c1 = CGPoint(x: p0.x - k * radius * sin(angle), y: p0.y + k * radius * cos(angle))
      let c2 = CGPoint(x: p3.x + k * radius * sin(next), y: p3.y - k * radius * cos(next))
      append(.curve(c1, c2, p3), transform)
      angle = next
    }
  }
}

/// A tiny Cairo context to ask geometry questions (in-fill, extents) of a path.
enum ScratchContext {
  static func with<T>(_ body: (OpaquePointer) -> T) -> T {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
    let cr = cairo_create(surface)!
    defer {
      cairo_destroy(cr)
      cairo_surface_destroy(surface)
    }
    return body(cr)
  }
}
