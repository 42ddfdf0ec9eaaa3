import CCairo
import Dispatch
import Foundation
import NavigationCore

/// A camera that only moved (its centre; not its zoom, heading or tilt) shifts the last
/// frame's map instead of drawing it again (``RenderSession/shiftsKeptMap``, the live
/// window's drag).
///
/// The map's projection is affine (the tilt raises buildings straight up the screen, there
/// is no perspective), so the picture of a moved camera is the last one translated by the
/// camera's shift on the screen. The frame keeps a *base* raster: the geometry and raised
/// buildings resampled from tiles, without the street names and alternatives. The next
/// frame's base is the last one's pixels moved by the shift, in whole device pixels, with
/// only the strips the move uncovered resampled and their buildings drawn (clipped to the
/// strips: the buildings are those the whole raster's drawing places, so a building across
/// a strip's edge is drawn in both parts exactly as one drawing would). The street names
/// are laid out again for the new view and composited with the alternatives over a copy of
/// the base (the raster the frame shows and the next still frames reuse): a name is never
/// moved with the map, so none cut at the old edge stays cut.
///
/// The shift is whole device pixels because the rendered camera's centre is snapped
/// (``snapped(_:scale:session:)``, at most half a pixel each way) so that the map moved by
/// whole pixels since the base was drawn in full; the route, vehicle and markers are drawn
/// with the same snapped camera. Any other change (zoom, heading, tilt, style, scale, size,
/// view boxes, names or alternatives switched), a shift of the raster's size or more, or a
/// raster drawn without tiles draws the base again in full.
extension ParallelMapRaster {
  /// The shift in device pixels (x right, y down) of the map drawn by `painter` at `scale`
  /// from a camera centred at `from` (local metres) to its own camera.
  static func shift(of painter: MapPainter, from: (x: Double, y: Double), scale: Double)
    -> (x: Double, y: Double)
  {
    let m = painter.matrix(anchor: .zero)
    let center = painter.frame.local(painter.scene.camera.center)
    let d = (x: center.x - from.x, y: center.y - from.y)
    return (-scale * (m.xx * d.x + m.xy * d.y), -scale * (m.yx * d.x + m.yy * d.y))
  }

  /// The most a kept zoom may move a raster's farthest pixel from where the camera's own
  /// zoom puts it, in device pixels (``snapped(_:scale:session:)``).
  static let maximumZoomDrift = 0.1

  /// `scene` with its camera's centre moved (at most half a device pixel each way) so that
  /// its map is the kept base raster's (``MapRasterCache/base``) moved by whole device
  /// pixels, when the session shifts kept maps and the camera differs from the base's only
  /// in its centre (its zoom then the base's, when the two differ by less than
  /// ``maximumZoomDrift`` at the raster's corners: a camera's metres per point follow its
  /// latitude); else `scene` (Guides/Decisions.md 17).
  ///
  /// `anchor` is where the camera's centre goes in the picture's device pixels (the map
  /// view's camera anchor; it moves when the view's padding or layout animates): the map
  /// then moves with it, and the camera is snapped so that the move and the anchor's
  /// together are whole pixels. `nil` when it has not moved.
  ///
  /// With ``RenderSession/spreadsMapShifts``, a camera that moved shows the last frame's
  /// camera for a frame or two while its shifted map is made (``heldForShift(_:anchor:scale:session:)``).
  @MainActor
  static func snapped(
    _ scene: MapScene, scale: Double, session: RenderSession,
    anchor: (x: Double, y: Double)? = nil
  ) -> MapScene {
    session.rasters.wantedShift = nil
    // A camera whose map is being drawn over several frames shows the kept one meanwhile
    // (snapped too, should the anchor have moved).
    if let held = held(scene, scale: scale, session: session) {
      return snappedToBase(held, scale: scale, session: session, anchor: anchor)
    }
    let shown = snappedToBase(scene, scale: scale, session: session, anchor: anchor)
    return heldForShift(shown, anchor: anchor, scale: scale, session: session) ?? shown
  }

