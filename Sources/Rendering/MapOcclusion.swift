import Foundation
import ViewKit

/// The rows of a map view that stay visible under the opaque views painted over it (a
/// navigation header at the top, a footer at the bottom): a raster map need not be drawn
/// under them.
///
/// A view hides the map where it paints an opaque background across the map view's whole
/// width after the map: it is the map view's descendant or comes later in painting order,
/// it and its ancestors are shown at full opacity, and its background colour is opaque.
/// Rounded corners and clipping ancestors shrink what it hides (conservatively: the
/// corner radius is taken off its top and bottom).
@MainActor
enum MapOcclusion {
  /// The map view's visible rows, `top ..< bottom` in its own points, or `nil` when every
  /// row may show.
  static func visibleRows(of mapView: UIView, root: UIView, at time: TimeInterval)
    -> (top: Double, bottom: Double)?
  {
    var bands: [(left: Double, right: Double, top: Double, bottom: Double)] = []
    var mapRect: CGRect?
    var mapTop = 0.0
    var afterMap = false
    // Pre-order in painting order: a view's background is painted when it is reached.
    func visit(_ view: UIView, origin: CGPoint, clip: CGRect, isRoot: Bool) {
      guard !view.isHidden else { return }
      let presented = view.layer.presentation(at: time)
      guard presented.opacity >= 0.999 else {
        // Group opacity: nothing in it hides the map; the map in it is still drawn.
        if view === mapView || mapView.isDescendant(of: view) { afterMap = true }
        return
      }
      let frame = presented.frame
      guard frame.width.isFinite, frame.height.isFinite, frame.minX.isFinite, frame.minY.isFinite
      else { return }
      let placed =
        isRoot ? CGPoint.zero : CGPoint(x: origin.x + frame.minX, y: origin.y + frame.minY)
      let rect = CGRect(origin: placed, size: frame.size)
      let radius = Double(view.layer.cornerRadius)
      if afterMap, let background = view.backgroundColor, background.alpha >= 1 {
        let opaque = rect.insetBy(dx: 0, dy: CGFloat(max(0, radius))).intersection(clip)
        if !opaque.isNull, !opaque.isEmpty {
          bands.append(
            (Double(opaque.minX), Double(opaque.maxX), Double(opaque.minY), Double(opaque.maxY)))
        }
      }
      if view === mapView {
        mapRect = rect.intersection(clip)
        mapTop = Double(placed.y)
        afterMap = true
      }
      var inner = clip
      if view.layer.masksToBounds {
        inner = inner.intersection(rect.insetBy(dx: 0, dy: CGFloat(max(0, radius))))
      }
      let childOrigin = CGPoint(
        x: placed.x - view.bounds.origin.x, y: placed.y - view.bounds.origin.y)
      for subview in ViewPainter.drawingOrder(view.subviews) {
        visit(subview, origin: childOrigin, clip: inner, isRoot: false)
      }
    }
    let everything = CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
    visit(root, origin: .zero, clip: everything, isRoot: true)
    guard let map = mapRect, !map.isNull, map.height > 0 else { return nil }
    // Trim the map's rows from the top and the bottom while a band hides the whole width.
    let left = Double(map.minX)
    let right = Double(map.maxX)
    var top = Double(map.minY)
    var bottom = Double(map.maxY)
    var trimmed = true
    while trimmed, top < bottom {
      trimmed = false
      for band in bands where band.left <= left && band.right >= right {
        if band.top <= top, band.bottom > top {
          top = band.bottom
          trimmed = true
        }
        if band.bottom >= bottom, band.top < bottom {
          bottom = band.top
          trimmed = true
        }
      }
    }
    guard top < bottom, top > Double(map.minY) || bottom < Double(map.maxY) else { return nil }
    // In the map view's own points (the map is drawn from its frame's origin).
    return (top - mapTop, bottom - mapTop)
  }
}
