import CCairo
import Dispatch
import Foundation
import NavigationCore

/// Rasterizes a map's geometry (land, water, parks, buildings, roads) in horizontal bands on
/// several threads, each band its own Cairo context over a slice of one opaque pixel buffer,
/// then the street names and alternatives over it (from tiles: on the resampling threads,
/// band by band), keeps that raster, and blits it into the picture (by rows on all cores,
/// each band then drawn over by the route and markers on its thread).
///
/// The raster is remembered for the next frames ( ``MapRasterCache``): the navigation camera
/// moves once per location fix (1 Hz) while frames come at 10 per second, so most frames of
/// a drive show the same map. A kept raster is reused when the scene's map, camera, style,
/// alternatives and street-name switch, the scale, the anchor's fraction of a pixel and the
/// view's rectangle around the anchor are the same (street names are placed in that
/// rectangle, so a sliding viewport draws a new raster); then it is blitted at a
/// whole-pixel offset, which gives the pixels of a direct drawing but for floating-point
/// rounding at a few edges (tested against the serial path). Only for raster output whose
/// user space is an axis-aligned scale.
enum ParallelMapRaster {
  /// Extra pixels drawn around the map view on each side, so a sliding viewport (which moves
  /// the anchor) still finds the kept raster.
  static let marginPoints = 16.0

  /// The cores this process may use, read once: `ProcessInfo.activeProcessorCount` reads
  /// the cgroup's CPU quota from files on every call (2.7 % of a shifted frame's CPU when
  /// each band count asked for it).
  static let cores = ProcessInfo.processInfo.activeProcessorCount

  /// A rectangle of whole pixels, `x0 ..< x1` by `y0 ..< y1`.
  typealias PixelBox = (x0: Int, y0: Int, x1: Int, y1: Int)

  /// Paints `painter`'s geometry, street names and alternatives (``MapPainter/paintUnderlays(in:size:anchor:ownsRaster:)``)
  /// into `(0, 0, size)` of `cr`'s user space at `scale` pixels per point; `drawn` is
  /// `false` (nothing drawn) when it cannot. With `visibleRows` (view points, see
  /// ``MapOcclusion``) only those rows are drawn and painted: the others are under opaque
  /// views. With `overlays`, what goes over the map on every frame is drawn into each band of
  /// the copy on the copying thread (`overlaid`), when the copy is ours. Rasters and tiles
  /// are kept in `session`; from tiles, the pixels in `covered` are left out unless
  /// `shortcuts` says not to.
  @MainActor
  static func paint(
    _ painter: MapPainter, in cr: OpaquePointer, size: CGSize, anchor: CGPoint, scale: Double,
    tiles: MapTileFilter? = nil, session: RenderSession,
    shortcuts: RenderShortcuts = RenderShortcuts(),
    visibleRows: (top: Double, bottom: Double)? = nil, covered: [PixelBox] = [],
    overlays: BandOverlay? = nil, holes: Holes? = nil
  ) -> (drawn: Bool, overlaid: Bool) {
    // A map without land (no base map) is drawn directly over the view's background: the
    // raster's pixels replace what is under them.
    guard painter.scene.paintsLand else { return (false, false) }
    // A tilted camera's map is its flat map (kept tiles without buildings, rotated) with
    // the buildings raised over it (``compose``): the tilt moves nothing on the ground.
    guard
      let place = Placement(
        in: cr, size: size, anchor: anchor, scale: scale, visibleRows: visibleRows)
    else { return (false, false) }
    let whole = (x: Int(place.whole.x), y: Int(place.whole.y))
    // A base kept for shifting covers the whole view (``layered``).
    let full =
      visibleRows == nil
      ? place
      : Placement(in: cr, size: size, anchor: anchor, scale: scale, visibleRows: nil) ?? place
    // From tiles, the pixels opaque views cover are not resampled (a kept raster then
    // serves only frames whose views cover the same pixels around the anchor).
    let skipped =
      tiles == nil || !shortcuts.skipsCoveredPixels
      ? []
      : covered.map { box in
        (x0: box.x0 - whole.x, y0: box.y0 - whole.y, x1: box.x1 - whole.x, y1: box.y1 - whole.y)
      }
    let view = place.view
    let key = MapRasterCache.Key(
      scene: painter.scene, scale: scale, fractionX: place.fraction.x,
      fractionY: place.fraction.y,
      view: [
        view.left, view.top, view.right, view.bottom, place.shown.top - place.whole.y,
        place.shown.bottom - place.whole.y,
      ] + skipped.flatMap { [Double($0.x0), Double($0.y0), Double($0.x1), Double($0.y1)] },
      tiled: tiles)
    let cache = session.rasters
    let raster: MapRasterCache.Raster
    if let kept = cache.raster(for: key, reaching: place.need) {
      raster = kept
    } else if cache.shifts, let filter = tiles,
      let layered = layered(
        painter, place, full: full, key: key, size: size, anchor: anchor, scale: scale,
        filter: filter, skipped: baseSkipped(skipped, place, full: full), session: session,
        shortcuts: shortcuts)
    {
      raster = layered
      cache.keep(raster, for: key)
    } else {
      // Pixels opaque markers drawn straight over this frame will cover are left out of a
      // raster from tiles; such a raster serves this frame only (it is not kept).
      let mask =
        tiles == nil || !shortcuts.skipsPixelsUnderMarkers || overlays == nil
        ? nil
        : holes?(
          Int(place.whole.x) - place.need.left, Int(place.whole.y) - place.need.top,
          place.need.left + place.need.right, place.need.top + place.need.bottom)
      defer { mask?.deallocate() }
      guard
        let drawn = freshRaster(
          painter, place, size: size, anchor: anchor, scale: scale, tiles: tiles,
          skipping: skipped, holes: mask, session: session, shortcuts: shortcuts)
      else { return (false, false) }
      raster = drawn
      if mask == nil { cache.keep(raster, for: key) } else { cache.holed += 1 }
    }
    let copied = blit(raster, place, into: cr, overlays: overlays)
    // A shifted map being made for a newer camera gets its next bands.
    if cache.wantedShift != nil || cache.pendingShown != nil, let filter = tiles {
      advanceShiftSpread(
        painter, place, full: full, key: key, size: size, anchor: anchor, scale: scale,
        filter: filter, skipped: baseSkipped(skipped, place, full: full), session: session,
        shortcuts: shortcuts)
    }
    // A map being drawn over several frames for a newer camera gets its next slice.
    if cache.wanted != nil, let filter = tiles {
      advanceSpread(
        painter, full, key: key, scale: scale, filter: filter,
        skipped: baseSkipped(skipped, place, full: full), session: session,
        shortcuts: shortcuts)
    }
    endFrame(cache)
    return (true, copied && overlays != nil)
  }

