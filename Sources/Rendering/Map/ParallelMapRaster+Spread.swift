import CCairo
import Dispatch
import Foundation
import NavigationCore

/// A map that must be drawn again in full (a following camera turned with the vehicle, a
/// pinch changed the zoom) drawn over several frames instead of in one
/// (``RenderSession/spreadsMapRedraws``, the live window's).
///
/// A turn of the camera rotates every pixel of the map: nothing of the last frame's map can
/// be moved into the new one, and at tablet size 2× the whole map is about 60 ms of CPU,
/// three and a half frames of a 60 Hz display. So while the new map is drawn, the frames go
/// on showing the kept one: the frame is drawn with the camera of the kept base raster (the
/// *held* camera: the route, vehicle and markers drawn with it too, so the picture stays
/// consistent), and each frame draws a slice of the new base (rows of it resampled from
/// tiles and their raised buildings), as many rows as fit ``MapRasterCache/sliceSeconds`` of
/// wall time. The frame after the last slice takes the new base (Guides/Decisions.md 18):
/// its street names and alternatives are laid over a copy of it as for a base drawn in
/// full, and the camera it shows is the scene's again (shifted from the new base if the
/// camera has moved since). If the camera changed again meanwhile, the new base is finished
/// for the camera it was begun for, and the next one begun after it.
///
/// What changes is when a camera shows, not what it shows: each frame's pixels are a fresh
/// drawing of the camera it shows (``MapSpreadTests``).
extension ParallelMapRaster {
  /// `scene` with its camera replaced by the kept base's while a new base for its own camera
  /// is drawn over the coming frames (noted as ``MapRasterCache/wanted`` for
  /// ``advanceSpread(_:_:key:scale:filter:skipping:session:shortcuts:)``), when the session
  /// spreads redraws and the camera changed more than a shift can follow; `nil` to draw
  /// `scene` itself. A finished new base is taken first.
  @MainActor
  static func held(_ scene: MapScene, scale: Double, session: RenderSession) -> MapScene? {
    let cache = session.rasters
    cache.wanted = nil
    guard cache.spreads, cache.shifts, let map = scene.map else { return nil }
    if let pending = cache.pending {
      let key = pending.base.key
      if key.map !== map || key.scale != scale || key.style != scene.style {
        // Begun for another map, scale or style: of no use.
        cache.spareBase = pending.base.raster
        cache.pending = nil
      } else if pending.rowsDone == pending.rows {
        cache.pending = nil
        cache.keepBase(pending.base, shifted: false)
        cache.spreadBases += 1
      }
    }
    guard let base = cache.base, base.key.map === map, base.key.scale == scale,
      base.key.style == scene.style, !followsByShifting(scene.camera, base)
    else { return nil }
    cache.wanted = scene
    var held = scene
    held.camera = base.key.camera
    return held
  }

  /// Whether a camera differs from `base`'s in its centre only, or in a zoom too small to
  /// move a pixel of the raster by ``maximumZoomDrift``: what ``snapped(_:scale:session:)``
  /// shifts.
  static func followsByShifting(_ camera: MapCamera, _ base: MapRasterCache.Base) -> Bool {
    let kept = base.key.camera
    guard camera.heading == kept.heading, camera.tilt == kept.tilt else { return false }
    let reach = base.raster.reach
    let corner = hypot(
      Double(max(reach.left, reach.right)), Double(max(reach.top, reach.bottom)))
    return abs(camera.metersPerPoint / kept.metersPerPoint - 1) * corner <= maximumZoomDrift
  }