  /// `scene` snapped to the kept base (``snapped(_:scale:session:anchor:)``).
  @MainActor
  static func snappedToBase(
    _ scene: MapScene, scale: Double, session: RenderSession, anchor: (x: Double, y: Double)?
  ) -> MapScene {
    let cache = session.rasters
    guard cache.shifts, let base = cache.base, let map = scene.map, base.key.map === map,
      base.key.scale == scale, base.key.style == scene.style,
      base.key.camera.heading == scene.camera.heading,
      base.key.camera.tilt == scene.camera.tilt
    else { return scene }
    // How far the anchor moved since the base was drawn.
    let anchored: (x: Double, y: Double) =
      anchor.map { ($0.x - base.anchor.x, $0.y - base.anchor.y) } ?? (0, 0)
    guard base.key.camera.center != scene.camera.center || anchored != (0, 0) else {
      return scene
    }
    // A camera's zoom level gives metres per point at its centre's latitude (Web Mercator):
    // a drag changes them a little (a few parts in ten million a frame). While that moves
    // no pixel of the raster by more than a tenth of a pixel, the base's zoom is kept.
    let reach = base.raster.reach
    let corner = hypot(
      Double(max(reach.left, reach.right)), Double(max(reach.top, reach.bottom)))
    let zoom = base.key.camera.metersPerPoint
    guard abs(scene.camera.metersPerPoint / zoom - 1) * corner <= maximumZoomDrift else {
      return scene
    }
    var moving = scene
    moving.camera.metersPerPoint = zoom
    let painter = MapPainter(scene: moving)
    let moved = shift(of: painter, from: base.center, scale: scale)
    // The map moves by the camera's shift and the anchor's move: whole pixels together.
    let target = (
      x: (moved.x + anchored.x).rounded() - anchored.x,
      y: (moved.y + anchored.y).rounded() - anchored.y
    )
    guard target != moved else { return moving }
    // The centre whose shift is `target`: the base's centre less the inverse of the linear
    // map of that shift.
    let m = painter.matrix(anchor: .zero)
    let det = m.xx * m.yy - m.xy * m.yx
    guard det != 0, det.isFinite else { return scene }
    let p = (x: -target.x / scale, y: -target.y / scale)
    let local = (
      x: base.center.x + (m.yy * p.x - m.xy * p.y) / det,
      y: base.center.y + (-m.yx * p.x + m.xx * p.y) / det
    )
    let frame = painter.frame
    var snapped = moving
    snapped.camera.center = CLLocationCoordinate2D(
      latitude: frame.origin.latitude + local.y / MapCamera.metersPerDegree,
      longitude: frame.origin.longitude + local.x
        / (MapCamera.metersPerDegree * frame.cosLatitude))
    return snapped
  }

  /// The kept base shifted to `painter`'s camera for `key` (``shifted(_:_:last:key:center:filter:skipped:session:shortcuts:)``)
  /// and kept, with the step that copies and decorates a band of the frame's raster from it
  /// (``decorating(_:_:_:size:anchor:scale:session:shortcuts:)``); `nil` when it cannot be
  /// shifted (the base is then forgotten: the next frame draws it in full).
  @MainActor
  static func layeredShift(
    _ painter: MapPainter, _ place: Placement, full: Placement, key: MapRasterCache.Key,
    size: CGSize, anchor: CGPoint, scale: Double, filter: MapTileFilter, skipped: [PixelBox],
    session: RenderSession, shortcuts: RenderShortcuts
  ) -> (band: @Sendable (Range<Int>) -> Void, finish: () -> MapRasterCache.Raster)? {
    let cache = session.rasters
    guard let last = cache.base else { return nil }
    cache.base = nil
    guard
      let base = shifted(
        painter, full, last: last, key: key,
        center: painter.frame.local(painter.scene.camera.center), filter: filter,
        skipped: skipped, session: session, shortcuts: shortcuts)
    else {
      cache.spareBase = last.raster
      return nil
    }
    cache.keepBase(base, shifted: true)
    return decorating(
      base, painter, place, size: size, anchor: anchor, scale: scale, session: session,
      shortcuts: shortcuts)
  }

  /// The pixels a base raster over the whole view (`full`) leaves out (its own pixels):
  /// `skipping` (boxes from the anchor's pixel, under opaque views) and the rows `place`
  /// does not show (under an opaque header or footer).
  static func baseSkipped(_ skipping: [PixelBox], _ place: Placement, full: Placement)
    -> [PixelBox]
  {
    let reach = full.need
    let width = reach.left + reach.right
    let height = reach.top + reach.bottom
    var skipped = skipping.map { box in
      (
        x0: box.x0 + reach.left, y0: box.y0 + reach.top, x1: box.x1 + reach.left,
        y1: box.y1 + reach.top
      )
    }
    let shownTop = reach.top - place.need.top
    let shownBottom = reach.top + place.need.bottom
    if shownTop > 0 { skipped.append((0, 0, width, shownTop)) }
    if shownBottom < height { skipped.append((0, shownBottom, width, height)) }
    return skipped
  }