  /// Where a map view's raster goes in device pixels: the anchor's whole pixel and its
  /// fraction, the view's rectangle, the rows shown, and how far the raster must reach.
  struct Placement {
    /// The caller's user-to-device matrix.
    let matrix: cairo_matrix_t
    /// The anchor's pixel, and the anchor's place inside it.
    let whole: (x: Double, y: Double)
    let fraction: (x: Double, y: Double)
    /// The view's rectangle in device pixels.
    let left: Double
    let top: Double
    let right: Double
    let bottom: Double
    /// The rows drawn: the visible ones in whole device pixels.
    let shown: (top: Double, bottom: Double)
    /// Whole pixels the raster must reach from the anchor's pixel on each side.
    let need: (left: Int, top: Int, right: Int, bottom: Int)
    /// The view's rectangle around the anchor's pixel (street names are placed for it: a
    /// kept raster serves only the same rectangle around the anchor).
    let view: (left: Double, top: Double, right: Double, bottom: Double)

    /// Where the raster's first pixel is in the picture (device pixels).
    var origin: (x: Int, y: Int) { (Int(whole.x) - need.left, Int(whole.y) - need.top) }
    /// The anchor in the picture (device pixels).
    var anchorDevice: (x: Double, y: Double) { (whole.x + fraction.x, whole.y + fraction.y) }

    /// The placement of a view of `size` points whose camera centre is at `anchor`, in
    /// `cr`'s user space at `scale`; `nil` when that space is rotated, not `scale`, or not
    /// finite. With `visibleRows` (view points) only those rows are shown, when they hold
    /// the anchor's pixel.
    init?(
      in cr: OpaquePointer, size: CGSize, anchor: CGPoint, scale: Double,
      visibleRows: (top: Double, bottom: Double)?
    ) {
      var matrix = cairo_matrix_t()
      cairo_get_matrix(cr, &matrix)
      guard matrix.xy == 0, matrix.yx == 0, abs(matrix.xx - scale) < 1e-9,
        abs(matrix.yy - scale) < 1e-9, size.width > 0, size.height > 0
      else { return nil }
      self.matrix = matrix
      var ax = Double(anchor.x)
      var ay = Double(anchor.y)
      cairo_user_to_device(cr, &ax, &ay)
      var left = 0.0
      var top = 0.0
      cairo_user_to_device(cr, &left, &top)
      let right = left + Double(size.width) * scale
      let bottom = top + Double(size.height) * scale
      guard ax.isFinite, ay.isFinite, left.isFinite, top.isFinite else { return nil }
      self.left = left
      self.top = top
      self.right = right
      self.bottom = bottom
      let whole = (x: ax.rounded(.down), y: ay.rounded(.down))
      self.whole = whole
      fraction = (x: ax - whole.x, y: ay - whole.y)
      var shown = (top: top, bottom: bottom)
      if let rows = visibleRows {
        let rowsTop = max(top, (top + rows.top * scale).rounded(.down))
        let rowsBottom = min(bottom, (top + rows.bottom * scale).rounded(.up))
        if rowsTop <= whole.y, whole.y + 1 <= rowsBottom { shown = (rowsTop, rowsBottom) }
      }
      self.shown = shown
      need = (
        left: Int((whole.x - left).rounded(.up)), top: Int((whole.y - shown.top).rounded(.up)),
        right: Int((right - whole.x).rounded(.up)),
        bottom: Int((shown.bottom - whole.y).rounded(.up))
      )
      view = (
        left: left - whole.x, top: top - whole.y, right: right - whole.x,
        bottom: bottom - whole.y
      )
    }
  }

