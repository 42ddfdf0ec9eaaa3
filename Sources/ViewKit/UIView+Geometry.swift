extension UIView {
  /// The frame in the superview's coordinates. Setting it on a view that translates its
  /// frame into constraints updates those constraints; inside `UIView.animate` the change is
  /// animated.
  public var frame: CGRect {
    get { frameStorage }
    set { setFrame(newValue, fromLayout: false) }
  }

  /// The bounds: the origin of the view's own coordinates and the frame's size.
  public var bounds: CGRect {
    get { CGRect(origin: boundsOrigin, size: frameStorage.size) }
    set {
      if newValue.origin != boundsOrigin {
        boundsOrigin = newValue.origin
        boundsOriginDidChange()
      }
      let center = self.center
      frame = CGRect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
    }
  }

  /// The subviews moved on screen: the safe-area guides below this view are measured again
  /// (their clamps to the window's safe area carry the scroll offsets above them).
  func boundsOriginDidChange() {
    for subview in subviews {
      subview.forEachInSubtree { view in
        if let guide = view._safeAreaGuide, let engine = guide.layoutState.engine {
          engine.markDirty(guide)
        }
      }
    }
  }

  /// The sum of the bounds origins from the superview up to and including `base` (the root
  /// when nil): how far the view's solver coordinates, which ignore bounds origins, are
  /// from the base's.
  func boundsOriginShift(upTo base: UIView?) -> CGPoint {
    var shift = CGPoint.zero
    var view = superview
    while let ancestor = view {
      shift.x += ancestor.boundsOrigin.x
      shift.y += ancestor.boundsOrigin.y
      if ancestor === base { break }
      view = ancestor.superview
    }
    return shift
  }

  /// The frame's centre in the superview's coordinates.
  public var center: CGPoint {
    get { CGPoint(x: frameStorage.midX, y: frameStorage.midY) }
    set {
      frame = CGRect(
        x: newValue.x - frameStorage.width / 2, y: newValue.y - frameStorage.height / 2,
        width: frameStorage.width, height: frameStorage.height)
    }
  }

  func setFrame(_ newFrame: CGRect, fromLayout: Bool) {
    let old = frameStorage
    guard !newFrame.isSame(as: old) else { return }
    if AnimationContext.current != nil {
      CALayer.recordChange(of: layer, from: old, to: newFrame)
    }
    frameStorage = newFrame
    if !fromLayout, let state = _layoutState, let engine = state.engine,
      superview == nil || translatesAutoresizingMaskIntoConstraints
    {
      engine.markDirty(self)
    }
    if old.size.width != newFrame.size.width || old.size.height != newFrame.size.height {
      setNeedsLayout()
      if !subviews.isEmpty { autoresizeSubviews(from: old.size) }
      if let root = asWindow { root.windowSizeChanged() }
    }
  }

  /// Writes a frame computed by the layout engine.
  func applyLayoutFrame(_ frame: CGRect) {
    setFrame(frame, fromLayout: true)
  }

  /// Converts a point from this view's coordinates to `view`'s (the window's, or the root's,
  /// when `nil`).
  public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    let inRoot = pointInRoot(point)
    guard let view else { return inRoot }
    return view.pointFromRoot(inRoot)
  }

  /// Converts a point from `view`'s coordinates (the window's when `nil`) to this view's.
  public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    let inRoot = view?.pointInRoot(point) ?? point
    return pointFromRoot(inRoot)
  }

  /// Converts a rectangle from this view's coordinates to `view`'s (the window's when `nil`).
  public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  /// Converts a rectangle from `view`'s coordinates (the window's when `nil`) to this view's.
  public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    CGRect(origin: convert(rect.origin, from: view), size: rect.size)
  }

  private func pointInRoot(_ point: CGPoint) -> CGPoint {
    var result = point
    var view = self
    while let parent = view.superview {
      result.x += view.frameStorage.minX - view.boundsOrigin.x
      result.y += view.frameStorage.minY - view.boundsOrigin.y
      view = parent
    }
    return result
  }

  private func pointFromRoot(_ point: CGPoint) -> CGPoint {
    let origin = pointInRoot(.zero)
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }

}

extension CGRect {
  /// Whether every field equals `other`'s (`==`, inlined: Foundation's on Linux is a call,
  /// and every frame written by a layout pass is compared).
  @inline(__always)
  func isSame(as other: CGRect) -> Bool {
    origin.x == other.origin.x && origin.y == other.origin.y
      && size.width == other.size.width && size.height == other.size.height
  }
}
