/// The drawing side of a view (Core Animation's `CALayer`): corner radius and masked corners,
/// border, opacity, and the in-flight values of animations.
///
/// A view's layer shares the view's geometry: `layer.frame` is `view.frame`,
/// `layer.opacity` is `view.alpha`. ``presentation()`` returns a detached copy with the values
/// on screen at the clock's current time.
@MainActor
open class CALayer {
  /// The view this layer backs (`nil` for presentation copies).
  /// (Not `weak`, see ``UIView/superview``: the view clears it in its `deinit`.)
  public internal(set) unowned(unsafe) var delegateView: UIView?
  private var detachedFrame = CGRect.zero
  private var detachedOpacity: Float = 1
  private var isPresentationCopy = false
  var frameAnimations: [PropertyAnimation] = []
  var opacityAnimations: [PropertyAnimation] = []

  init(view: UIView) {
    delegateView = view
  }

  /// A layer that no view backs.
  public init() {}

  /// The frame (the view's, for a view's layer).
  open var frame: CGRect {
    get { delegateView?.frame ?? detachedFrame }
    set {
      if let delegateView { delegateView.frame = newValue } else { detachedFrame = newValue }
    }
  }

  /// The bounds: origin zero, the frame's size.
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  /// The centre of the frame in the superlayer's coordinates.
  open var position: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

  /// Opacity, 0…1 (the view's `alpha`).
  open var opacity: Float {
    get { delegateView.map { Float($0.alpha) } ?? detachedOpacity }
    set {
      if let delegateView {
        delegateView.alpha = CGFloat(newValue)
      } else {
        detachedOpacity = newValue
      }
    }
  }

  /// Corner radius in points.
  open var cornerRadius: CGFloat = 0
  /// Which corners ``cornerRadius`` rounds (all by default).
  open var maskedCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
  /// Border width in points.
  open var borderWidth: CGFloat = 0
  /// Border colour.
  open var borderColor: CGColor?
  /// Whether content is clipped to the rounded bounds.
  open var masksToBounds = false
  /// Shadow colour.
  open var shadowColor: CGColor?
  /// Shadow opacity, 0…1.
  open var shadowOpacity: Float = 0
  /// Shadow blur radius.
  open var shadowRadius: CGFloat = 3
  /// Shadow offset.
  open var shadowOffset = CGSize(width: 0, height: -3)
  /// Drawing order among siblings.
  open var zPosition: CGFloat = 0
  /// The fill colour (the view's background colour, for a view's layer).
  open var backgroundColor: CGColor? {
    get { delegateView.map { $0.backgroundColor?.cgColor } ?? detachedBackground }
    set {
      if let delegateView {
        delegateView.backgroundColor = newValue.map {
          UIColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
        }
      } else {
        detachedBackground = newValue
      }
    }
  }
  private var detachedBackground: CGColor?

  /// Whether the layer paints every pixel of its bounds opaquely (the view's `isOpaque`, for
  /// a view's layer; `false` unless set for a layer of its own, as Core Animation). A hint:
  /// drawing does not depend on it.
  open var isOpaque: Bool {
    get { delegateView?.isOpaque ?? detachedOpaque }
    set {
      if let delegateView { delegateView.isOpaque = newValue } else { detachedOpaque = newValue }
    }
  }
  private var detachedOpaque = false
  private var detachedHidden = false

  /// Whether the layer (and its sublayers) is not drawn (the view's `isHidden`, for a
  /// view's layer).
  open var isHidden: Bool {
    get { delegateView?.isHidden ?? detachedHidden }
    set {
      if let delegateView { delegateView.isHidden = newValue } else { detachedHidden = newValue }
    }
  }

  /// The shape the shadow takes instead of the rounded bounds (view space); with it, the
  /// shadow is drawn even without a background colour.
  open var shadowPath: CGPath?

  /// A layer whose alpha masks this layer and its content (drawn in this layer's space;
  /// its sublayers mask too).
  open var mask: CALayer?

  /// An image drawn over the bounds (a `CGImage`; other values are ignored), under what
  /// ``draw(in:)`` draws.
  open var contents: Any?

  /// Layers that no view backs, drawn over the content and under the subviews' layers,
  /// in order.
  open private(set) var sublayers: [CALayer]?

  /// The layer this one was added to.
  open private(set) weak var superlayer: CALayer?

  /// Adds `layer` over the other sublayers (taking it from its superlayer).
  open func addSublayer(_ layer: CALayer) {
    insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
  }

  /// Inserts `layer` among the sublayers at `index` (clamped).
  open func insertSublayer(_ layer: CALayer, at index: UInt32) {
    guard layer !== self else { return }
    layer.removeFromSuperlayer()
    var list = sublayers ?? []
    list.insert(layer, at: min(Int(index), list.count))
    sublayers = list
    layer.superlayer = self
  }

  /// Takes the layer from its superlayer.
  open func removeFromSuperlayer() {
    guard let superlayer else { return }
    superlayer.sublayers?.removeAll { $0 === self }
    if superlayer.sublayers?.isEmpty == true { superlayer.sublayers = nil }
    self.superlayer = nil
  }

  /// How many times the content was marked for redrawing.
  public private(set) var displayGeneration = 0