  /// A new raster of the map's geometry for `place`, with the street names and alternatives
  /// over it: resampled from `session`'s tiles (leaving out `skipping`, boxes from the
  /// anchor's pixel) when `tiles` is set and they fit their budget, else drawn directly with
  /// a margin; `nil` when no surface could be made.
  @MainActor
  static func freshRaster(
    _ painter: MapPainter, _ place: Placement, size: CGSize, anchor: CGPoint, scale: Double,
    tiles: MapTileFilter?, skipping skipped: [PixelBox], holes: OpaqueMask? = nil,
    session: RenderSession, shortcuts: RenderShortcuts = RenderShortcuts()
  ) -> MapRasterCache.Raster? {
    let need = place.need
    let view = place.view
    // Resampled tiles cost in proportion to the pixels: no margin for them; the direct
    // drawing (also when the tiles do not fit their budget) has one.
    let margin = Int((marginPoints * scale).rounded(.up))
    let direct = (
      left: need.left + margin, top: need.top + margin, right: need.right + margin,
      bottom: need.bottom + margin
    )
    // Street names and alternatives go over the geometry (Pango is used on this thread
    // only), in the view's user space: its origin at its pixel in the raster. From
    // tiles, the names are laid out first and composited by the resampling threads,
    // each into its band while the band's pixels are in the cache.
    func viewContext(_ surface: OpaquePointer, reach: (left: Int, top: Int)) -> OpaquePointer {
      ParallelMapRaster.viewContext(surface, reach: reach, view: view, scale: scale)
    }
    let composed = tiles.flatMap { filter in
      compose(
        painter, reach: need, fraction: place.fraction, scale: scale, filter: filter,
        session: session, rasterizesBuildings: shortcuts.rasterizesRaisedBuildings,
        skipping: skipped.map { box in
          (
            x0: box.x0 + need.left, y0: box.y0 + need.top, x1: box.x1 + need.left,
            y1: box.y1 + need.top
          )
        },
        holes: holes,
        overBands: alternatives(
          painter, place, anchor: anchor, scale: scale,
          scanConverts: shortcuts.rasterizesAlternatives),
        streetNames: { surface in
          let placements = LabelPlacements()
          let context = viewContext(surface, reach: (need.left, need.top))
          painter.paintStreetNames(
            in: context, size: size, anchor: anchor, ownsRaster: true, placements: placements)
          cairo_destroy(context)
          return placements.items
        })
    }
    guard
      let drawn = composed
        ?? draw(
          painter, reach: direct, fraction: place.fraction, scale: scale,
          cache: session.rasters)
    else { return nil }
    if composed == nil {
      let context = viewContext(drawn.surface, reach: (drawn.reach.left, drawn.reach.top))
      painter.paintUnderlays(in: context, size: size, anchor: anchor, ownsRaster: true)
      cairo_destroy(context)
    }
    cairo_surface_flush(drawn.surface)
    return drawn
  }

  /// A context over `surface` in the map view's user space (its points, its origin at its
  /// pixel in a raster reaching `reach` from the anchor's pixel).
  static func viewContext(
    _ surface: OpaquePointer, reach: (left: Int, top: Int),
    view: (left: Double, top: Double, right: Double, bottom: Double), scale: Double
  ) -> OpaquePointer {
    let context = cairo_create(surface)!
    cairo_translate(context, Double(reach.left) + view.left, Double(reach.top) + view.top)
    cairo_scale(context, scale, scale)
    return context
  }

  /// The alternative routes stroked into each band of a raster resampled from tiles, after
  /// its names, on the band's thread (the view's user space, less the band's first row);
  /// `nil` without alternatives.
  static func alternatives(
    _ painter: MapPainter, _ place: Placement, anchor: CGPoint, scale: Double,
    scanConverts: Bool = true
  ) -> PlacedOverlay? {
    guard !painter.scene.alternatives.isEmpty else { return nil }
    let viewOrigin = (
      x: Double(place.need.left) + place.view.left, y: Double(place.need.top) + place.view.top
    )
    return PlacedOverlay(
      userToDevice: cairo_matrix_t(
        xx: scale, yx: 0, xy: 0, yy: scale, x0: viewOrigin.x, y0: viewOrigin.y),
      body: { context in
        var m = painter.matrix(anchor: anchor)
        painter.paintAlternatives(in: context, matrix: &m, scanConverts: scanConverts)
      })
  }

  /// Blits `raster` at `place`'s whole-pixel offset, in device space, under the caller's
  /// clip, with `overlays` drawn into each band of the copy on its thread; whether the copy
  /// was ours (and the overlays drawn).
  @MainActor
  static func blit(
    _ raster: MapRasterCache.Raster, _ place: Placement, into cr: OpaquePointer,
    overlays: BandOverlay?
  ) -> Bool {
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_rectangle(
      cr, place.left, place.shown.top, place.right - place.left,
      place.shown.bottom - place.shown.top)
    cairo_clip(cr)
    let origin = (
      x: Int(place.whole.x) - raster.reach.left, y: Int(place.whole.y) - raster.reach.top
    )
    let copied = copy(
      raster, at: origin, into: cr,
      overlays: overlays.map { PlacedOverlay(userToDevice: place.matrix, body: $0) })
    if !copied {
      cairo_set_source_surface(cr, raster.surface, Double(origin.x), Double(origin.y))
      cairo_paint(cr)
    }
    cairo_restore(cr)
    return copied
  }

