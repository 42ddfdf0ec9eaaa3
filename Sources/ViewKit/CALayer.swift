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
  /// Animations added with ``add(_:forKey:)``, in the order added.
  var explicitAnimations: [LayerAnimation] = []
  /// Names the clock of a layer no view backs (a map overlay's layer: its map's clock).
  package var clockProvider: (@MainActor () -> (any MainClock)?)?
  /// Called when an animation is added or removed (a map's layer starts drawing frames).
  package var onAnimationsChanged: (@MainActor () -> Void)?

  /// A layer backing `view` (a view class that names its own layer class makes it).
  package init(view: UIView) {
    delegateView = view
  }

  /// A layer that no view backs.
  public init() {}

  /// The frame (the view's, for a view's layer).
  open var frame: CGRect {
    get { delegateView?.frame ?? detachedFrame }
    set {
      if let delegateView {
        delegateView.frame = newValue
      } else {
        let old = detachedFrame
        changeAnimatableValue(forKey: "position") {
          detachedFrame.origin = CGPoint(
            x: newValue.midX - old.width / 2, y: newValue.midY - old.height / 2)
        }
        changeAnimatableValue(forKey: "bounds") { detachedFrame = newValue }
      }
    }
  }

  /// The bounds: origin zero, the frame's size. Setting it resizes the frame about its
  /// centre.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set {
      let center = position
      frame = CGRect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
    }
  }

  /// The centre of the frame in the superlayer's coordinates. Setting it moves the frame.
  open var position: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      let size = frame.size
      frame = CGRect(
        x: newValue.x - size.width / 2, y: newValue.y - size.height / 2, width: size.width,
        height: size.height)
    }
  }

  /// Opacity, 0…1 (the view's `alpha`).
  open var opacity: Float {
    get { delegateView.map { Float($0.alpha) } ?? detachedOpacity }
    set {
      if let delegateView {
        delegateView.alpha = CGFloat(newValue)
      } else {
        changeAnimatableValue(forKey: "opacity") { detachedOpacity = newValue }
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
    let time = animationClock.now
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
    let time = animationClock.now
    return presentation(at: time)
  }

  /// The values on screen at `time` on the view's clock.
  public func presentation(at time: TimeInterval) -> CALayer {
    let copy = CALayer()
    copy.isPresentationCopy = true
    copy.detachedFrame = presentedFrame(at: time)
    copy.detachedOpacity = presentationOpacity(at: time)
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

  /// The keys of animations on the layer: `"frame"` and `"opacity"` while view animations
  /// are in flight, then the keys of animations added with ``add(_:forKey:)`` (in the order
  /// added, until they are removed); `nil` for none.
  open func animationKeys() -> [String]? {
    let now = animationClock.now
    let keys = CAAnimationKey.allCases.filter { key in
      (key == .frame ? frameAnimations : opacityAnimations).contains {
        now < $0.end
      }
    }
    let all = keys.map(\.rawValue) + explicitAnimations.filter(\.isNamed).map(\.key)
    return all.isEmpty ? nil : all
  }

  /// Drops every animation: the presentation jumps to the model values; the delegates of
  /// animations still running hear `animationDidStop(_:finished: false)`.
  open func removeAllAnimations() {
    frameAnimations = []
    opacityAnimations = []
    removeExplicitAnimations { _ in true }
  }

  /// Adds an animation (a ``CABasicAnimation``) under `key`, replacing the one with that key
  /// (whose delegate hears it did not finish). It starts at its ``CAAnimation/beginTime`` (0:
  /// now) on the layer's clock and shows its values over the model value until it ends; the
  /// model value does not change (set it too, to keep the end value).
  open func add(_ anim: CAAnimation, forKey key: String?) {
    addAnimation(anim, forKey: key)
  }

  /// The animation added under `key`, while it is on the layer.
  open func animation(forKey key: String) -> CAAnimation? {
    explicitAnimations.last { $0.key == key }?.animation
  }

  /// Removes the animation added under `key`: the model value shows at once and its delegate
  /// hears `animationDidStop(_:finished: false)` on the clock.
  open func removeAnimation(forKey key: String) {
    removeExplicitAnimations { $0.key == key }
  }

  /// The action run when the property `event` changes: for a layer no view backs, inside a
  /// ``CATransaction`` whose actions are not disabled, an animation of `event` over the
  /// transaction's duration; `nil` otherwise (a view's layer animates in
  /// `UIView.animate` blocks instead, as UIKit's).
  open func action(forKey event: String) -> (any CAAction)? {
    delegateView == nil ? implicitAnimation(forKey: event) : nil
  }

  /// The value of the property named `key` (`"opacity"`, `"position"`, `"bounds"`, `"frame"`,
  /// `"cornerRadius"`, `"borderWidth"`, `"zPosition"`, `"shadowOpacity"`, `"shadowRadius"`),
  /// `nil` for another key. Subclasses add theirs.
  open func value(forKey key: String) -> Any? {
    switch key {
    case "opacity": opacity
    case "position": position
    case "bounds": bounds
    case "frame": frame
    case "cornerRadius": cornerRadius
    case "borderWidth": borderWidth
    case "zPosition": zPosition
    case "shadowOpacity": shadowOpacity
    case "shadowRadius": shadowRadius
    default: nil
    }
  }

  /// Sets the property named `key` (see ``value(forKey:)``) from a number, point or
  /// rectangle; other keys and values are ignored.
  open func setValue(_ value: Any?, forKey key: String) {
    guard let v = AnimatedValue(value)?.components else { return }
    switch key {
    case "opacity": opacity = Float(v.x)
    case "position": position = CGPoint(x: v.x, y: v.y)
    case "bounds": bounds = CGRect(x: v.x, y: v.y, width: v.z, height: v.w)
    case "frame": frame = CGRect(x: v.x, y: v.y, width: v.z, height: v.w)
    case "cornerRadius": cornerRadius = CGFloat(v.x)
    case "borderWidth": borderWidth = CGFloat(v.x)
    case "zPosition": zPosition = CGFloat(v.x)
    case "shadowOpacity": shadowOpacity = Float(v.x)
    case "shadowRadius": shadowRadius = CGFloat(v.x)
    default: break
    }
  }

  /// The value at a key path: a key (``value(forKey:)``) or a key and members
  /// (`"position.x"`, `"bounds.size.width"`).
  open func value(forKeyPath keyPath: String) -> Any? {
    valueAtKeyPath(keyPath)
  }

  /// The frame on screen at `time` (``presentation(at:)``'s frame, without making a copy):
  /// what a renderer draws for each layer of a frame.
  public func presentationFrame(at time: TimeInterval) -> CGRect {
    presentedFrame(at: time)
  }

  /// The opacity on screen at `time`.
  public func presentationOpacity(at time: TimeInterval) -> Float {
    if opacityAnimations.isEmpty && explicitAnimations.isEmpty { return opacity }
    let model = SIMD4(Double(opacity), 0, 0, 0)
    var shown = opacityAnimations.isEmpty ? model : presentedValue(.opacity, model: model, at: time)
    if !explicitAnimations.isEmpty {
      shown = applyingExplicitAnimations("opacity", to: shown, model: model, at: time)
    }
    return Float(shown.x)
  }

  /// The frame on screen at `time`.
  func presentedFrame(at time: TimeInterval) -> CGRect {
    let model = frame
    if frameAnimations.isEmpty && explicitAnimations.isEmpty { return model }
    var shown = model
    if !frameAnimations.isEmpty {
      let values = presentedValue(
        .frame,
        model: SIMD4(
          Double(model.minX), Double(model.minY), Double(model.width), Double(model.height)),
        at: time)
      shown = CGRect(x: values.x, y: values.y, width: values.z, height: values.w)
    }
    if !explicitAnimations.isEmpty { shown = applyingExplicitGeometry(to: shown, at: time) }
    return shown
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
    if expired, time >= animationClock.now {
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
