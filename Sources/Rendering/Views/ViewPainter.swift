import CCairo
import Foundation
import ViewKit

/// What the renderer adds to ViewKit's painting of a view tree (``ViewTreePainter`` walks the
/// tree; this is its ``ViewTreePaintingHooks``): the map, catalogue images, kept shadow
/// masks, backgrounds that leave out what the map covers, and the PNG pipeline told as each
/// view begins.
@MainActor
final class ViewPainter: ViewTreePaintingHooks {
  let cr: OpaquePointer
  let time: TimeInterval
  let images: ImageCatalog
  let map: MapLayer?
  /// Pixels per point when drawing into a raster surface (map bands may then run in
  /// parallel), `nil` for vector output.
  let rasterScale: Double?
  /// How a raster map's geometry is resampled from kept north-up tiles, `nil` for no tiles.
  let mapTiles: MapTileFilter?
  private let decoded = DecodedSurfaces()
  private var mapPainted = false
  /// The tree being painted.
  private var root: UIView?
  /// Where the map's rasters and tiles, street-name images and shadow masks are kept.
  let session: RenderSession
  /// Work left out without changing a pixel.
  let shortcuts: RenderShortcuts
  /// The map view's rows left visible by the opaque views over it (``MapOcclusion``).
  private var mapRows: (top: Double, bottom: Double)?
  /// Whole device pixels opaque views painted after the map cover (``MapOcclusion``): the
  /// map need not be resampled there.
  private var mapCovered: [ParallelMapRaster.PixelBox] = []
  /// Whole device pixels the raster map will paint opaquely (its kept raster, or its land
  /// when drawn directly), or opaque views over it will: backgrounds painted before the map
  /// leave them out.
  private var mapCover: ParallelMapRaster.PixelBox?
  /// Encodes the picture's rows as PNG once no view left to paint draws into them (raster
  /// output over a map): set before ``paint(root:)``.
  var pipeline: PNGBandPipeline?
  /// Whether the pipeline is told each step: views are counted in painting order, and from
  /// the map on each view's start is a step (``plan(root:mapView:scale:pipeline:)``).
  private var tellsPipeline = false
  /// The views begun so far, in painting order.
  private var step = 0

  init(
    context: OpaquePointer, time: TimeInterval, images: ImageCatalog, map: MapLayer?,
    rasterScale: Double? = nil, mapTiles: MapTileFilter? = nil, session: RenderSession,
    shortcuts: RenderShortcuts = RenderShortcuts()
  ) {
    cr = context
    self.session = session
    self.shortcuts = shortcuts
    self.mapTiles = mapTiles
    self.rasterScale = rasterScale
    self.time = time
    self.images = images
    self.map = map
  }

  /// Paints `root` at the origin (a window's own frame origin is ignored).
  func paint(root: UIView) {
    ViewTreePainter(cr: cr, time: time, hooks: self).paint(root: root)
  }

  /// Works out, before painting `root`, what the map covers and what the pipeline may
  /// encode ahead.
  func prepare(root: UIView) {
    self.root = root
    if rasterScale != nil, let map {
      let mapView = map.view ?? root
      let occlusion = MapOcclusion.occlusion(of: mapView, root: root, at: time)
      mapRows = occlusion.rows
      mapCovered = occlusion.covered.compactMap { wholePixels(inside: $0) }
      mapCover =
        shortcuts.leavesOutMapCover ? cover(of: mapView, root: root, scene: map.scene) : nil
      if let pipeline, let scale = rasterScale {
        tellsPipeline = plan(root: root, mapView: map.view, scale: scale, pipeline: pipeline)
      }
    }
    step = 0
  }

  private func shown(_ view: UIView) -> (frame: CGRect, opacity: Double)? {
    ViewTreePainter.shown(view, at: time)
  }