  /// Something drawn over the map in a band of rows on the thread that filled the band:
  /// called with a context whose user space is the map view's, clipped to the band.
  typealias BandOverlay = @Sendable (OpaquePointer) -> Void

  /// The pixels that opaque overlays drawn over the map (``BandOverlay``) will cover, over
  /// the given width and height of device pixels from the given device pixel (the mask's
  /// first, owned by the caller), or `nil` (``MapPainter/opaqueMarkerMask(in:anchor:x:y:width:height:)``).
  typealias Holes = @MainActor (_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> OpaqueMask?

  /// An overlay placed over a pixel buffer: its user space mapped to the pixels by
  /// `userToDevice`.
  struct PlacedOverlay: @unchecked Sendable {
    let userToDevice: cairo_matrix_t
    let body: BandOverlay

    /// Calls the overlay with a context over `rows` of an image surface's pixels (`format`,
    /// `width` pixels, `stride`), clipped to columns `columns` of those rows.
    func draw(
      into data: UnsafeMutablePointer<UInt8>, format: cairo_format_t, width: Int, stride: Int,
      rows: Range<Int>, columns: Range<Int>
    ) {
      guard !rows.isEmpty, !columns.isEmpty,
        let slice = cairo_image_surface_create_for_data(
          data + rows.lowerBound * stride, format, Int32(width), Int32(rows.count),
          Int32(stride))
      else { return }
      defer { cairo_surface_destroy(slice) }
      guard cairo_surface_status(slice) == CAIRO_STATUS_SUCCESS,
        let context = cairo_create(slice)
      else { return }
      cairo_rectangle(
        context, Double(columns.lowerBound), 0, Double(columns.count), Double(rows.count))
      cairo_clip(context)
      cairo_translate(context, 0, -Double(rows.lowerBound))
      var matrix = userToDevice
      cairo_transform(context, &matrix)
      body(context)
      cairo_destroy(context)
      cairo_surface_flush(slice)
    }
  }

  /// Copies `raster` (its first pixel at device pixel `origin`) into `cr`'s image surface
  /// under `cr`'s clip, rows on all cores, when the clip is whole-pixel rectangles (what
  /// Cairo's blit gives for an opaque raster, on one thread); `false`, having copied
  /// nothing, for other surfaces and clips. With `overlays`, each band of rows is then
  /// drawn over by the overlay on the thread that copied it.
  @MainActor
  static func copy(
    _ raster: MapRasterCache.Raster, at origin: (x: Int, y: Int), into cr: OpaquePointer,
    overlays: PlacedOverlay? = nil
  )
    -> Bool
  {
    guard let target = CairoDrawing.pixelTarget(of: cr),
      let list = cairo_copy_clip_rectangle_list(cr)
    else { return false }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
    let width = Int(cairo_image_surface_get_width(target))
    let height = Int(cairo_image_surface_get_height(target))
    let sourceWidth = Int(cairo_image_surface_get_width(raster.surface))
    let sourceHeight = Int(cairo_image_surface_get_height(raster.surface))
    // Whole-pixel rectangles within both surfaces (device space: the matrix is identity).
    var boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
    for index in 0..<Int(list.pointee.num_rectangles) {
      let r = list.pointee.rectangles[index]
      let edges = [r.x, r.y, r.x + r.width, r.y + r.height]
      guard edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 1e7 }) else {
        return false
      }
      let box = (
        x0: max(Int(r.x), 0, origin.x), y0: max(Int(r.y), 0, origin.y),
        x1: min(Int(r.x + r.width), width, origin.x + sourceWidth),
        y1: min(Int(r.y + r.height), height, origin.y + sourceHeight)
      )
      if box.x0 < box.x1, box.y0 < box.y1 { boxes.append(box) }
    }
    cairo_surface_flush(target)
    cairo_surface_flush(raster.surface)
    guard let data = cairo_image_surface_get_data(target),
      let source = cairo_image_surface_get_data(raster.surface)
    else { return false }
    let stride = Int(cairo_image_surface_get_stride(target))
    let format = cairo_image_surface_get_format(target)
    let sourceStride = Int(cairo_image_surface_get_stride(raster.surface))
    let to = UnsafeSendableMutable(data)
    let from = UnsafeSendableMutable(source)
    for box in boxes {
      let rows = box.y1 - box.y0
      let bands = max(1, min(2 * ParallelMapRaster.cores, rows / 64))
      let rowsPerBand = (rows + bands - 1) / bands
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let first = box.y0 + band * rowsPerBand
        let last = min(box.y1, first + rowsPerBand)
        guard first < last else { return }
        let count = box.x1 - box.x0
        for y in first..<last {
          let out =
            UnsafeMutableRawPointer(to.pointer + y * stride)
            .assumingMemoryBound(to: UInt32.self) + box.x0
          let row =
            UnsafeRawPointer(from.pointer + (y - origin.y) * sourceStride)
            .assumingMemoryBound(to: UInt32.self) + (box.x0 - origin.x)
          // RGB24's top byte is not a channel: opaque.
          for x in 0..<count { out[x] = row[x] | 0xFF00_0000 }
        }
        overlays?.draw(
          into: to.pointer, format: format, width: width, stride: stride, rows: first..<last,
          columns: box.x0..<box.x1)
      }
      cairo_surface_mark_dirty_rectangle(
        target, Int32(box.x0), Int32(box.y0), Int32(box.x1 - box.x0), Int32(rows))
    }
    return true
  }

  /// A new opaque surface reaching `reach` whole pixels from the anchor's pixel, its pixels
  /// and stride.
  /// (A raster the cache let go of is reused when it has the size: a fresh 12 MB surface
  /// costs thousands of page faults. Its old pixels stay; every caller paints them all.)
  /// A transparent one (`transparent`, never from the cache) starts cleared.
  @MainActor
  static func makeSurface(
    reach: (left: Int, top: Int, right: Int, bottom: Int), cache: MapRasterCache?,
    transparent: Bool = false, forShifting: Bool = false
  ) -> (surface: OpaquePointer, data: UnsafeMutablePointer<UInt8>, stride: Int)? {
    let width = reach.left + reach.right
    let height = reach.top + reach.bottom
    guard width > 0, height > 0, width <= 32_768,
      height <= 32_768,
      let surface =
        (transparent
          ? nil : cache?.spareSurface(width: width, height: height, forShifting: forShifting))
        ?? cairo_image_surface_create(
          transparent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_surface_flush(surface)
    return (surface, data, Int(cairo_image_surface_get_stride(surface)))
  }

  /// The geometry resampled from kept (or newly drawn) north-up tiles into a new opaque
  /// surface reaching `reach` whole pixels from the anchor's pixel, the anchor at
  /// `fraction` inside it, with the labels `streetNames` places on that surface composited
  /// over it and then `overBands` drawn over each band on its thread; `nil` when the tiles
  /// do not fit the budget of `session`'s tiles. With `forShifting`, the surface is the
  /// cache's spare one of ``MapRasterCache/base``'s.
  @MainActor
  static func compose(
    _ painter: MapPainter, reach: (left: Int, top: Int, right: Int, bottom: Int),
    fraction: (x: Double, y: Double), scale: Double, filter: MapTileFilter,
    session: RenderSession, rasterizesBuildings: Bool = true, skipping: [PixelBox] = [],
    holes: OpaqueMask? = nil, overBands: PlacedOverlay? = nil,
    streetNames: (OpaquePointer) -> [LabelPlacement], forShifting: Bool = false
  ) -> MapRasterCache.Raster? {
    guard
      let (surface, data, stride) = makeSurface(
        reach: reach, cache: session.rasters, forShifting: forShifting)
    else { return nil }
    let width = reach.left + reach.right
    let height = reach.top + reach.bottom
    let pixels = UnsafeSendableMutable(data)
    let anchor = (x: Double(reach.left) + fraction.x, y: Double(reach.top) + fraction.y)
    var afterBand: (@Sendable (Range<Int>) -> Void)?
    if let over = overBands {
      afterBand = { rows in
        over.draw(
          into: pixels.pointer, format: CAIRO_FORMAT_RGB24, width: width, stride: stride,
          rows: rows, columns: 0..<width)
      }
    }
    // The names are laid out while new tiles are drawn.
    let composed = resample(
      painter, into: data, stride: stride, box: (0, 0, width, height), of: (width, height),
      anchor: anchor, scale: scale, filter: filter, session: session,
      rasterizesBuildings: rasterizesBuildings, skipping: skipping, holes: holes,
      labels: { streetNames(surface) }, afterBand: afterBand)
    guard composed else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_surface_mark_dirty(surface)
    return MapRasterCache.Raster(surface: surface, reach: reach)
  }

  /// Resamples the geometry into `box` of an opaque raster of `size` pixels at `data`
  /// (`stride` bytes a row) whose camera centre is at `anchor` (pixels), the pixels in
  /// `skipping` (raster pixels) left out; a tilted camera's buildings are raised over it
  /// (those a drawing of the whole raster draws, clipped to the box), then `labels`'
  /// placements (on the box's pixels) composited and `afterBand` called with each band's rows
  /// of the box. With `drawsAhead: false` no tiles are queued ahead (a part of a frame).
  /// With `stored`, the box's pixels are stored from that pixel of `data` on (a base raster
  /// stored with an offset, ``MapRasterCache/base``). `false` when the tiles do not fit
  /// their budget.
  @MainActor
  static func resample(
    _ painter: MapPainter, into data: UnsafeMutablePointer<UInt8>, stride: Int, box: PixelBox,
    of size: (width: Int, height: Int), anchor: (x: Double, y: Double), scale: Double,
    filter: MapTileFilter, session: RenderSession, rasterizesBuildings: Bool,
    skipping: [PixelBox], holes: OpaqueMask? = nil, buildings: [Int]? = nil,
    labels: () -> [LabelPlacement] = { [] },
    afterBand: (@Sendable (Range<Int>) -> Void)? = nil, drawsAhead: Bool = true,
    storedAt stored: (x: Int, y: Int)? = nil
  ) -> Bool {
    let width = box.x1 - box.x0
    let height = box.y1 - box.y0
    let origin = data + (stored?.y ?? box.y0) * stride + (stored?.x ?? box.x0) * 4
    // A tilted camera's buildings are raised over the flat map, under the names: the tiles
    // are drawn without them.
    var flat = painter
    var raised: (@Sendable (Range<Int>) -> Void)?
    if painter.extrudesBuildings, let map = painter.scene.map {
      flat = painter.hiding(.building)
      // Those of the whole raster that can reach the box: a building stands straight up
      // the screen from its base, so its base is at most the tallest rise below the box.
      var reaching: CGRect?
      if box != (0, 0, size.width, size.height) {
        let rise = map.tallestBuilding * painter.raise
        reaching = CGRect(
          x: Double(box.x0) / scale, y: Double(box.y0) / scale,
          width: Double(width) / scale, height: Double(height) / scale + rise)
      }
      let shapes = placedBuildings(
        painter, map: map, width: size.width, height: size.height, anchor: anchor, scale: scale,
        within: reaching, among: buildings)
      raised = drawBuildings(
        shapes, painter, into: UnsafeSendableMutable(origin), width: width, stride: stride,
        scale: scale, offset: (box.x0, box.y0), rasterizes: rasterizesBuildings)
    }
    let skipped = skipping.compactMap { b -> PixelBox? in
      let clipped = (
        x0: max(b.x0, box.x0) - box.x0, y0: max(b.y0, box.y0) - box.y0,
        x1: min(b.x1, box.x1) - box.x0, y1: min(b.y1, box.y1) - box.y0
      )
      return clipped.x0 < clipped.x1 && clipped.y0 < clipped.y1 ? clipped : nil
    }
    return MapTileCompositor.paint(
      flat, into: origin, stride: stride, width: width, height: height,
      anchor: (anchor.x - Double(box.x0), anchor.y - Double(box.y0)), scale: scale,
      filter: filter, cache: session.tiles, skipping: skipped,
      holes: box == (0, 0, size.width, size.height) ? holes : nil, labels: labels,
      underLabels: raised, afterBand: afterBand, drawsAhead: drawsAhead)
  }

  /// The buildings a tilted camera raises (``MapPainter/extrudesBuildings``) over a raster
  /// of `width` × `height` pixels whose camera centre is at `anchor` (pixels), placed in
  /// its points, farthest first; with `clip` (points), only those whose base meets it (and
  /// the margin ``MapPainter/visibleFeatures(_:_:size:within:among:)`` leaves), looked for
  /// among the features `candidates` when given (the whole raster's, found once a frame).
  static func placedBuildings(
    _ painter: MapPainter, map: BaseMap, width: Int, height: Int,
    anchor: (x: Double, y: Double), scale: Double, within clip: CGRect? = nil,
    among candidates: [Int]? = nil
  ) -> [MapPainter.ExtrudedBuilding] {
    var m = painter.matrix(anchor: CGPoint(x: anchor.x / scale, y: anchor.y / scale))
    let visible = painter.visibleFeatures(
      map, m, size: CGSize(width: Double(width) / scale, height: Double(height) / scale),
      within: clip, among: candidates)
    return painter.extrudedBuildings(map, visible, matrix: &m)
  }

  /// Draws `shapes` (``placedBuildings(_:map:width:height:anchor:scale:)``) into a band of
  /// rows on its thread: `pixels` is the raster's pixel `offset`, `width` columns from
  /// there; those that reach the band, in the order of a direct drawing (so each pixel is
  /// as the direct drawing paints it, band and box edges and all). With `rasterizes` (and
  /// opaque colours) our ``RaisedBuildingRasterizer`` draws them, else Cairo.
  static func drawBuildings(
    _ shapes: [MapPainter.ExtrudedBuilding], _ painter: MapPainter,
    into pixels: UnsafeSendableMutable, width: Int, stride: Int, scale: Double,
    offset: (x: Int, y: Int) = (0, 0), rasterizes: Bool = true
  ) -> @Sendable (Range<Int>) -> Void {
    let placed = cairo_matrix_t(
      xx: scale, yx: 0, xy: 0, yy: scale, x0: -Double(offset.x), y0: -Double(offset.y))
    let rasterizer = RaisedBuildingRasterizer(style: painter.scene.style, scale: scale)
    // The box's columns in points, and a pixel more for the outline's width and
    // antialiasing.
    let left = Double(offset.x) / scale - 1
    let right = Double(offset.x + width) / scale + 1
    return { rows in
      // The band in points, likewise.
      let top = Double(rows.lowerBound + offset.y) / scale - 1
      let bottom = Double(rows.upperBound + offset.y) / scale + 1
      let reaching = shapes.filter {
        $0.bottom >= top && $0.top <= bottom && $0.right >= left && $0.left <= right
      }
      guard !reaching.isEmpty else { return }
      if rasterizer.isOpaque, rasterizes {
        var ours = rasterizer
        ours.borrowScratch()
        ours.draw(
          reaching, into: pixels.pointer, stride: stride, width: width, rows: rows,
          offset: (Double(offset.x), Double(offset.y)))
        ours.returnScratch()
        return
      }
      PlacedOverlay(userToDevice: placed) { painter.paintExtruded(reaching, in: $0) }.draw(
        into: pixels.pointer, format: CAIRO_FORMAT_RGB24, width: width, stride: stride,
        rows: rows, columns: 0..<width)
    }
  }

  /// Draws the geometry into a new opaque surface reaching `reach` whole pixels from the
  /// anchor's pixel, the anchor at `fraction` inside it (reusing `cache`'s spare surface).
  @MainActor
  static func draw(
    _ painter: MapPainter, reach: (left: Int, top: Int, right: Int, bottom: Int),
    fraction: (x: Double, y: Double), scale: Double, cache: MapRasterCache?
  ) -> MapRasterCache.Raster? {
    let width = reach.left + reach.right
    let height = reach.top + reach.bottom
    guard let (surface, data, stride) = makeSurface(reach: reach, cache: cache) else {
      return nil
    }
    let size = CGSize(width: Double(width) / scale, height: Double(height) / scale)
    let anchor = CGPoint(
      x: (Double(reach.left) + fraction.x) / scale, y: (Double(reach.top) + fraction.y) / scale)
    // Four bands per core, taken in turn: a map's detail is uneven (water is cheap), so
    // one band per core leaves a core idle while the other finishes.
    let bands = max(1, min(4 * ParallelMapRaster.cores, height / 128, 16))
    let rowsPerBand = (height + bands - 1) / bands
    let base = UnsafeSendableMutable(data)
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let first = band * rowsPerBand
      let rows = min(height, first + rowsPerBand) - first
      guard rows > 0,
        let slice = cairo_image_surface_create_for_data(
          base.pointer + first * stride, CAIRO_FORMAT_RGB24, Int32(width), Int32(rows),
          Int32(stride))
      else { return }
      let context = cairo_create(slice)!
      cairo_translate(context, 0, -Double(first))
      cairo_scale(context, scale, scale)
      painter.paintGeometry(in: context, size: size, anchor: anchor)
      cairo_destroy(context)
      cairo_surface_flush(slice)
      cairo_surface_destroy(slice)
    }
    cairo_surface_mark_dirty(surface)
    return MapRasterCache.Raster(surface: surface, reach: reach)
  }
}