  /// Draws the next slice of the new base for ``MapRasterCache/wanted`` (begun now over
  /// the whole view `place` when none is under way), as many rows as fit the session's
  /// slice time (at least one band of rows). `key` is the frame's own key, `skipped` the
  /// base's pixels left out (``baseSkipped(_:_:full:)``). A slice whose tiles do not fit
  /// their budget abandons the new base (the frame after draws in full).
  @MainActor
  static func advanceSpread(
    _ painter: MapPainter, _ place: Placement, key: MapRasterCache.Key, scale: Double,
    filter: MapTileFilter, skipped: [PixelBox], session: RenderSession,
    shortcuts: RenderShortcuts
  ) {
    let cache = session.rasters
    guard let wanted = cache.wanted else { return }
    cache.heldFrames += 1
    let need = place.need
    if let pending = cache.pending,
      pending.base.raster.reach.left + pending.base.raster.reach.right
        != need.left + need.right
        || pending.base.raster.reach.top + pending.base.raster.reach.bottom
          != need.top + need.bottom
    {
      // The view's size changed under it (a resize); a moved anchor or views moved over the
      // map are shifted from it once it is taken.
      cache.spareBase = pending.base.raster
      cache.pending = nil
    }
    let width = need.left + need.right
    let height = need.top + need.bottom
    if cache.pending == nil {
      let drawing = MapPainter(
        scene: wanted, labels: painter.labels, overlayImages: painter.overlayImages)
      guard let (surface, _, _) = makeSurface(reach: need, cache: cache, forShifting: true)
      else { return }
      let anchor = (
        x: Double(need.left) + place.fraction.x, y: Double(need.top) + place.fraction.y
      )
      // The whole raster's buildings, found once (each slice places those reaching it).
      var buildings: [Int]?
      if drawing.extrudesBuildings, let map = wanted.map {
        let m = drawing.matrix(anchor: CGPoint(x: anchor.x / scale, y: anchor.y / scale))
        buildings = drawing.visibleFeatures(
          map, m, size: CGSize(width: Double(width) / scale, height: Double(height) / scale)
        ).filter { map.features[$0].kind == .building }
      }
      cache.pending = MapRasterCache.Pending(
        painter: drawing,
        base: MapRasterCache.Base(
          key: MapRasterCache.Key(
            scene: wanted, scale: scale, fractionX: key.fractionX, fractionY: key.fractionY,
            view: key.view, tiled: key.tiled),
          center: drawing.frame.local(wanted.camera.center),
          raster: MapRasterCache.Raster(surface: surface, reach: need), skipped: skipped,
          origin: (0, 0), window: place.origin, anchor: place.anchorDevice),
        anchor: anchor, buildings: buildings, rows: height)
    }
    guard let pending = cache.pending else { return }
    // Its tiles are drawn ahead first (on the other core, at a lower priority) rather than
    // in a slice: a frame drawing a tile took 20 ms at phone size. Half a second at most.
    if !pending.tilesReady, pending.framesWaited < 30 {
      let drawing = pending.painter
      let flat = drawing.extrudesBuildings ? drawing.hiding(.building) : drawing
      if let map = wanted.map,
        let (level, toTiles) = MapTileCompositor.tileSpace(
          flat, anchor: pending.anchor, scale: scale),
        !session.tiles.prepared(
          map: map, style: flat.scene.style, level: level, scale: scale,
          wanted: MapTileCompositor.neededTiles(toTiles: toTiles, width: width, height: height))
      {
        pending.framesWaited += 1
        return
      }
      pending.tilesReady = true
    }
    let surface = pending.base.raster.surface
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let stride = Int(cairo_image_surface_get_stride(surface))
    // Slices of about 128 K pixels (two bands of a core's work), until the time is spent.
    let rowsPerSlice = max(16, (1 << 17) / max(1, width))
    let deadline = wallClock() + cache.sliceSeconds
    repeat {
      let top = pending.rowsDone
      let bottom = min(pending.rows, top + rowsPerSlice)
      let last = bottom == pending.rows
      guard
        resample(
          pending.painter, into: data, stride: stride, box: (0, top, width, bottom),
          of: (width, height), anchor: pending.anchor, scale: scale, filter: filter,
          session: session, rasterizesBuildings: shortcuts.rasterizesRaisedBuildings,
          skipping: pending.base.skipped, buildings: pending.buildings, drawsAhead: false)
      else {
        cache.spareBase = pending.base.raster
        cache.pending = nil
        return
      }
      pending.rowsDone = bottom
      cache.spreadSlices += 1
      if last {
        cairo_surface_mark_dirty(surface)
        // The tiles ahead of the whole frame (the slices queued none).
        let drawing = pending.painter
        MapTileCompositor.drawAhead(
          drawing.extrudesBuildings ? drawing.hiding(.building) : drawing, width: width,
          height: height, anchor: pending.anchor, scale: scale, cache: session.tiles)
      }
    } while pending.rowsDone < pending.rows && wallClock() < deadline
  }