  /// Tells `pipeline`, for each of its bands, the last step that paints into it after the
  /// map: a view painted after the map (its frame, its shadow, and a margin for antialiased
  /// edges) until the step after its subviews, and the border of the map's view or of one
  /// of its ancestors (painted after their subviews) until the same. `false` when the map is
  /// not painted or is inside a group (a view on the way at partial opacity, composited
  /// only at its end): then no row is final before the end.
  private func plan(root: UIView, mapView: UIView?, scale: Double, pipeline: PNGBandPipeline)
    -> Bool
  {
    var step = 0
    var mapStep: Int?
    var grouped = false
    func touch(top: Double, bottom: Double, pad: Double, until last: Int) {
      let low = ((top - pad) * scale).rounded(.down)
      let high = ((bottom + pad) * scale).rounded(.up)
      guard low.isFinite, high.isFinite, low < high, high > -1e9, low < 1e9 else { return }
      pipeline.touch(rows: Int(max(low, -1e9))..<Int(min(high, 1e9)), until: last)
    }
    func visit(_ view: UIView, isRoot: Bool, originY: Double) {
      guard let (frame, opacity) = shown(view) else { return }
      step += 1
      let index = step
      let top = isRoot ? originY : originY + Double(frame.minY)
      if mapStep == nil, mapView === view || (mapView == nil && isRoot) { mapStep = index }
      let contentTop = top - Double(view.bounds.origin.y)
      for subview in Self.drawingOrder(view.subviews) {
        visit(subview, isRoot: false, originY: contentTop)
      }
      // The step after this view's subtree: the view (and its border) is done by then.
      let end = step + 1
      guard let mapStep else { return }
      let layer = view.layer
      let bottom = top + Double(frame.height)
      if index > mapStep {
        var pad = 2.0
        if layer.shadowOpacity > 0, layer.shadowColor != nil, view.backgroundColor != nil {
          let reach = abs(Double(layer.shadowOffset.height)) + max(0, Double(layer.shadowRadius))
          pad += reach.isFinite ? reach : 1e9
        }
        touch(top: top, bottom: bottom, pad: pad, until: end)
      } else if mapStep < end {
        // The map's view or one of its ancestors.
        if opacity < 0.999 { grouped = true }
        if layer.borderWidth > 0 { touch(top: top, bottom: bottom, pad: 2, until: end) }
      }
    }
    visit(root, isRoot: true, originY: 0)
    return mapStep != nil && !grouped
  }