/// The map geometry rasters kept for the next frames (the last two, about 15 MB each for
/// a 1170 × 2532 frame). Main-actor only.
@MainActor
final class MapRasterCache {

  /// What a raster depends on.
  struct Key: Equatable {
    /// Held (not just identified), so a freed map's address cannot match a new one.
    let map: BaseMap?
    let camera: MapCamera
    let style: MapStyle
    let scale: Double
    let fractionX: Double
    let fractionY: Double
    let showsRoadNames: Bool
    let alternatives: [[CLLocationCoordinate2D]]
    /// Where street names may not go.
    let labelObstacles: [MapLabelObstacle]
    /// The view's rectangle in pixels from the anchor's whole pixel (left, top, right,
    /// bottom): street names are placed in it; then the rows drawn (top, bottom).
    let view: [Double]
    /// Whether the geometry was resampled from tiles (or drawn directly).
    let tiled: MapTileFilter?

    init(
      scene: MapScene, scale: Double, fractionX: Double, fractionY: Double, view: [Double],
      tiled: MapTileFilter?
    ) {
      map = scene.map
      camera = scene.camera
      style = scene.style
      self.scale = scale
      self.fractionX = fractionX
      self.fractionY = fractionY
      showsRoadNames = scene.showsRoadNames
      alternatives = scene.alternatives
      labelObstacles = scene.labelObstacles
      self.view = view
      self.tiled = tiled
    }