  /// The frame's raster from tiles as a kept base (the last one shifted when it can be, else
  /// drawn in full) with the street names and alternatives over a copy of it; `nil` when
  /// the tiles do not fit their budget or no surface could be made (the base is then
  /// forgotten). The base covers the whole view (`full`: the rows under an opaque header
  /// or footer left out, as `skipped` says, so that it can be shifted when they move); the
  /// copy, `place`'s rows.
  @MainActor
  static func layered(
    _ painter: MapPainter, _ place: Placement, full: Placement, key: MapRasterCache.Key,
    size: CGSize, anchor: CGPoint, scale: Double, filter: MapTileFilter, skipped: [PixelBox],
    session: RenderSession, shortcuts: RenderShortcuts
  ) -> MapRasterCache.Raster? {
    let cache = session.rasters
    // A shifted map being made over frames reads the base this changes.
    cache.pendingShown = nil
    let need = full.need
    let center = painter.frame.local(painter.scene.camera.center)
    var base: MapRasterCache.Base?
    if let last = cache.base {
      cache.base = nil
      base = shifted(
        painter, full, last: last, key: key, center: center, filter: filter,
        skipped: skipped, session: session, shortcuts: shortcuts)
      // Not shifted: its surface serves the base drawn in full.
      if base == nil { cache.spareBase = last.raster }
    }
    if let base {
      cache.keepBase(base, shifted: true)
      guard
        let shown = decorating(
          base, painter, place, size: size, anchor: anchor,
          scale: scale, session: session, shortcuts: shortcuts)
      else { return nil }
      let height = place.need.top + place.need.bottom
      let bands = max(1, min(4 * ParallelMapRaster.cores, height / 64, 16))
      let rowsPerBand = (height + bands - 1) / bands
      let decorate = shown.band
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let first = band * rowsPerBand
        let end = min(height, first + rowsPerBand)
        if first < end { decorate(first..<end) }
      }
      return shown.finish()
    }
    // Drawn in full: each band of the base is copied into the shown raster and decorated
    // on its thread, while its pixels are in the cache.
    guard
      let (surface, _, _) = makeSurface(reach: need, cache: cache, forShifting: true)
    else { return nil }
    let drawn = MapRasterCache.Base(
      key: key, center: center, raster: MapRasterCache.Raster(surface: surface, reach: need),
      skipped: skipped, origin: (0, 0), window: full.origin, anchor: full.anchorDevice)
    guard
      let shown = decorating(
        drawn, painter, place, size: size, anchor: anchor, scale: scale, session: session,
        shortcuts: shortcuts),
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    let width = need.left + need.right
    let height = need.top + need.bottom
    // The base's rows from the shown raster's first.
    let offset = need.top - place.need.top
    let shownRows = place.need.top + place.need.bottom
    let decorate = shown.band
    guard
      resample(
        painter, into: data, stride: Int(cairo_image_surface_get_stride(surface)),
        box: (0, 0, width, height), of: (width, height),
        anchor: (Double(need.left) + full.fraction.x, Double(need.top) + full.fraction.y),
        scale: scale, filter: filter, session: session,
        rasterizesBuildings: shortcuts.rasterizesRaisedBuildings, skipping: skipped,
        afterBand: { rows in
          let first = max(0, rows.lowerBound - offset)
          let end = min(shownRows, rows.upperBound - offset)
          if first < end { decorate(first..<end) }
        })
    else {
      cache.spareBase = drawn.raster
      _ = shown.finish()
      return nil
    }
    cairo_surface_mark_dirty(surface)
    cache.keepBase(drawn, shifted: false)
    return shown.finish()
  }

  /// `last` moved by the camera's shift and the anchor's move into the base for `key` over
  /// the whole view `place` (in place: its origin moves, ``MapRasterCache/base``), with
  /// the strips the move uncovered and what the last frame left out (under opaque views,
  /// moved) drawn but for `skipped`, this frame's left out; `nil` when the camera did more
  /// than move, the map did not move by whole pixels within the raster, the view's size
  /// changed, or the tiles do not fit their budget (then `last`'s pixels may be part drawn:
  /// it is not kept).
  @MainActor
  static func shifted(
    _ painter: MapPainter, _ place: Placement, last: MapRasterCache.Base,
    key: MapRasterCache.Key, center: (x: Double, y: Double), filter: MapTileFilter,
    skipped: [PixelBox], session: RenderSession, shortcuts: RenderShortcuts
  ) -> MapRasterCache.Base? {
    let reach = place.need
    let width = reach.left + reach.right
    let height = reach.top + reach.bottom
    let kept = last.raster.reach
    guard key.movesLike(last.key), kept.left + kept.right == width,
      kept.top + kept.bottom == height
    else { return nil }
    let scale = key.scale
    let camera = shift(of: painter, from: last.center, scale: scale)
    // The map moves with the camera and the anchor in the picture; the raster's first pixel
    // moved by whole pixels in it.
    let anchor = place.anchorDevice
    let origin = place.origin
    let moved = (
      x: camera.x + (anchor.x - last.anchor.x) - Double(origin.x - last.window.x),
      y: camera.y + (anchor.y - last.anchor.y) - Double(origin.y - last.window.y)
    )
    let whole = (x: moved.x.rounded(), y: moved.y.rounded())
    // Snapped cameras move by whole pixels but for the rounding of the coordinates.
    guard abs(moved.x - whole.x) < 1e-3, abs(moved.y - whole.y) < 1e-3,
      abs(whole.x) < Double(width), abs(whole.y) < Double(height)
    else { return nil }
    let dx = Int(whole.x)
    let dy = Int(whole.y)
    let surface = last.raster.surface
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    // The moved pixels stay where they are: the new pixel (x, y) is the last one's
    // (x - dx, y - dy), so the origin moves back by the shift.
    func wrapped(_ value: Int, _ size: Int) -> Int { ((value % size) + size) % size }
    let stored = (x: wrapped(last.origin.x - dx, width), y: wrapped(last.origin.y - dy, height))
    // The strips uncovered: rows above or below, then the columns beside the moved rows;
    // and what the last frame left out under opaque views, where it moved to.
    let rows = max(0, dy)..<min(height, height + dy)
    var strips: [PixelBox] = []
    if dy > 0 { strips.append((0, 0, width, dy)) }
    if dy < 0 { strips.append((0, height + dy, width, height)) }
    if dx > 0 { strips.append((0, rows.lowerBound, dx, rows.upperBound)) }
    if dx < 0 { strips.append((width + dx, rows.lowerBound, width, rows.upperBound)) }
    for box in last.skipped {
      let moved = (
        x0: max(0, box.x0 + dx), y0: max(0, box.y0 + dy), x1: min(width, box.x1 + dx),
        y1: min(height, box.y1 + dy)
      )
      if moved.x0 < moved.x1, moved.y0 < moved.y1 { strips.append(moved) }
    }
    // Less what this frame leaves out (an opaque header, a card): its buildings would be
    // drawn for nothing.
    for box in skipped { strips = strips.flatMap { subtract(box, from: $0) } }
    let centre = (
      x: Double(reach.left) + place.fraction.x, y: Double(reach.top) + place.fraction.y
    )
    // The whole raster's buildings, found once (each strip places those that can reach it).
    var buildings: [Int]?
    if painter.extrudesBuildings, let map = painter.scene.map {
      let m = painter.matrix(anchor: CGPoint(x: centre.x / scale, y: centre.y / scale))
      buildings = painter.visibleFeatures(
        map, m, size: CGSize(width: Double(width) / scale, height: Double(height) / scale)
      ).filter { map.features[$0].kind == .building }
    }
    // Each strip in up to four pieces, each stored without wrapping.
    func pieces(_ from: Int, _ to: Int, _ offset: Int, _ size: Int) -> [(Int, Int, Int)] {
      let start = wrapped(from + offset, size)
      let split = min(to, from + size - start)
      return [(from, split, start)] + (split < to ? [(split, to, 0)] : [])
    }
    for strip in strips {
      for (x0, x1, sx) in pieces(strip.x0, strip.x1, stored.x, width) {
        for (y0, y1, sy) in pieces(strip.y0, strip.y1, stored.y, height) {
          guard
            resample(
              painter, into: data, stride: stride, box: (x0, y0, x1, y1), of: (width, height),
              anchor: centre, scale: scale, filter: filter, session: session,
              rasterizesBuildings: shortcuts.rasterizesRaisedBuildings, skipping: skipped,
              buildings: buildings, drawsAhead: false, storedAt: (sx, sy))
          else { return nil }
        }
      }
    }
    // The tiles ahead of the whole frame (the strips queued none).
    MapTileCompositor.drawAhead(
      painter.extrudesBuildings ? painter.hiding(.building) : painter, width: width,
      height: height, anchor: centre, scale: scale, cache: session.tiles)
    cairo_surface_mark_dirty(surface)
    return MapRasterCache.Base(
      key: key, center: center, raster: last.raster, skipped: skipped, origin: stored,
      window: origin, anchor: anchor)
  }

  /// The parts of `box` outside `cut`: none, `box` itself, or up to four boxes (the rows
  /// above and below `cut`, then the columns beside it).
  static func subtract(_ cut: PixelBox, from box: PixelBox) -> [PixelBox] {
    let x0 = max(box.x0, cut.x0)
    let y0 = max(box.y0, cut.y0)
    let x1 = min(box.x1, cut.x1)
    let y1 = min(box.y1, cut.y1)
    guard x0 < x1, y0 < y1 else { return [box] }
    var parts: [PixelBox] = []
    if box.y0 < y0 { parts.append((box.x0, box.y0, box.x1, y0)) }
    if y1 < box.y1 { parts.append((box.x0, y1, box.x1, box.y1)) }
    if box.x0 < x0 { parts.append((box.x0, y0, x0, y1)) }
    if x1 < box.x1 { parts.append((x1, y0, box.x1, y1)) }
    return parts
  }

  /// The raster a frame shows made from `base`: a new surface of `place`'s rows, the street
  /// names laid out for `place`'s view, and a band step that copies rows of the base (in
  /// the order of its pixels, from its stored origin; the base covers the whole view) into it and composites the names and draws the
  /// alternatives over them, on the band's thread; `finish` gives the raster once every band
  /// is done. `nil` when no surface could be made.
  @MainActor
  static func decorating(
    _ base: MapRasterCache.Base, _ painter: MapPainter, _ place: Placement, size: CGSize,
    anchor: CGPoint, scale: Double, session: RenderSession, shortcuts: RenderShortcuts
  ) -> (band: @Sendable (Range<Int>) -> Void, finish: () -> MapRasterCache.Raster)? {
    let reach = place.need
    guard let (surface, data, stride) = makeSurface(reach: reach, cache: session.rasters),
      let source = cairo_image_surface_get_data(base.raster.surface)
    else { return nil }
    let sourceStride = Int(cairo_image_surface_get_stride(base.raster.surface))
    let origin = base.origin
    let width = reach.left + reach.right
    // The base's rows (it reaches the whole view), and where this raster's first pixel is
    // in it (the base's first pixel and this one's in the picture).
    let height = base.raster.reach.top + base.raster.reach.bottom
    let offset = (x: place.origin.x - base.window.x, y: place.origin.y - base.window.y)
    func wrapped(_ value: Int, _ size: Int) -> Int { ((value % size) + size) % size }
    let first = (x: wrapped(origin.x + offset.x, width), y: wrapped(origin.y + offset.y, height))
    let placements = LabelPlacements()
    let context = viewContext(
      surface, reach: (reach.left, reach.top), view: place.view, scale: scale)
    painter.paintStreetNames(
      in: context, size: size, anchor: anchor, ownsRaster: true, placements: placements)
    cairo_destroy(context)
    let labels = placements.items
    let over = alternatives(
      painter, place, anchor: anchor, scale: scale,
      scanConverts: shortcuts.rasterizesAlternatives)
    let from = UnsafeSendableMutable(source)
    let to = UnsafeSendableMutable(data)
    let band: @Sendable (Range<Int>) -> Void = { rows in
      // Each row from where the base stores it: its columns from `first.x` to the end,
      // then from the start.
      let left = width - first.x
      for y in rows {
        let row = from.pointer + ((y + first.y) % height) * sourceStride
        let out = UnsafeMutableRawPointer(to.pointer + y * stride)
        out.copyMemory(from: row + first.x * 4, byteCount: left * 4)
        if first.x > 0 { (out + left * 4).copyMemory(from: row, byteCount: first.x * 4) }
      }
      for label in labels {
        label.composite(into: to.pointer, stride: stride, rows: rows)
      }
      over?.draw(
        into: to.pointer, format: CAIRO_FORMAT_RGB24, width: width, stride: stride,
        rows: rows, columns: 0..<width)
    }
    return (
      band,
      {
        cairo_surface_mark_dirty(surface)
        return MapRasterCache.Raster(surface: surface, reach: reach)
      }
    )
  }
}
