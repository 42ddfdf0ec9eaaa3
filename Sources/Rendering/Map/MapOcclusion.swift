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
/// corner radius is taken off its top when a top corner is rounded, off its bottom when a
/// bottom corner is — `maskedCorners` says which).
@MainActor
enum MapOcclusion {
  /// The map view's visible rows, `top ..< bottom` in its own points, or `nil` when every
  /// row may show.
  static func visibleRows(of mapView: UIView, root: UIView, at time: TimeInterval)
    -> (top: Double, bottom: Double)?
  {
    occlusion(of: mapView, root: root, at: time).rows
  }

  /// The map view's visible rows (``visibleRows(of:root:at:)``), and the rectangles (root
  /// points) that opaque views painted after the map cover entirely: each view's rectangle
  /// shrunk inside its rounded corners (by 0.3 of the radius on every side, which keeps the
  /// rectangle inside the arcs) and its clipping ancestors.
  static func occlusion(of mapView: UIView, root: UIView, at time: TimeInterval)
    -> (rows: (top: Double, bottom: Double)?, covered: [CGRect])
  {
    var bands: [(left: Double, right: Double, top: Double, bottom: Double)] = []
    var covered: [CGRect] = []
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
      let rounded = roundedEdges(of: view.layer, height: Double(rect.height))
      if afterMap, let background = view.backgroundColor, background.alpha >= 1 {
        let opaque = rounded.inset(rect).intersection(clip)
        if !opaque.isNull, !opaque.isEmpty {
          bands.append(
            (Double(opaque.minX), Double(opaque.maxX), Double(opaque.minY), Double(opaque.maxY)))
        }
        let radius = max(rounded.top, rounded.bottom, 0)
        let radiusX = min(radius, max(0, Double(rect.width)) / 2)
        let inside = rect.insetBy(dx: CGFloat(0.3 * radiusX), dy: CGFloat(0.3 * radius))
          .intersection(clip)
        if !inside.isNull, !inside.isEmpty { covered.append(inside) }
      }
      if view === mapView {
        mapRect = rect.intersection(clip)
        mapTop = Double(placed.y)
        afterMap = true
      }
      var inner = clip
      if view.layer.masksToBounds {
        inner = inner.intersection(rounded.inset(rect))
      }
      let childOrigin = CGPoint(
        x: placed.x - view.bounds.origin.x, y: placed.y - view.bounds.origin.y)
      for subview in ViewPainter.drawingOrder(view.subviews) {
        visit(subview, origin: childOrigin, clip: inner, isRoot: false)
      }
    }
    let everything = CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
    visit(root, origin: .zero, clip: everything, isRoot: true)
    guard let map = mapRect, !map.isNull, map.height > 0 else { return (nil, covered) }
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
    guard top < bottom, top > Double(map.minY) || bottom < Double(map.maxY) else {
      return (nil, covered)
    }
    // In the map view's own points (the map is drawn from its frame's origin).
    return ((top - mapTop, bottom - mapTop), covered)
  }

  /// How far a layer's rounded corners reach in from its top and its bottom edge: the
  /// corner radius (at most half the height) on an edge with a rounded corner, else 0.
  static func roundedEdges(of layer: CALayer, height: Double) -> RoundedEdges {
    let radius = min(max(0, Double(layer.cornerRadius)), max(0, height) / 2)
    guard radius > 0 else { return RoundedEdges(top: 0, bottom: 0) }
    let corners = layer.maskedCorners
    return RoundedEdges(
      top: corners.isDisjoint(with: [.layerMinXMinYCorner, .layerMaxXMinYCorner]) ? 0 : radius,
      bottom: corners.isDisjoint(with: [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) ? 0 : radius)
  }

  /// The rows a rounded rectangle's corners take from its top and bottom.
  struct RoundedEdges: Equatable {
    var top: Double
    var bottom: Double

    /// `rect` without those rows.
    func inset(_ rect: CGRect) -> CGRect {
      let height = max(0, Double(rect.height) - top - bottom)
      return CGRect(
        x: rect.minX, y: rect.minY + CGFloat(top), width: rect.width, height: CGFloat(height))
    }
  }
}