    static func == (a: Key, b: Key) -> Bool {
      a.camera == b.camera && a.samePicture(b)
    }

    /// Whether a base raster for `other` (without names and alternatives) is one for this
    /// key moved: the same map, style, scale and tiles, the camera's zoom, heading and tilt
    /// (its centre and the view around it may differ).
    func movesLike(_ other: Key) -> Bool {
      camera.metersPerPoint == other.camera.metersPerPoint
        && camera.heading == other.camera.heading && camera.tilt == other.camera.tilt
        && map === other.map && style == other.style && scale == other.scale
        && tiled == other.tiled
    }

    /// Everything but the camera is the same.
    private func samePicture(_ b: Key) -> Bool {
      map === b.map && style == b.style && scale == b.scale && fractionX == b.fractionX
        && fractionY == b.fractionY && showsRoadNames == b.showsRoadNames && view == b.view
        && alternatives == b.alternatives && tiled == b.tiled
        && labelObstacles == b.labelObstacles
    }
  }

  /// An opaque raster and how far it reaches from the anchor's pixel.
  final class Raster: @unchecked Sendable {
    let surface: OpaquePointer
    let reach: (left: Int, top: Int, right: Int, bottom: Int)

    init(surface: OpaquePointer, reach: (left: Int, top: Int, right: Int, bottom: Int)) {
      self.surface = surface
      self.reach = reach
    }