  /// Clips to the rows the pipeline has not taken yet (device space), so a view can never
  /// draw into rows being encoded.
  private func clipToUnfinishedRows(of pipeline: PNGBandPipeline) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    cairo_identity_matrix(cr)
    cairo_new_path(cr)
    for rows in pipeline.unfinishedRows {
      cairo_rectangle(cr, 0, Double(rows.lowerBound), Double(pipeline.width), Double(rows.count))
    }
    cairo_clip(cr)
    cairo_set_matrix(cr, &matrix)
  }

  /// The whole device pixels of `mapView`'s rectangle, when nothing between it and
  /// `root` makes the map less than opaque there: every view on the way shown at full
  /// opacity (no group), no rounded clip, an opaque land colour. `nil` otherwise.
  private func cover(of mapView: UIView, root: UIView, scene: MapScene)
    -> ParallelMapRaster.PixelBox?
  {
    guard scene.paintsLand, scene.style.land.alpha >= 1 else { return nil }
    var view = mapView
    let own = view.layer.presentation(at: time)
    guard !(view.layer.masksToBounds && view.layer.cornerRadius > 0) else { return nil }
    // The map view's rectangle in its own frame space, then in each ancestor's.
    // Its whole rectangle: rows the map leaves undrawn (``MapOcclusion``) are covered by
    // opaque views painted after it, which hide them as well as the map would.
    var rect = CGRect(origin: .zero, size: own.frame.size)
    while true {
      let presented = view.layer.presentation(at: time)
      guard !view.isHidden, presented.opacity >= 0.999 else { return nil }
      if view === root { break }
      guard let parent = view.superview else { return nil }
      let frame = presented.frame
      rect = rect.offsetBy(
        dx: frame.minX - parent.bounds.origin.x, dy: frame.minY - parent.bounds.origin.y)
      if parent.layer.masksToBounds {
        guard parent.layer.cornerRadius <= 0 else { return nil }
        rect = rect.intersection(
          CGRect(origin: .zero, size: parent.layer.presentation(at: time).frame.size))
      }
      view = parent
    }
    guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.maxY.isFinite else { return nil }
    return wholePixels(inside: rect)
  }

  /// The whole device pixels inside `rect` (user space, an axis-aligned matrix), `nil` for
  /// none.
  private func wholePixels(inside rect: CGRect) -> ParallelMapRaster.PixelBox? {
    let (x0, y0, x1, y1) = deviceCorners(of: rect)
    guard abs(x0) < 1e7, abs(y0) < 1e7, abs(x1) < 1e7, abs(y1) < 1e7 else { return nil }
    let box = (
      x0: Int(x0.rounded(.up)), y0: Int(y0.rounded(.up)), x1: Int(x1.rounded(.down)),
      y1: Int(y1.rounded(.down))
    )
    return box.x0 < box.x1 && box.y0 < box.y1 ? box : nil
  }

  /// The top-left and bottom-right corners of `rect` (user space) in device space.
  private func deviceCorners(of rect: CGRect) -> (Double, Double, Double, Double) {
    var x0 = Double(rect.minX)
    var y0 = Double(rect.minY)
    var x1 = Double(rect.maxX)
    var y1 = Double(rect.maxY)
    cairo_user_to_device(cr, &x0, &y0)
    cairo_user_to_device(cr, &x1, &y1)
    return (x0, y0, x1, y1)
  }

  /// Fills a square-cornered background (`bounds`, user space) in the current source,
  /// less the map's cover while the map is still to be painted: up to four rectangles
  /// around the cover, each with the background's own edges where it has them (so a
  /// partly covered edge pixel gets the same coverage as the whole fill). `false`, having
  /// drawn nothing, when there is no cover to leave out or the matrix is not an
  /// axis-aligned scale.
  private func fillLeavingOutMapCover(_ bounds: CGRect) -> Bool {
    guard !mapPainted, let box = mapCover, let target = cairo_get_group_target(cr) else {
      return false
    }
    var offsetX = 0.0
    var offsetY = 0.0
    cairo_surface_get_device_offset(target, &offsetX, &offsetY)
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    guard offsetX == 0, offsetY == 0, matrix.xy == 0, matrix.yx == 0, matrix.xx > 0,
      matrix.yy > 0
    else { return false }
    let (x0, y0, x1, y1) = deviceCorners(of: bounds)
    guard x0 < x1, y0 < y1 else { return false }
    let (cx0, cy0, cx1, cy1) = (
      Double(box.x0), Double(box.y0), Double(box.x1), Double(box.y1)
    )
    // No overlap: the whole fill.
    guard cx0 < x1, cx1 > x0, cy0 < y1, cy1 > y0 else { return false }
    cairo_identity_matrix(cr)
    cairo_new_path(cr)
    func add(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) {
      if left < right, top < bottom { cairo_rectangle(cr, left, top, right - left, bottom - top) }
    }
    let middleTop = max(y0, cy0)
    let middleBottom = min(y1, cy1)
    add(x0, y0, x1, middleTop)
    add(x0, middleBottom, x1, y1)
    add(x0, middleTop, max(x0, cx0), middleBottom)
    add(min(x1, cx1), middleTop, x1, middleBottom)
    cairo_fill(cr)
    cairo_set_matrix(cr, &matrix)
    return true
  }

  // MARK: - ViewTreePaintingHooks

  func willPaintTree(root: UIView, at time: TimeInterval, in cr: OpaquePointer) {
    prepare(root: root)
  }

  func willPaint(_ view: UIView, step: Int, in cr: OpaquePointer) {
    self.step = step
    if mapPainted, tellsPipeline, let pipeline {
      // Rows no view from this one on draws into are final: encoded meanwhile.
      pipeline.reached(step)
      clipToUnfinishedRows(of: pipeline)
    }
  }

  func fillSquareBackground(_ bounds: CGRect, in cr: OpaquePointer) -> Bool {
    // What the map covers is left out (it paints those pixels opaquely).
    fillLeavingOutMapCover(bounds)
  }

  func paintShadow(
    of layer: CALayer, color: CGColor, opacity: Double, bounds: CGRect, opaque: Bool,
    steps: Int, radius: Double, in cr: OpaquePointer, rings: (OpaquePointer) -> Void
  ) -> Bool {
    guard rasterScale != nil else { return false }
    return session.shadows.paint(
      cr, layer: layer, color: RGBA(color), opacity: opacity, bounds: bounds, opaque: opaque,
      steps: steps, radius: radius, trimsOpaqueInterior: shortcuts.trimsOpaqueShadowInterior,
      draw: rings)
  }

  func paintContent(of view: UIView, bounds: CGRect, isRoot: Bool, in cr: OpaquePointer) -> Bool {
    paintContent(of: view, bounds: bounds, isRoot: isRoot)
  }

  /// Subviews sorted by `layer.zPosition`, keeping the subview order among equals.
  static func drawingOrder(_ subviews: [UIView]) -> [UIView] {
    ViewTreePainter.drawingOrder(subviews)
  }

  /// Paints the map into its view and a catalogue image into an image view; `true` when
  /// the image view's image was painted.
  private func paintContent(of view: UIView, bounds: CGRect, isRoot: Bool) -> Bool {
    if let map, !mapPainted, map.view === view || (map.view == nil && isRoot) {
      mapPainted = true
      cairo_save(cr)
      cairo_rectangle(cr, 0, 0, Double(bounds.width), Double(bounds.height))
      cairo_clip(cr)
      let anchor = map.anchor(in: view, at: time)
      // A camera that only moved (or whose anchor moved in the picture) is snapped to move
      // the kept map by whole pixels.
      var device = (x: Double(anchor.x), y: Double(anchor.y))
      cairo_user_to_device(cr, &device.x, &device.y)
      var prepared = MapPainter(
        scene: rasterScale.map {
          ParallelMapRaster.snapped(map.scene, scale: $0, session: session, anchor: device)
        } ?? map.scene,
        labels: session.labels, overlayImages: session.overlayImages)
      if let scale = rasterScale {
        prepared.overlayLayer = OverlayLayer.placed(
          for: prepared, size: bounds.size, anchor: anchor, scale: scale, in: cr,
          session: session, shortcuts: shortcuts)
      }
      let painter = prepared
      // A kept or fresh parallel raster holds the geometry, street names and alternatives.
      // Rows under opaque views painted later (a header, a footer) are not drawn.
      // The route and markers go over each band of the copy on its thread.
      let painted =
        rasterScale.map {
          ParallelMapRaster.paint(
            painter, in: cr, size: bounds.size, anchor: anchor, scale: $0, tiles: mapTiles,
            session: session, shortcuts: shortcuts, visibleRows: mapRows, covered: mapCovered,
            overlays: { context in painter.paintMarkers(in: context, anchor: anchor) },
            holes: { [cr] x, y, width, height in
              painter.opaqueMarkerMask(
                in: cr, anchor: anchor, x: x, y: y, width: width, height: height)
            })
        } ?? (drawn: false, overlaid: false)
      if !painted.drawn { painter.paintGeometry(in: cr, size: bounds.size, anchor: anchor) }
      painter.paintOverlays(
        in: cr, size: bounds.size, anchor: anchor, underlays: !painted.drawn,
        markers: !painted.overlaid)
      cairo_restore(cr)
      map.onDrawn?()
      // Rows no view after the map draws into are final.
      if tellsPipeline { pipeline?.reached(step) }
    }
    guard let imageView = view as? UIImageView else { return false }
    return paintImage(of: imageView, bounds: bounds)
  }

  /// Paints an image view's named image from the catalogue (or a placeholder); `false` for
  /// none or an image with pixels, which ViewKit draws.
  private func paintImage(of view: UIImageView, bounds: CGRect) -> Bool {
    let shown = view.isHighlighted ? (view.highlightedImage ?? view.image) : view.image
    guard let image = shown, image.cgImage == nil else { return false }
    let rect = CairoDrawing.placement(of: image.size, in: bounds, mode: view.contentMode)
    let tint = RGBA(image.tintColor ?? view.tintColor ?? .systemBlue)
    guard let name = image.name, let content = images.content(named: name) else {
      paintPlaceholder(rect)
      return true
    }
    switch content {
    case .vector(let vector):
      var drawn = vector
      if image.renderingMode == .alwaysOriginal {
        drawn.layers = drawn.layers.map { layer in
          var copy = layer
          if copy.fill == .tint { copy.fill = .color(RGBA(hex: 0x000000)) }
          if copy.stroke == .tint { copy.stroke = .color(RGBA(hex: 0x000000)) }
          return copy
        }
      }
      CairoDrawing.draw(cr, drawn, in: rect, tint: tint)
    case .png(let data):
      guard let surface = surface(for: name, data: data) else {
        paintPlaceholder(rect)
        return true
      }
      let w = Double(cairo_image_surface_get_width(surface))
      let h = Double(cairo_image_surface_get_height(surface))
      guard w > 0, h > 0 else { return true }
      cairo_save(cr)
      cairo_rectangle(
        cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
      cairo_clip(cr)
      cairo_translate(cr, Double(rect.minX), Double(rect.minY))
      cairo_scale(cr, Double(rect.width) / w, Double(rect.height) / h)
      cairo_set_source_surface(cr, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      if image.renderingMode == .alwaysTemplate {
        CairoDrawing.setColor(cr, tint)
        cairo_mask_surface(cr, surface, 0, 0)
      } else {
        cairo_paint(cr)
      }
      cairo_restore(cr)
    }
    return true
  }

  private func surface(for name: String, data: Data) -> OpaquePointer? {
    if let known = decoded.surfaces[name] { return known }
    guard let surface = try? RasterImage.decodeSurface(data, name: name) else { return nil }
    decoded.surfaces[name] = surface
    return surface
  }

  /// A grey crossed box where an image has no picture in the catalogue.
  private func paintPlaceholder(_ rect: CGRect) {
    guard rect.width > 0, rect.height > 0 else { return }
    let r = rect.insetBy(dx: 0.5, dy: 0.5)
    cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    cairo_move_to(cr, Double(r.minX), Double(r.minY))
    cairo_line_to(cr, Double(r.maxX), Double(r.maxY))
    cairo_move_to(cr, Double(r.maxX), Double(r.minY))
    cairo_line_to(cr, Double(r.minX), Double(r.maxY))
    CairoDrawing.setColor(cr, RGBA(hex: 0x9AA0A6))
    cairo_set_line_width(cr, 1)
    cairo_stroke(cr)
  }
}

/// Decoded PNG surfaces of one picture, destroyed with it.
final class DecodedSurfaces {
  var surfaces: [String: OpaquePointer] = [:]

  deinit {
    for surface in surfaces.values { cairo_surface_destroy(surface) }
  }
}