  /// Counts the frame's camera (asked for) as still or moved for the next frames'
  /// ``heldForShift(_:anchor:scale:session:)``; once a frame, after its map is drawn.
  @MainActor
  static func endFrame(_ cache: MapRasterCache) {
    cache.refusesShiftSpread = false
    guard let request = cache.frameRequest else { return }
    cache.frameRequest = nil
    cache.requestedStill = cache.lastRequested == request ? cache.requestedStill + 1 : 0
    cache.lastRequested = request
  }

  /// Wall-clock seconds (monotonic).
  static func wallClock() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}

extension MapRasterCache {
  /// A base raster drawn over several frames (``ParallelMapRaster/advanceSpread(_:_:key:scale:filter:skipping:session:shortcuts:)``):
  /// the painter of the camera it is drawn for, the base it will be, where the camera's
  /// centre is in it, the buildings of the whole raster, and how many of its rows (from the
  /// top) are drawn.
  final class Pending {
    let painter: MapPainter
    let base: Base
    let anchor: (x: Double, y: Double)
    let buildings: [Int]?
    let rows: Int
    var rowsDone = 0
    /// Whether its tiles are kept (drawn ahead), and how many frames waited for them.
    var tilesReady = false
    var framesWaited = 0

    init(
      painter: MapPainter, base: Base, anchor: (x: Double, y: Double), buildings: [Int]?,
      rows: Int
    ) {
      self.painter = painter
      self.base = base
      self.anchor = anchor
      self.buildings = buildings
      self.rows = rows
    }
  }
}

/// A camera that moved (following the vehicle) shown a frame late: the frame shows the
/// newest kept raster's camera while the shifted map for the new one is made over this
/// frame and the next (``RenderSession/spreadsMapShifts``, which the live window sets while
/// no finger or button is down: a drag is shown in its own frame).
extension ParallelMapRaster {
  /// `shown` (the frame's camera snapped to the kept base) with the camera of the newest
  /// kept raster, noting `shown` as ``MapRasterCache/wantedShift``, when the session spreads
  /// shifts and `shown`'s map is the kept base moved (at least half a device pixel from the
  /// newest raster, or that raster's camera was turned: a turned map just taken; the anchor
  /// did not move) after a camera that stood still for two frames
  /// or more (a following camera's fix; a camera moving on every frame, as an animation's,
  /// is shown in its own frame); `nil` to draw `shown` itself.
  @MainActor
  static func heldForShift(
    _ shown: MapScene, anchor: (x: Double, y: Double)?, scale: Double, session: RenderSession
  ) -> MapScene? {
    let cache = session.rasters
    // Whether the camera asked for moved since the last frame, which had stood still for
    // `requestedStill` frames before it (counted once a frame, ``endFrame(_:)``).
    cache.frameRequest = shown.camera
    let painter = MapPainter(scene: shown)
    let changed =
      cache.lastRequested.map { last in
        let moved = shift(of: painter, from: painter.frame.local(last.center), scale: scale)
        return abs(moved.x) > 0.01 || abs(moved.y) > 0.01 || last.heading != shown.camera.heading
          || last.tilt != shown.camera.tilt || last.metersPerPoint != shown.camera.metersPerPoint
      } ?? true
    let stillBefore = cache.requestedStill
    if cache.refusesShiftSpread {
      cache.pendingShown = nil
      return nil
    }
    guard cache.spreadsShifts, cache.shifts, cache.pending == nil, cache.wanted == nil,
      let newest = cache.newestKey, let base = cache.base, let map = shown.map,
      base.key.map === map, base.key.scale == scale, base.key.style == shown.style,
      newest.map === map, newest.scale == scale, newest.style == shown.style,
      anchor.map({ $0 == base.anchor }) ?? true
    else {
      cache.pendingShown = nil
      return nil
    }
    if cache.pendingShown == nil {
      guard changed, stillBefore >= 2 else { return nil }
      // The newest raster's camera turned to this one (a turned map just taken), or moved.
      let kept = newest.camera
      if kept.heading == shown.camera.heading, kept.tilt == shown.camera.tilt,
        kept.metersPerPoint == shown.camera.metersPerPoint
      {
        let moved = shift(of: painter, from: painter.frame.local(kept.center), scale: scale)
        guard abs(moved.x) >= 0.5 || abs(moved.y) >= 0.5 else { return nil }
      }
    }
    cache.wantedShift = shown
    var held = shown
    held.camera = newest.camera
    return held
  }

