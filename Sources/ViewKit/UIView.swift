import CCairo

/// A rectangle on screen that draws, holds subviews and takes part in Auto Layout (UIKit's
/// `UIView`).
///
/// Frames are in the superview's coordinates. Views made in code translate their frame into
/// constraints (``translatesAutoresizingMaskIntoConstraints`` is `true`) until told not to.
/// Each tree has one solver, owned by its root view (a ``UIWindow`` once attached).
@MainActor
open class UIView: LayoutItem {
  @exclusivity(unchecked) var frameStorage: CGRect
  @exclusivity(unchecked) var boundsOrigin = CGPoint.zero
  @exclusivity(unchecked) var _layoutState: LayoutItemState?
  @exclusivity(unchecked) var _engine: LayoutEngine?
  @exclusivity(unchecked) var anchorCache = AnchorCache()
  @exclusivity(unchecked) var needsLayoutFlag = false
  @exclusivity(unchecked) var needsUpdateConstraintsFlag = false
  var rootLayoutIssues: [LayoutIssue] = []
  @exclusivity(unchecked) var guides: [UILayoutGuide] = []
  @exclusivity(unchecked) var _safeAreaGuide: UILayoutGuide?
  @exclusivity(unchecked) var _marginsGuide: UILayoutGuide?
  @exclusivity(unchecked) var hugging = AxisPriorities(.defaultLow, .defaultLow)
  @exclusivity(unchecked) var compression = AxisPriorities(.defaultHigh, .defaultHigh)
  @exclusivity(unchecked) var translatesStorage = true
  /// Whether the view is a ``UIWindow`` (set by its init: `window` and frame changes test
  /// it instead of a dynamic cast).
  @exclusivity(unchecked) var isWindowView = false
  @exclusivity(unchecked) var marginsStorage = NSDirectionalEdgeInsets(
    top: 8, leading: 8, bottom: 8, trailing: 8)
  @exclusivity(unchecked) var insetsFromSafeAreaStorage = true
  weak var owningController: UIViewController?
  var recognizers: [UIGestureRecognizer] = []
  /// How the frame follows the superview's size when it translates into constraints.
  public var autoresizingMask: AutoresizingMask = []

  /// The superview, or `nil` for a root. Not `weak` (a weak reference gives the view a side
  /// table, which slows every retain and release of it): the superview owns its subviews and
  /// clears this in its `deinit`.
  @exclusivity(unchecked) public internal(set) unowned(unsafe) var superview: UIView? {
    didSet {
      // (No closure: its main-actor isolation would be checked at run time.)
      if let superview {
        superviewRef = Unmanaged.passUnretained(superview)
      } else {
        superviewRef = nil
      }
    }
  }
  /// ``superview`` as an unmanaged reference: walks up the tree take no reference.
  @exclusivity(unchecked) var superviewRef: Unmanaged<UIView>?
  /// The subviews, back to front.
  @exclusivity(unchecked) public internal(set) var subviews: [UIView] = []
  @exclusivity(unchecked) package var layerStorage: CALayer?
  /// The view's Core Animation layer: corner radius, border, opacity, presentation values.
  /// Open so a view can name a layer subclass of its own (the map view's `GMSMapLayer`).
  open var layer: CALayer {
    if let layerStorage { return layerStorage }
    let layer = CALayer(view: self)
    layerStorage = layer
    return layer
  }

  /// A view with a frame in its future superview's coordinates.
  public init(frame: CGRect) {
    frameStorage = frame
  }

  /// Clears the unowned back references to the view (its subviews' superview, its layer's,
  /// guides' and layout variables' owner), as weak references would be.
  isolated deinit {
    for subview in subviews where subview.superview === self { subview.superview = nil }
    layerStorage?.delegateView = nil
    _layoutState?.ownerView = nil
    _layoutState?.removeAllReferences()
    for guide in guides where guide.owningView === self { guide.owningView = nil }
    if let guide = _safeAreaGuide, guide.owningView === self { guide.owningView = nil }
    if let guide = _marginsGuide, guide.owningView === self { guide.owningView = nil }
  }

