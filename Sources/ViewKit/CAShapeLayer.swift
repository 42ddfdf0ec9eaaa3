/// A layer that draws a path (Core Animation's `CAShapeLayer`): filled, then stroked, in the
/// layer's space, from ``strokeStart`` to ``strokeEnd`` of the stroke's length.
@MainActor
open class CAShapeLayer: CALayer {
  /// The shape.
  open var path: CGPath?
  /// The fill colour (opaque black unless set; `nil` for none).
  open var fillColor: CGColor? = .black
  /// The fill rule.
  open var fillRule: CAShapeLayerFillRule = .nonZero
  /// The stroke colour (`nil` for none, the default).
  open var strokeColor: CGColor?
  /// The line width (1 unless set).
  open var lineWidth: CGFloat = 1
  /// The dash lengths (on, off, …), `nil` for solid.
  open var lineDashPattern: [NSNumber]?
  /// How far into the dash pattern the stroke starts.
  open var lineDashPhase: CGFloat = 0
  /// How lines end.
  open var lineCap: CAShapeLayerLineCap = .butt
  /// How lines join.
  open var lineJoin: CAShapeLayerLineJoin = .miter
  /// The miter limit.
  open var miterLimit: CGFloat = 10
  /// Where the stroke starts, 0…1 of the path's length.
  open var strokeStart: CGFloat = 0
  /// Where the stroke ends, 0…1 of the path's length.
  open var strokeEnd: CGFloat = 1

  /// An empty shape layer.
  public override init() { super.init() }

  /// Fills and strokes ``path``.
  open override func draw(in ctx: CGContext) {
    super.draw(in: ctx)
    guard let path else { return }
    if let fillColor, fillColor.alpha > 0 {
      ctx.setFillColor(fillColor)
      ctx.beginPath()
      ctx.addPath(path)
      ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
    }
    let start = min(max(strokeStart, 0), 1)
    let end = min(max(strokeEnd, 0), 1)
    guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0, end > start else { return }
    ctx.setStrokeColor(strokeColor)
    ctx.setLineWidth(lineWidth)
    ctx.setLineCap(lineCap.cgLineCap)
    ctx.setLineJoin(lineJoin.cgLineJoin)
    ctx.setMiterLimit(miterLimit)
    ctx.beginPath()
    ctx.addPath(path)
    let dashes = (lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
    if start > 0 || end < 1 {
      // The trimmed part as one dash from the start fraction to the end fraction (a dash
      // pattern and trimming together draw the trimmed part solid: Cairo has one dash
      // pattern a stroke).
      let length = ctx.lengthOfPath()
      guard length > 0 else { return ctx.beginPath() }
      ctx.setLineDash(phase: -start * length, lengths: [(end - start) * length, length * 2 + 1])
    } else if !dashes.isEmpty {
      ctx.setLineDash(phase: lineDashPhase, lengths: dashes)
    }
    ctx.strokePath()
  }
}

/// A shape layer's fill rule.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A rule by name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Non-zero winding.
  public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
  /// Even-odd.
  public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A shape layer's line cap.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A cap by name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Butt.
  public static let butt = CAShapeLayerLineCap(rawValue: "butt")
  /// Round.
  public static let round = CAShapeLayerLineCap(rawValue: "round")
  /// Square.
  public static let square = CAShapeLayerLineCap(rawValue: "square")

  var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// A shape layer's line join.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A join by name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Miter.
  public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
  /// Round.
  public static let round = CAShapeLayerLineJoin(rawValue: "round")
  /// Bevel.
  public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")

  var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// A layer filled with a gradient (Core Animation's `CAGradientLayer`): ``colors`` at
/// ``locations`` from ``startPoint`` to ``endPoint`` in unit coordinates of the bounds.
@MainActor
open class CAGradientLayer: CALayer {
  /// The colours (`CGColor`s).
  open var colors: [Any]?
  /// Their locations, 0…1 (spread evenly when `nil`).
  open var locations: [NSNumber]?
  /// Where the gradient starts, in unit coordinates (top centre by default).
  open var startPoint = CGPoint(x: 0.5, y: 0)
  /// Where it ends (bottom centre by default).
  open var endPoint = CGPoint(x: 0.5, y: 1)
  /// Axial (the default) or radial.
  open var type: CAGradientLayerType = .axial

  /// An empty gradient layer.
  public override init() { super.init() }

  /// Fills the bounds with the gradient, its end colours extended beyond the ends.
  open override func draw(in ctx: CGContext) {
    super.draw(in: ctx)
    let list = (colors ?? []).compactMap { $0 as? CGColor }
    guard !list.isEmpty,
      let gradient = CGGradient(
        colorsSpace: nil, colors: list,
        locations: locations.flatMap {
          $0.count == list.count ? $0.map { CGFloat($0.doubleValue) } : nil
        })
    else { return }
    let size = bounds.size
    let start = CGPoint(x: startPoint.x * size.width, y: startPoint.y * size.height)
    let end = CGPoint(x: endPoint.x * size.width, y: endPoint.y * size.height)
    ctx.saveGState()
    ctx.clip(to: CGRect(origin: .zero, size: size))
    if type == .radial {
      let radius = hypot(end.x - start.x, end.y - start.y)
      ctx.drawRadialGradient(
        gradient, startCenter: start, startRadius: 0, endCenter: start, endRadius: radius,
        options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    } else {
      ctx.drawLinearGradient(
        gradient, start: start, end: end,
        options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
    ctx.restoreGState()
  }
}

/// The kind of a gradient layer's gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  /// The name.
  public let rawValue: String
  /// A type by name.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Along a line.
  public static let axial = CAGradientLayerType(rawValue: "axial")
  /// Around a centre.
  public static let radial = CAGradientLayerType(rawValue: "radial")
}