  /// Marks the content for redrawing (a view's layer marks its view).
  open func setNeedsDisplay() {
    displayGeneration += 1
    delegateView?.setNeedsDisplay()
  }

  /// Override point: draws the layer's content in its bounds (the contents image, a
  /// shape, a gradient). A view's layer asks its view's `draw(_:)` instead.
  open func draw(in ctx: CGContext) {
    if let cgImage = contents as? CGImage {
      ctx.saveGState()
      ctx.translateBy(x: 0, y: bounds.height)
      ctx.scaleBy(x: 1, y: -1)
      ctx.draw(cgImage, in: CGRect(origin: .zero, size: bounds.size))
      ctx.restoreGState()
    }
  }

  /// Draws the layer and its sublayers (the view's whole tree, for a view's layer) into
  /// `ctx` at its current transform, the layer's bounds at the origin, as on screen now.
  open func render(in ctx: CGContext) {
    let time = (delegateView?.window?.clock ?? UIView.fallbackClock).now
    if let view = delegateView, view.paintsOpaqueRectangle(at: time) {
      _ = ctx.skipClear(coveringOpaquely: CGRect(origin: .zero, size: view.bounds.size))
    }
    ctx.drawDirectly { cr in
      let painter = ViewTreePainter(
        cr: cr, time: time, hooks: delegateView?.window?.capturePaintingHooks)
      if let delegateView {
        painter.paint(root: delegateView)
      } else {
        painter.paintDetached(self)
      }
    }
  }

  /// Whether this is a presentation copy.
  public var isPresentation: Bool { isPresentationCopy }

  /// The values on screen now: a detached copy with every in-flight animation applied at
  /// the view's clock's current time; `nil` for a presentation copy.
  open func presentation() -> CALayer? {
    guard !isPresentationCopy else { return nil }
    let time = (delegateView?.window?.clock ?? UIView.fallbackClock).now
    return presentation(at: time)
  }

  /// The values on screen at `time` on the view's clock.
  public func presentation(at time: TimeInterval) -> CALayer {
    let copy = CALayer()
    copy.isPresentationCopy = true
    copy.detachedFrame = presentedFrame(at: time)
    copy.detachedOpacity = Float(
      presentedValue(.opacity, model: SIMD4(Double(opacity), 0, 0, 0), at: time).x)
    copy.cornerRadius = cornerRadius
    copy.maskedCorners = maskedCorners
    copy.borderWidth = borderWidth
    copy.borderColor = borderColor
    copy.masksToBounds = masksToBounds
    copy.shadowColor = shadowColor
    copy.shadowOpacity = shadowOpacity
    copy.shadowRadius = shadowRadius
    copy.shadowOffset = shadowOffset
    copy.zPosition = zPosition
    copy.isOpaque = isOpaque
    return copy
  }

  /// The model layer (itself).
  open func model() -> CALayer { self }

  /// The keys of animations still in flight (`"frame"`, `"opacity"`), or `nil` for none.
  open func animationKeys() -> [String]? {
    let now = (delegateView?.window?.clock ?? UIView.fallbackClock).now
    let keys = CAAnimationKey.allCases.filter { key in
      (key == .frame ? frameAnimations : opacityAnimations).contains {
        now < $0.end
      }
    }
    return keys.isEmpty ? nil : keys.map(\.rawValue)
  }

  /// Drops every animation: the presentation jumps to the model values.
  open func removeAllAnimations() {
    frameAnimations = []
    opacityAnimations = []
  }

  /// The frame on screen at `time` (``presentation(at:)``'s frame, without making a copy):
  /// what a renderer draws for each layer of a frame.
  public func presentationFrame(at time: TimeInterval) -> CGRect {
    presentedFrame(at: time)
  }

  /// The opacity on screen at `time`.
  public func presentationOpacity(at time: TimeInterval) -> Float {
    if opacityAnimations.isEmpty { return opacity }
    return Float(presentedValue(.opacity, model: SIMD4(Double(opacity), 0, 0, 0), at: time).x)
  }

  /// The frame on screen at `time`.
  func presentedFrame(at time: TimeInterval) -> CGRect {
    let model = frame
    if frameAnimations.isEmpty { return model }
    let values = presentedValue(
      .frame,
      model: SIMD4(
        Double(model.minX), Double(model.minY), Double(model.width), Double(model.height)),
      at: time)
    return CGRect(x: values.x, y: values.y, width: values.z, height: values.w)
  }

  /// The model plus each in-flight animation's remaining offset (animations are additive,
  /// as UIKit's are: a new one starts from what is on screen).
  func presentedValue(_ key: CAAnimationKey, model: SIMD4<Double>, at time: TimeInterval)
    -> SIMD4<Double>
  {
    let list = key == .frame ? frameAnimations : opacityAnimations
    if list.isEmpty { return model }
    var values = model
    var expired = false
    for animation in list {
      let remaining = animation.remaining(at: time)
      if remaining == 0 {
        expired = expired || time >= animation.end
        continue
      }
      values += animation.delta * remaining
    }
    if expired, time >= (delegateView?.window?.clock ?? UIView.fallbackClock).now {
      let live = list.filter { time < $0.end }
      if key == .frame { frameAnimations = live } else { opacityAnimations = live }
    }
    return values
  }
}

/// A property a view animation changes.
enum CAAnimationKey: String, CaseIterable {
  case frame
  case opacity
}
