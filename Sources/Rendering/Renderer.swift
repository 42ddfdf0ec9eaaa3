import CCairo
import Foundation
import ViewKit

/// Draws a view tree — a window and everything in it — as it is on screen at one moment of
/// its clock (presentation values, so animations show), optionally over a map, to PNG, SVG or
/// PDF.
///
/// ```swift
/// let renderer = Renderer(scale: 3)
/// let png = try renderer.png(window: window, at: clock.now)
/// let svg = try renderer.svg(window: window, map: MapLayer(scene: scene, view: mapView))
/// ```
///
/// The tree is laid out first (`layoutIfNeeded()`), as the screen would be before drawing.
/// Output is deterministic: the same tree, time and scene give the same bytes.
@MainActor
public struct Renderer {
  /// The largest width or height, in pixels, of a raster picture.
  public static let maximumPixelDimension = 16_384

  /// Pixels per point for raster output, 1…3 (vector output is always in points).
  public var scale: Double
  /// Pictures for image views, by image name.
  public var images: ImageCatalog
  /// The debug overlay, or `nil` for none.
  public var debugOverlay: DebugOverlay?
  /// PNG compression.
  public var pngCompression: PNGCompression
  /// Whether map geometry is rasterized and PNG rows are encoded in bands on several
  /// threads (faster on an idle multi-core machine; the pixels are the same either way).
  public var rendersInParallel = true
  /// Whether a raster picture's base-map geometry (everything on the map but text and the
  /// overlays) is resampled from north-up tiles kept between frames, drawn once per zoom
  /// level (quarter octaves) and style, instead of drawn for each camera; the street names,
  /// route, markers and vehicle are drawn over it as vectors. Applies with
  /// ``rendersInParallel``; SVG and PDF are always fully vector. See ``mapTileStatistics``.
  /// New renderers take their session's ``RenderSession/usesMapTilesByDefault``.
  public var usesMapTiles: Bool

  /// ``RenderSession/usesMapTilesByDefault`` of the shared session.
  public static var usesMapTilesByDefault: Bool {
    get { RenderSession.shared.usesMapTilesByDefault }
    set { RenderSession.shared.usesMapTilesByDefault = newValue }
  }

  /// How tiles are resampled to the camera (``usesMapTiles``). New renderers take their
  /// session's ``RenderSession/mapTileFilterByDefault``.
  public var mapTileFilter: MapTileFilter

  /// ``RenderSession/mapTileFilterByDefault`` of the shared session.
  public static var mapTileFilterByDefault: MapTileFilter {
    get { RenderSession.shared.mapTileFilterByDefault }
    set { RenderSession.shared.mapTileFilterByDefault = newValue }
  }

  /// What this renderer keeps between frames (map tiles and rasters, street-name images,
  /// shadow masks, the last frame's encoding), shared with the renderers given the same
  /// session.
  public var session: RenderSession

  /// Work left out without changing a pixel (all on; tests turn one off to compare).
  package var shortcuts = RenderShortcuts()

  /// A renderer keeping what it draws for the next frames in `session`
  /// (``RenderSession/shared`` unless given).
  public init(
    scale: Double = 1, images: ImageCatalog = .standard, debugOverlay: DebugOverlay? = nil,
    pngCompression: PNGCompression = .fast, session: RenderSession = .shared
  ) {
    self.scale = scale
    self.images = images
    self.debugOverlay = debugOverlay
    self.pngCompression = pngCompression
    self.session = session
    usesMapTiles = session.usesMapTilesByDefault
    mapTileFilter = session.mapTileFilterByDefault
  }

  // MARK: - View trees

  /// A PNG of `window` (any root view) at `time` on its clock (now when `nil`).
  ///
  /// - Throws: ``RenderError`` for a bad scale, size or time, or a Cairo or zlib failure.
  public func png(window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil)
    throws(RenderError) -> Data
  {
    try encode(draw(window, at: time, map: map, kind: .raster, encodingAhead: true))
  }

