import CCairo
import Foundation
import ViewKit

extension Renderer {
  /// Makes `window`'s views draw what this renderer draws when an app captures them with
  /// `drawHierarchy(in:afterScreenUpdates:)` or `layer.render(in:)`: the map `map` gives
  /// (asked at each capture; `nil` for none) under its view, catalogue images, and shadows
  /// through kept masks, so a capture at this renderer's scale equals ``png(window:at:map:)``
  /// pixel for pixel. The window keeps these hooks (nothing is registered process-wide);
  /// ``detach(from:)`` removes them.
  public func attach(to window: UIWindow, map: @escaping @MainActor () -> MapLayer?) {
    window.paintingHooks = CapturePainting(renderer: self, map: map)
  }

  /// Removes what ``attach(to:map:)`` set.
  public static func detach(from window: UIWindow) {
    window.paintingHooks = nil
  }
}

/// The hooks ``Renderer/attach(to:map:)`` gives a window: for each captured tree, a
/// ``ViewPainter`` configured as the renderer's for the context's scale.
@MainActor
final class CapturePainting: ViewTreePaintingHooks {
  let renderer: Renderer
  let map: @MainActor () -> MapLayer?
  private var painter: ViewPainter?

  init(renderer: Renderer, map: @escaping @MainActor () -> MapLayer?) {
    self.renderer = renderer
    self.map = map
  }

  func willPaintTree(root: UIView, at time: TimeInterval, in cr: OpaquePointer) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    // Raster output at a whole scale the renderer supports draws the map as the renderer
    // does (in parallel, from tiles); anything else as vectors.
    let raster =
      cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && matrix.xy == 0
      && matrix.yx == 0 && matrix.xx == matrix.yy && matrix.xx >= 1 && matrix.xx <= 3
    let layer = map()
    let painter = ViewPainter(
      context: cr, time: time, images: renderer.images, map: layer,
      rasterScale: raster && renderer.rendersInParallel ? matrix.xx : nil,
      mapTiles: renderer.usesMapTiles ? renderer.mapTileFilter : nil, session: renderer.session,
      shortcuts: renderer.shortcuts)
    painter.willPaintTree(root: root, at: time, in: cr)
    self.painter = painter
  }

  func willPaint(_ view: UIView, step: Int, in cr: OpaquePointer) {
    painter?.willPaint(view, step: step, in: cr)
  }

  func fillSquareBackground(_ bounds: CGRect, in cr: OpaquePointer) -> Bool {
    painter?.fillSquareBackground(bounds, in: cr) ?? false
  }

  func paintShadow(
    of layer: CALayer, color: CGColor, opacity: Double, bounds: CGRect, opaque: Bool,
    steps: Int, radius: Double, in cr: OpaquePointer, rings: (OpaquePointer) -> Void
  ) -> Bool {
    painter?.paintShadow(
      of: layer, color: color, opacity: opacity, bounds: bounds, opaque: opaque, steps: steps,
      radius: radius, in: cr, rings: rings) ?? false
  }

  func paintContent(of view: UIView, bounds: CGRect, isRoot: Bool, in cr: OpaquePointer) -> Bool {
    painter?.paintContent(of: view, bounds: bounds, isRoot: isRoot, in: cr) ?? false
  }
}