    deinit { cairo_surface_destroy(surface) }
  }

  private var entries: [(key: Key, raster: Raster)] = []
  /// Rasters reused and drawn so far.
  private(set) var hits = 0
  private(set) var misses = 0
  /// Rasters drawn without the pixels opaque markers cover (for one frame, not kept).
  var holed = 0

  /// A kept raster for `key` that reaches at least `need`, most recent first.
  func raster(for key: Key, reaching need: (left: Int, top: Int, right: Int, bottom: Int))
    -> Raster?
  {
    guard
      let index = entries.firstIndex(where: { entry in
        let r = entry.raster.reach
        return entry.key == key && r.left >= need.left && r.top >= need.top
          && r.right >= need.right && r.bottom >= need.bottom
      })
    else {
      misses += 1
      return nil
    }
    hits += 1
    let entry = entries.remove(at: index)
    entries.insert(entry, at: 0)
    return entry.raster
  }

  /// The last raster forgotten, whose surface the next one of its size reuses.
  private var spare: Raster?

  /// Whether a camera that only moved shifts the last frame's map instead of drawing it
  /// again (``RenderSession/shiftsKeptMap``).
  var shifts = false
  /// The last map raster from tiles without street names and alternatives, kept for the
  /// next frame to shift (when ``shifts``), with its key, its camera centre in the map's
  /// local metres, the pixels it left out (raster pixels) and where its pixels are stored:
  /// its pixel (x, y) at the surface's ((x + origin.x) mod width, (y + origin.y) mod height)
  /// (a shift moves the origin, not the pixels).
  var base: Base?