  /// How long the parts of one PNG took, in seconds of wall time.
  public struct Timings: Sendable, Hashable {
    /// Laying out and drawing the tree (and the map) into pixels.
    public var draw: Double
    /// Encoding the pixels as PNG.
    public var encode: Double
  }

  /// A PNG of `window` at `time` and how long drawing and encoding took.
  public func timedPNG(window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil)
    throws(RenderError) -> (png: Data, timings: Timings)
  {
    let start = DispatchTime.now().uptimeNanoseconds
    let painted = try draw(window, at: time, map: map, kind: .raster, encodingAhead: true)
    let drawn = DispatchTime.now().uptimeNanoseconds
    let png = try encode(painted)
    let end = DispatchTime.now().uptimeNanoseconds
    return (png, Timings(draw: Double(drawn - start) / 1e9, encode: Double(end - drawn) / 1e9))
  }

  /// Draws `window` at `time` once and encodes those pixels as PNG `count` times; returns
  /// the wall time and the process CPU time of each encoding, in seconds (for benchmarks).
  package func encodingTimes(
    window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil, count: Int
  ) throws(RenderError) -> [(wall: Double, cpu: Double)] {
    let surface = try draw(window, at: time, map: map, kind: .raster).surface
    var times: [(wall: Double, cpu: Double)] = []
    for _ in 0..<max(0, count) {
      var cpuStart = timespec()
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpuStart)
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try encode(surface)
      let end = DispatchTime.now().uptimeNanoseconds
      var cpuEnd = timespec()
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpuEnd)
      let cpu =
        Double(cpuEnd.tv_sec - cpuStart.tv_sec) + Double(cpuEnd.tv_nsec - cpuStart.tv_nsec) / 1e9
      times.append((Double(end - start) / 1e9, cpu))
    }
    return times
  }

  /// The pixels of `window` at `time`, without PNG encoding.
  public func raster(window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil)
    throws(RenderError) -> RasterImage
  {
    try RasterImage(png: png(window: window, at: time, map: map))
  }

  /// Draws `window` at `time` into pixels without encoding them — a live screen's frame —
  /// and hands them to `body`: premultiplied ARGB32 in native byte order (Cairo's format, SDL's
  /// `ARGB8888`), `stride` bytes per row, `width` × `height` pixels, valid only inside `body`.
  /// The same drawing, kept map rasters and tiles, and pooled buffers as
  /// ``png(window:at:map:)``.
  ///
  /// - Throws: ``RenderError`` for a bad scale, size or time, or a Cairo failure.
  public func withFrame<T>(
    window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil,
    _ body: (_ pixels: UnsafePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int) -> T
  ) throws(RenderError) -> T {
    let surface = try draw(window, at: time, map: map, kind: .raster).surface
    return try surface.withPixels { (pixels, stride) throws(RenderError) in
      body(pixels, stride, surface.pixelWidth, surface.pixelHeight)
    }
  }

  /// Draws `window` at `time` straight into pixels the caller owns — a live screen's frame
  /// buffer (an SDL window surface, a locked streaming texture) — so no frame is copied:
  /// `pixels` holds `height` rows of `stride` bytes, 32 bits a pixel in Cairo's premultiplied
  /// ARGB32 layout in native byte order (SDL's `ARGB8888`; `RGB888`, whose top byte is not
  /// shown, takes them too), and `width` × `height` must be the window's size at ``scale``.
  /// The same drawing, kept map rasters and tiles as ``withFrame(window:at:map:_:)``; every
  /// pixel is written (cleared first unless an opaque root covers them).
  ///
  /// - Throws: ``RenderError`` for a bad scale, size or time, a buffer of another size, or a
  ///   Cairo failure.
  public func draw(
    window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil,
    into pixels: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int
  ) throws(RenderError) {
    let target = PixelTarget(pixels: pixels, stride: stride, width: width, height: height)
    let surface = try draw(window, at: time, map: map, kind: .raster, into: target).surface
    cairo_surface_flush(surface.surface)
  }

  /// An SVG document of `window` at `time` (text as glyph outlines, sizes in points).
  public func svg(window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil)
    throws(RenderError) -> Data
  {
    SVGIdentifiers.renumber(
      try draw(window, at: time, map: map, kind: .svg).surface.finishDocument())
  }

  /// A one-page PDF of `window` at `time`, sized in points.
  public func pdf(window: UIView, at time: TimeInterval? = nil, map: MapLayer? = nil)
    throws(RenderError) -> Data
  {
    try draw(window, at: time, map: map, kind: .pdf).surface.finishDocument()
  }

  // MARK: - Maps alone

  /// A PNG of a map scene alone, `size` points, the camera's centre in the middle.
  public func png(map scene: MapScene, size: CGSize) throws(RenderError) -> Data {
    try encode(drawMap(scene, size: size, kind: .raster))
  }

  /// An SVG of a map scene alone.
  public func svg(map scene: MapScene, size: CGSize) throws(RenderError) -> Data {
    SVGIdentifiers.renumber(try drawMap(scene, size: size, kind: .svg).finishDocument())
  }

  /// A PDF of a map scene alone.
  public func pdf(map scene: MapScene, size: CGSize) throws(RenderError) -> Data {
    try drawMap(scene, size: size, kind: .pdf).finishDocument()
  }

  /// ``RenderSession/forgetKeptMapRasters()`` of the shared session.
  public static func forgetKeptMapRasters() { RenderSession.shared.forgetKeptMapRasters() }

  /// ``RenderSession/mapTileStatistics`` of the shared session.
  public static var mapTileStatistics: MapTileStatistics {
    RenderSession.shared.mapTileStatistics
  }

  /// ``RenderSession/mapTileByteBudget`` of the shared session.
  public static var mapTileByteBudget: Int {
    get { RenderSession.shared.mapTileByteBudget }
    set { RenderSession.shared.mapTileByteBudget = newValue }
  }

  /// ``RenderSession/keptMapRasterUse`` of the shared session.
  public static var keptMapRasterUse: (reused: Int, drawn: Int) {
    RenderSession.shared.keptMapRasterUse
  }

  // MARK: - Drawing

  private func validate(size: CGSize) throws(RenderError) {
    guard scale.isFinite, scale >= 1, scale <= 3 else { throw .invalidScale(scale) }
    let w = Double(size.width)
    let h = Double(size.height)
    guard w.isFinite, h.isFinite, w >= 1, h >= 1,
      w * scale <= Double(Self.maximumPixelDimension),
      h * scale <= Double(Self.maximumPixelDimension)
    else { throw .invalidSize(width: w, height: h) }
  }

  /// Draws `root` into a new surface. With `encodingAhead`, raster output over a map drawn
  /// in parallel (no debug overlay) comes with a pipeline that has been encoding the rows no
  /// view after the map draws into while those views were painted: its
  /// ``PNGBandPipeline/finish()`` gives the PNG.
  private func draw(
    _ root: UIView, at time: TimeInterval?, map: MapLayer?, kind: CairoSurface.Kind,
    encodingAhead: Bool = false, into target: PixelTarget? = nil
  ) throws(RenderError) -> (surface: CairoSurface, pipeline: PNGBandPipeline?) {
    if let time, !time.isFinite { throw .invalidTime(time) }
    root.layoutIfNeeded()
    let size = root.bounds.size
    try validate(size: size)
    let moment = time ?? root.window?.clock.now ?? 0
    // An opaque, square-cornered root covering whole pixels paints every pixel first.
    let presented = root.layer.presentation(at: moment)
    let covered =
      !root.isHidden && (root.backgroundColor?.alpha ?? 0) >= 1 && presented.opacity >= 0.999
      && root.layer.cornerRadius == 0 && root.layer.shadowOpacity == 0
      && (Double(size.width) * scale).rounded() == Double(size.width) * scale
      && (Double(size.height) * scale).rounded() == Double(size.height) * scale
    let surface: CairoSurface
    if let target {
      surface = try CairoSurface(
        pixels: target.pixels, stride: target.stride, pixelWidth: target.width,
        pixelHeight: target.height, width: Double(size.width), height: Double(size.height),
        scale: scale, covered: covered)
    } else {
      surface = try CairoSurface(
        kind: kind, width: Double(size.width), height: Double(size.height), scale: scale,
        covered: covered)
    }
    let painter = ViewPainter(
      context: surface.context, time: moment, images: images, map: map,
      rasterScale: kind == .raster && rendersInParallel ? scale : nil,
      mapTiles: usesMapTiles ? mapTileFilter : nil, session: session, shortcuts: shortcuts)
    let pipeline =
      encodingAhead && shortcuts.encodesAhead && kind == .raster && rendersInParallel
        && map != nil && debugOverlay == nil
      ? PNGBandPipeline(surface: surface, compression: pngCompression, kept: session.encoding)
      : nil
    painter.pipeline = pipeline
    painter.paint(root: root)
    if let debugOverlay {
      DebugOverlayPainter(overlay: debugOverlay, time: moment).paint(root, in: surface.context)
    }
    do {
      try check(surface, stage: "drawing the view tree")
    } catch {
      pipeline?.cancel()
      throw error
    }
    return (surface, pipeline)
  }

  private func drawMap(_ scene: MapScene, size: CGSize, kind: CairoSurface.Kind)
    throws(RenderError) -> CairoSurface
  {
    try validate(size: size)
    let surface = try CairoSurface(
      kind: kind, width: Double(size.width), height: Double(size.height), scale: scale)
    // A camera that only moved is snapped to move the kept map by whole pixels.
    var prepared = MapPainter(
      scene: kind == .raster
        ? ParallelMapRaster.snapped(
          scene, scale: scale, session: session,
          anchor: (Double(size.width) * scale / 2, Double(size.height) * scale / 2))
        : scene,
      labels: session.labels, overlayImages: session.overlayImages)
    let anchor = CGPoint(x: size.width / 2, y: size.height / 2)
    if kind == .raster {
      prepared.overlayLayer = OverlayLayer.placed(
        for: prepared, size: size, anchor: anchor, scale: scale, in: surface.context,
        session: session, shortcuts: shortcuts)
    }
    let painter = prepared
    let painted =
      kind == .raster && rendersInParallel
      ? ParallelMapRaster.paint(
        painter, in: surface.context, size: size, anchor: anchor, scale: scale,
        tiles: usesMapTiles ? mapTileFilter : nil, session: session, shortcuts: shortcuts,
        overlays: { context in painter.paintMarkers(in: context, anchor: anchor) },
        holes: { x, y, width, height in
          painter.opaqueMarkerMask(
            in: surface.context, anchor: anchor, x: x, y: y, width: width, height: height)
        })
      : (drawn: false, overlaid: false)
    if !painted.drawn { painter.paintGeometry(in: surface.context, size: size, anchor: anchor) }
    painter.paintOverlays(
      in: surface.context, size: size, anchor: anchor, underlays: !painted.drawn,
      markers: !painted.overlaid)
    try check(surface, stage: "drawing the map")
    return surface
  }

  private func check(_ surface: CairoSurface, stage: String) throws(RenderError) {
    let status = cairo_status(surface.context)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .cairo(stage: stage, status: String(cString: cairo_status_to_string(status)))
    }
  }

  /// The PNG of what ``draw(_:at:map:kind:encodingAhead:)`` drew: its pipeline's, else
  /// the surface encoded now.
  private func encode(_ drawn: (surface: CairoSurface, pipeline: PNGBandPipeline?))
    throws(RenderError) -> Data
  {
    if let pipeline = drawn.pipeline { return try pipeline.finish() }
    return try encode(drawn.surface)
  }

  private func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
    let compression = pngCompression
    let parallel = rendersInParallel
    return try surface.withPixels { (pixels, stride) throws(RenderError) in
      try PNGEncoder.encode(
        pixels: pixels, stride: stride, width: surface.pixelWidth, height: surface.pixelHeight,
        compression: compression, parallel: parallel)
    }
  }
}

/// Pixels a caller owns that a frame is drawn into (``Renderer/draw(window:at:map:into:stride:width:height:)``).
private struct PixelTarget {
  let pixels: UnsafeMutablePointer<UInt8>
  let stride: Int
  let width: Int
  let height: Int
}