  /// A view with a zero frame.
  public convenience init() {
    self.init(frame: .zero)
  }

  // MARK: - Appearance

  /// Whether the view (and its subtree) is hidden.
  @exclusivity(unchecked) open var isHidden = false {
    didSet {
      guard isHidden != oldValue else { return }
      (superview as? UIStackView)?.arrangedSubviewVisibilityChanged(self)
    }
  }
  /// Opacity, 0…1; animatable.
  open var alpha: CGFloat = 1 {
    didSet {
      if AnimationContext.current != nil {
        CALayer.recordChange(of: layer, key: .opacity, from: Double(oldValue))
      }
    }
  }
  /// Fill colour.
  open var backgroundColor: UIColor?
  /// Whether the view says it paints every pixel of its bounds opaquely (`true` unless set,
  /// as UIKit); its layer's ``CALayer/isOpaque``. A hint, as on iOS for views with an
  /// opaque background: the painter composites every view the same way either way.
  open var isOpaque = true
  /// The tint colour (inherited when `nil`).
  open var tintColor: UIColor? {
    get { tintStorage ?? superview?.tintColor }
    set { tintStorage = newValue }
  }
  private var tintStorage: UIColor?
  /// Whether subviews are clipped to the bounds.
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }
  /// How content fills the bounds.
  open var contentMode: ContentMode = .scaleToFill
  /// Whether the view receives touches.
  open var isUserInteractionEnabled = true
  /// An integer to find the view by (``viewWithTag(_:)``).
  open var tag = 0
  /// A name for tests and logs; constraint reports use it.
  @exclusivity(unchecked) open var accessibilityIdentifier: String?
  /// The spoken label.
  open var accessibilityLabel: String?
  /// The spoken value.
  open var accessibilityValue: String?
  /// The spoken hint.
  open var accessibilityHint: String?
  /// Accessibility traits.
  open var accessibilityTraits: UIAccessibilityTraits = .none
  /// Whether assistive technologies see this view as one element.
  open var isAccessibilityElement = false
  /// Whether assistive technologies skip this view and everything in it (false unless set).
  /// Kept as a property: nothing here reads accessibility elements aloud.
  open var accessibilityElementsHidden = false

  // MARK: - Direction

  /// How the view's content reads; decides which way leading and trailing go for the views
  /// it lays out.
  open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
    didSet {
      guard semanticContentAttribute != oldValue else { return }
      if oldValue == .unspecified { UIView.forcedDirectionCount += 1 }
      if semanticContentAttribute == .unspecified { UIView.forcedDirectionCount -= 1 }
      directionDidChange()
    }
  }

  /// How many views force a direction now (never decremented when such a view is freed, so
  /// it errs toward the exact walk up the tree). While 0, every view's direction is its
  /// window's and constraints skip that walk.
  static var forcedDirectionCount = 0

  /// The resolved layout direction: forced by ``semanticContentAttribute``, else the
  /// superview's, else the window's trait collection's.
  public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
    switch semanticContentAttribute {
    case .forceRightToLeft: return .rightToLeft
    case .forceLeftToRight, .playback, .spatial: return .leftToRight
    case .unspecified:
      if let superview { return superview.effectiveUserInterfaceLayoutDirection }
      return asWindow?.windowTraits.layoutDirection ?? .leftToRight
    }
  }

  /// The direction `attribute` resolves to in a view with no forced direction.
  public static func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute)
    -> UIUserInterfaceLayoutDirection
  {
    attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
  }

  func directionDidChange() {
    guard let engine = rootView._engine else { return }
    engine.directionChanged = true
    engine.isDirty = true
    setNeedsLayout()
  }

  /// The trait collection: the window's.
  open var traitCollection: UITraitCollection {
    window?.windowTraits ?? UITraitCollection()
  }

  /// Called when the trait collection changed.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  // MARK: - LayoutItem

  var layoutState: LayoutItemState {
    if let state = _layoutState { return state }
    let state = LayoutItemState()
    state.ownerView = self
    _layoutState = state
    return state
  }
  var layoutParentView: UIView? { superview }
  var layoutAnchorView: UIView? { self }
  var layoutName: String {
    if let accessibilityIdentifier { return accessibilityIdentifier }
    return String(describing: type(of: self)) + (tag != 0 ? "#\(tag)" : "")
  }
  var baselineOffsets: (first: CGFloat, last: CGFloat) {
    (firstBaselineOffsetFromTop, lastBaselineOffsetFromBottom)
  }

  /// The first baseline's distance from the top (the bottom for views without text).
  open var firstBaselineOffsetFromTop: CGFloat { frameStorage.height }
  /// The last baseline's distance from the bottom (0 for views without text).
  open var lastBaselineOffsetFromBottom: CGFloat { 0 }

  /// The view as a window, or nil.
  @inline(__always)
  var asWindow: UIWindow? { isWindowView ? unsafeDowncast(self, to: UIWindow.self) : nil }

  /// The root of the view's tree.
  var rootView: UIView {
    // (No closure such as `_withUnsafeGuaranteedRef`: its isolation is checked at run time.)
    unowned(unsafe) var view = self
    while let parent = view.superviewRef { view = parent.takeUnretainedValue() }
    return view
  }

  /// The root's layout engine, made on first use.
  var layoutEngine: LayoutEngine {
    // The walk of `rootView` without returning (and so retaining) the root.
    unowned(unsafe) var root = self
    while let parent = root.superviewRef { root = parent.takeUnretainedValue() }
    if let engine = root._engine { return engine }
    let engine = LayoutEngine(root: root)
    root._engine = engine
    // A tree without an engine keeps its views' needs-layout and needs-update-constraints
    // flags unqueued; its new engine queues them.
    root.queuePendingPasses()
    return engine
  }

  /// The engine of the view's tree, or nil when the tree has none: none is made, except for
  /// a window's tree (a window's tree is laid out; a detached subtree may never be).
  var existingLayoutEngine: LayoutEngine? {
    unowned(unsafe) var root = self
    while let parent = root.superviewRef { root = parent.takeUnretainedValue() }
    if let engine = root._engine { return engine }
    return root.isWindowView ? root.layoutEngine : nil
  }

  /// Queues, with the engine of the view's tree, the passes the views of its subtree were
  /// flagged for while their tree had no engine.
  func queuePendingPasses() {
    if needsLayoutFlag {
      needsLayoutFlag = false
      setNeedsLayout()
    }
    if needsUpdateConstraintsFlag {
      needsUpdateConstraintsFlag = false
      setNeedsUpdateConstraints()
    }
    // (A loop, not `forEachInSubtree`: a closure's main-actor isolation is checked at run
    // time.)
    for subview in subviews { subview.queuePendingPasses() }
  }

  var depth: Int {
    var count = 0
    unowned(unsafe) var view = self
    while let parent = view.superviewRef {
      count += 1
      view = parent.takeUnretainedValue()
    }
    return count
  }

  /// Conflicts and misuse found in this view's tree, oldest first.
  public var layoutIssues: [LayoutIssue] { rootView.rootLayoutIssues }

  /// Forgets the tree's recorded ``layoutIssues``.
  public func clearLayoutIssues() { rootView.rootLayoutIssues = [] }

  // MARK: - Override points

  /// How many times the view was marked for redrawing.
  public private(set) var displayGeneration = 0

  /// Marks the content for redrawing: ``draw(_:)`` runs again the next time the view is
  /// painted (until then, what it drew last is kept).
  open func setNeedsDisplay() { displayGeneration += 1 }

  /// Marks part of the content for redrawing (the whole view is redrawn).
  open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

  /// Override point for custom drawing: called with the bounds and a current context
  /// (``UIGraphicsGetCurrentContext()``, origin at the bounds' top left, in points) the
  /// first time the view is painted, after ``setNeedsDisplay()``, and when the bounds' size
  /// changes under content mode `.redraw`. What it draws is kept and painted on every
  /// frame, clipped to the bounds, over the background and under the subviews.
  open func draw(_ rect: CGRect) { baseDrawCalled = true }

  /// What ``draw(_:)`` drew last, kept for the frames until it is redrawn.
  package final class KeptDrawing {
    /// A recording surface of the drawing (bounded by the bounds, in points).
    package let surface: OpaquePointer
    /// The ``displayGeneration`` it was drawn at.
    package let generation: Int
    /// The bounds' size it was drawn in.
    package let size: CGSize
    /// The device scale it was recorded for.
    package let scale: Double

    package init(surface: OpaquePointer, generation: Int, size: CGSize, scale: Double) {
      self.surface = surface
      self.generation = generation
      self.size = size
      self.scale = scale
    }

    deinit { cairo_surface_destroy(surface) }
  }

  /// The kept drawing, if any.
  package var keptDrawing: KeptDrawing?
  /// Whether ``draw(_:)`` draws: unknown (`nil`) until the view is first painted; `false`
  /// when UIView's own `draw(_:)` ran and nothing was drawn.
  package var drawsOwnContent: Bool?
  /// Set by UIView's own ``draw(_:)``.
  package var baseDrawCalled = false
  /// How many times ``draw(_:)`` has drawn the view's content.
  package var redrawCount = 0

  /// Draws the view and its subviews, as on screen, stretched over `rect` of the current
  /// context (laid out first). `false` when there is no current context.
  @discardableResult
  open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = UIGraphicsGetCurrentContext() else { return false }
    layoutIfNeeded()
    let size = bounds.size
    guard size.width > 0, size.height > 0, rect.width.isFinite, rect.height.isFinite else {
      return true
    }
    if paintsOpaqueRectangle(at: (window?.clock ?? UIView.fallbackClock).now) {
      _ = context.skipClear(coveringOpaquely: rect)
    }
    context.saveGState()
    context.translateBy(x: rect.minX, y: rect.minY)
    context.scaleBy(x: rect.width / size.width, y: rect.height / size.height)
    layer.render(in: context)
    context.restoreGState()
    return true
  }

  /// Whether painting this view as a root at `time` starts by filling its bounds opaque:
  /// shown, an opaque background, square corners, no shadow or mask, opaque. A fresh image
  /// renderer's pixels under it then need no clearing (the renderer's own rule for its
  /// buffers).
  func paintsOpaqueRectangle(at time: TimeInterval) -> Bool {
    !isHidden && (backgroundColor?.alpha ?? 0) >= 1 && bounds.origin == .zero
      && layer.cornerRadius == 0 && layer.shadowOpacity == 0 && layer.mask == nil
      && layer.presentation(at: time).opacity >= 0.999
  }

  /// Whether `point` (in the view's coordinates) is inside its bounds.
  open func point(inside point: CGPoint, with event: AnyObject?) -> Bool {
    bounds.contains(point)
  }

  /// The deepest visible, interactive descendant containing `point`.
  open func hitTest(_ point: CGPoint, with event: AnyObject?) -> UIView? {
    guard !isHidden, alpha > 0.01, isUserInteractionEnabled, self.point(inside: point, with: event)
    else { return nil }
    for subview in subviews.reversed() {
      if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
    }
    return self
  }

  /// The size that fits `size`: the current size for plain views.
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

  /// Resizes the view to ``sizeThatFits(_:)``.
  open func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    frame = CGRect(origin: frame.origin, size: size)
  }

  /// The safe area insets: where the window's safe area (and the
  /// `additionalSafeAreaInsets` of controllers whose views contain this one) cuts into this
  /// view. The same rectangle as ``safeAreaLayoutGuide``'s `layoutFrame` after layout.
  /// A view wholly inside the unsafe area gets an empty safe area at the edge nearest the
  /// safe one (the insets never add up to more than the view's size).
  open var safeAreaInsets: UIEdgeInsets {
    guard let safe = safeAreaRectInRoot() else { return .zero }
    let mine = convert(bounds, to: nil)
    return UIEdgeInsets(
      top: safe.minY - mine.minY, left: safe.minX - mine.minX,
      bottom: mine.maxY - safe.maxY, right: mine.maxX - safe.maxX)
  }

  /// The insets this view's controller adds to its safe area.
  var additionalSafeArea: UIEdgeInsets { owningController?.additionalSafeAreaInsets ?? .zero }

  /// The nearest ancestor whose controller adds safe-area insets: the safe area of this
  /// view's subtree is measured from it instead of from the window.
  var safeAreaBase: UIView? {
    var view = superview
    while let candidate = view {
      if candidate.additionalSafeArea != .zero { return candidate }
      view = candidate.superview
    }
    return nil
  }

  /// The safe rectangle in the root's coordinates: the window's safe area (or the base's),
  /// clipped to the view, then inset by the view's own additional insets.
  func safeAreaRectInRoot() -> CGRect? {
    guard let window else { return nil }
    let add = additionalSafeArea
    if window === self {
      return bounds.inset(by: window.windowSafeAreaInsets).inset(by: add)
    }
    let mine = convert(bounds, to: nil)
    guard let outer = safeAreaBase?.safeAreaRectInRoot() ?? window.safeAreaRectInRoot() else {
      return nil
    }
    // Each edge is the inner of the view's and the outer safe area's, moved in by the
    // view's own additional insets, and kept inside the view (never inverted).
    let left = min(max(mine.minX + add.left, outer.minX + add.left), mine.maxX)
    let top = min(max(mine.minY + add.top, outer.minY + add.top), mine.maxY)
    let right = max(min(mine.maxX - add.right, outer.maxX - add.right), left)
    let bottom = max(min(mine.maxY - add.bottom, outer.maxY - add.bottom), top)
    return CGRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Rebuilds the safe-area guides of the subtree (a controller's additional insets
  /// changed) and tells each view.
  func safeAreaDidChangeInSubtree() {
    forEachInSubtree { view in
      if let guide = view._safeAreaGuide, let engine = guide.layoutState.engine {
        guide.layoutState.ownKind = .none
        engine.markDirty(guide)
      }
      view.safeAreaInsetsDidChange()
      view.setNeedsLayout()
    }
  }

  /// Called before the superview changes.
  open func willMove(toSuperview newSuperview: UIView?) {}

  /// Called after the superview changed.
  open func didMoveToSuperview() {}

  /// Called before the window changes.
  open func willMove(toWindow newWindow: UIWindow?) {}

  /// Called after the window changed.
  open func didMoveToWindow() {}

  /// Called after a subview was added.
  open func didAddSubview(_ subview: UIView) {}

  /// Called before a subview is removed.
  open func willRemoveSubview(_ subview: UIView) {}

  /// The size the content wants; ``noIntrinsicMetric`` on an axis without one.
  open var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
  }

  /// Tells the layout engine that ``intrinsicContentSize`` changed.
  open func invalidateIntrinsicContentSize() {
    if let state = _layoutState, let engine = state.engine {
      engine.markDirty(self)
      superview?.setNeedsLayout()
    }
  }

  /// Override point: position subviews by hand after constraints were applied.
  open func layoutSubviews() {}

  /// Override point: update constraints before the layout pass.
  open func updateConstraints() {}

  /// Called after the margins changed.
  open func layoutMarginsDidChange() {}

  /// Called when the safe-area insets changed.
  open func safeAreaInsetsDidChange() {}
}