  /// Makes the next bands of the shifted map for ``MapRasterCache/wantedShift`` (its base
  /// shifted and its decoration begun now, for this frame's `place`, when none is under
  /// way), as many as fit the session's slice time; once all are done, the raster is kept
  /// for the next frame. `key` is this frame's (held) key: the new one is the same view
  /// with the wanted camera.
  @MainActor
  static func advanceShiftSpread(
    _ painter: MapPainter, _ place: Placement, full: Placement, key: MapRasterCache.Key,
    size: CGSize, anchor: CGPoint, scale: Double, filter: MapTileFilter, skipped: [PixelBox],
    session: RenderSession, shortcuts: RenderShortcuts
  ) {
    let cache = session.rasters
    cache.heldShiftFrames += 1
    if cache.pendingShown == nil, let wanted = cache.wantedShift {
      let drawing = MapPainter(
        scene: wanted, labels: painter.labels, overlayImages: painter.overlayImages)
      let wantedKey = MapRasterCache.Key(
        scene: wanted, scale: scale, fractionX: key.fractionX, fractionY: key.fractionY,
        view: key.view, tiled: key.tiled)
      guard
        let started = layeredShift(
          drawing, place, full: full, key: wantedKey, size: size, anchor: anchor,
          scale: scale, filter: filter, skipped: skipped, session: session,
          shortcuts: shortcuts)
      else {
        // Not a shift after all: the next frame is drawn as it comes.
        cache.refusesShiftSpread = true
        return
      }
      cache.pendingShown = MapRasterCache.PendingShown(
        key: wantedKey, band: started.band, finish: started.finish,
        rows: place.need.top + place.need.bottom)
    }
    guard let pending = cache.pendingShown else { return }
    let bandRows = max(16, (1 << 17) / max(1, place.need.left + place.need.right))
    let deadline = wallClock() + cache.sliceSeconds
    // The frame that shifted the base and laid out the names copies half the rows at most.
    let limit = pending.rowsDone == 0 && cache.wantedShift != nil ? pending.rows / 2 : pending.rows
    repeat {
      let first = pending.rowsDone
      let end = min(limit, first + 2 * bandRows)
      let half = (first + end + 1) / 2
      let band = pending.band
      // Two bands at once, one a core.
      DispatchQueue.concurrentPerform(iterations: 2) { part in
        let rows = part == 0 ? first..<half : half..<end
        if !rows.isEmpty { band(rows) }
      }
      pending.rowsDone = end
    } while pending.rowsDone < limit && wallClock() < deadline
    if pending.rowsDone == pending.rows {
      cache.keep(pending.finish(), for: pending.key)
      cache.pendingShown = nil
      cache.spreadShifts += 1
    }
  }
}

extension MapRasterCache {
  /// A shifted map's raster made over a frame or two
  /// (``ParallelMapRaster/advanceShiftSpread(_:_:full:key:size:anchor:scale:filter:skipped:session:shortcuts:)``):
  /// its key, the step that copies and decorates a band of its rows, what gives the raster
  /// once all are done, and how many rows (from the top) are.
  final class PendingShown {
    let key: Key
    let band: @Sendable (Range<Int>) -> Void
    let finish: () -> Raster
    let rows: Int
    var rowsDone = 0

    init(
      key: Key, band: @escaping @Sendable (Range<Int>) -> Void, finish: @escaping () -> Raster,
      rows: Int
    ) {
      self.key = key
      self.band = band
      self.finish = finish
      self.rows = rows
    }
  }
}