  /// A base raster (``base``).
  struct Base {
    let key: Key
    let center: (x: Double, y: Double)
    let raster: Raster
    let skipped: [PixelBox]
    let origin: (x: Int, y: Int)
    /// Where its first pixel was in the picture, and the camera's anchor (device pixels).
    let window: (x: Int, y: Int)
    let anchor: (x: Double, y: Double)
  }
  /// The base raster before it, whose surface the next base reuses.
  var spareBase: Raster?
  /// Whether a map that must be drawn again in full is drawn over several frames while the
  /// kept one is shown (``RenderSession/spreadsMapRedraws``).
  var spreads = false
  /// Wall seconds a frame spends on the slices of a map drawn over several frames.
  var sliceSeconds = 0.006
  /// The scene this frame held back (its map is being drawn over several frames), set for
  /// the frame by ``ParallelMapRaster/held(_:scale:session:)``.
  var wanted: MapScene?
  /// The base being drawn over several frames.
  var pending: Pending?
  /// Frames that showed a held camera, slices drawn, and bases drawn over several frames.
  var heldFrames = 0
  var spreadSlices = 0
  var spreadBases = 0
  /// Whether a camera that moved shows the last frame's camera while its shifted map is
  /// made over this frame and the next (``RenderSession/spreadsMapShifts``).
  var spreadsShifts = false
  /// The frame's snapped scene held back while its shifted map is made, for the frame.
  var wantedShift: MapScene?
  /// The shifted map being made.
  var pendingShown: PendingShown?
  /// Set when a shifted map could not be begun: the next frame draws as it comes.
  var refusesShiftSpread = false
  /// Shifted maps made over frames, and the frames that held a camera for them.
  var spreadShifts = 0
  var heldShiftFrames = 0
  /// The camera the last frame asked for (snapped), and for how many frames before it had
  /// not moved; the camera this frame asks for.
  var lastRequested: MapCamera?
  var requestedStill = 0
  var frameRequest: MapCamera?
  /// The key of the newest kept raster.
  var newestKey: Key? { entries.first?.key }
  /// Frames whose map was the last one shifted.
  private(set) var shifted = 0

  /// A rectangle of whole pixels.
  typealias PixelBox = ParallelMapRaster.PixelBox

  /// Keeps `raster` as the base the next frame may shift (the last base's surface is
  /// spared for the one after).
  func keepBase(_ kept: Base, shifted wasShifted: Bool) {
    if let old = base?.raster, old !== kept.raster { spareBase = old }
    base = kept
    if wasShifted { shifted += 1 }
  }

  /// Keeps `raster` as the most recent, forgetting the oldest beyond two.
  func keep(_ raster: Raster, for key: Key) {
    entries.insert((key, raster), at: 0)
    if entries.count > 2 {
      spare = entries.last?.raster
      entries.removeLast(entries.count - 2)
    }
  }

  /// The forgotten raster's surface (one reference for the caller) when it is
  /// `width` × `height` pixels; with `forShifting`, the forgotten base's.
  func spareSurface(width: Int, height: Int, forShifting: Bool = false) -> OpaquePointer? {
    guard let surface = (forShifting ? spareBase : spare)?.surface,
      cairo_image_surface_get_width(surface) == Int32(width),
      cairo_image_surface_get_height(surface) == Int32(height)
    else { return nil }
    let taken = cairo_surface_reference(surface)
    if forShifting { spareBase = nil } else { spare = nil }
    return taken
  }

  /// Forgets every raster.
  func removeAll() {
    entries.removeAll()
    spare = nil
    base = nil
    spareBase = nil
    pending = nil
    wanted = nil
    pendingShown = nil
    wantedShift = nil
  }
}

/// A mutable pixel pointer handed to worker threads that write disjoint rows while the
/// caller waits.
struct UnsafeSendableMutable: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<UInt8>

  init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
}
