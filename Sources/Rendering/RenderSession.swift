/// What renderers keep between frames: the map's north-up tiles and its last rasters, the
/// street names' images, the raster of many overlays and their decoded pictures, the views'
/// shadow masks and the last frame's PNG encoding. A
/// session belongs to its caller: renderers given the same session share what it keeps (a
/// drive's frames reuse the map drawn for the frame before), renderers given different
/// sessions share nothing. Nothing it keeps changes a pixel; it only saves work.
///
/// ```swift
/// let session = RenderSession()
/// let renderer = Renderer(scale: 3, session: session)
/// _ = try renderer.png(window: window, map: layer)
/// print(session.mapTileStatistics.reused)
/// ```
@MainActor
public final class RenderSession {
  /// The session of renderers made without one.
  public static let shared = RenderSession()

  /// North-up tiles of the base map's geometry (``Renderer/usesMapTiles``).
  let tiles = MapTileCache()
  /// The map geometry rasters of the last frames.
  let rasters = MapRasterCache()
  /// Street names drawn once into small images.
  let labels = LabelBitmaps()
  /// The raster of a scene's many overlays (``OverlayLayer``).
  let overlayLayer = KeptOverlayLayer()
  /// Overlay pictures decoded once, and pins drawn once.
  let overlayImages = OverlayImageCache()
  /// Soft shadows drawn once as alpha masks.
  let shadows = ShadowMasks()
  /// The last PNG frame's pixels and band streams.
  let encoding = KeptEncoding()

  /// ``Renderer/usesMapTiles`` of renderers made with this session from now on (true unless
  /// set; benchmarks compare whole drives with and without tiles).
  public var usesMapTilesByDefault = true

  /// ``Renderer/mapTileFilter`` of renderers made with this session from now on (bilinear
  /// unless set).
  public var mapTileFilterByDefault = MapTileFilter.bilinear

  /// An empty session.
  public init() {}

  /// Forgets the map geometry rasters kept for the next frames (see
  /// ``Renderer/rendersInParallel``: a raster frame keeps its map geometry and the next frames
  /// with the same map, camera and style reuse it), the kept map tiles
  /// (``Renderer/usesMapTiles``), the kept raster of many overlays and the last frame's
  /// encoding.
  public func forgetKeptMapRasters() {
    rasters.removeAll()
    tiles.removeAll()
    encoding.removeAll()
    overlayLayer.layer = nil
  }

  /// Whether the map tiles a moving camera will need next are drawn ahead on a background
  /// thread (false unless set; the live window sets it). A frame takes those done and draws
  /// the others itself (never waiting for one being drawn ahead), so its pixels are the same
  /// either way; it only spares the frame at a moving map's leading edge the drawing of its
  /// new tiles. At most four tiles (about 5 MB) are in flight; done ones join the kept tiles
  /// under ``mapTileByteBudget``.
  public var drawsMapTilesAhead: Bool {
    get { tiles.drawsAhead }
    set { tiles.drawsAhead = newValue }
  }

  /// Whether a map camera that only moved (its centre; zoom, heading and tilt unchanged)
  /// shifts the last frame's map by whole device pixels and draws only the strips the move
  /// uncovered, instead of resampling and raising the buildings of the whole map again
  /// (false unless set; the live window sets it). Its street names are laid out again for
  /// each frame as a fresh drawing lays them out. So that the shift is whole pixels, the
  /// rendered camera's centre is moved by at most half a device pixel each way (the route,
  /// vehicle and markers drawn with it); the pixels are otherwise those of a fresh drawing but
  /// for rounding at a few edges. Only for maps resampled from tiles
  /// (``Renderer/usesMapTiles``).
  public var shiftsKeptMap: Bool {
    get { rasters.shifts }
    set { rasters.shifts = newValue }
  }

  /// How many frames shifted the last frame's map (``shiftsKeptMap``).
  package var keptMapShifts: Int { rasters.shifted }

  /// Whether a map that must be drawn again in full while the last one is kept for shifting
  /// (``shiftsKeptMap``; a camera that turned, zoomed or tilted) is drawn over the coming
  /// frames, a slice of rows each, while they go on showing the kept map with its camera
  /// (false unless set; the live window sets it). Each frame is then a fresh drawing of the
  /// camera it shows, but a camera that changed more than a shift shows a few frames late:
  /// the frames' work stays within ``mapRedrawSliceSeconds`` of the map's drawing instead of
  /// taking a whole map's (about 60 ms of CPU at tablet size 2×) in one frame.
  public var spreadsMapRedraws: Bool {
    get { rasters.spreads }
    set {
      rasters.spreads = newValue
      if !newValue {
        rasters.pending = nil
        rasters.wanted = nil
      }
    }
  }

  /// Whether a camera that moved after standing still (a following camera at each fix)
  /// shows the last frame's camera for a frame or two while the shifted map for it is made
  /// over those frames, ``mapRedrawSliceSeconds`` of each (false unless set; the live
  /// window sets it while no finger or button is down: a drag is shown in its own frame; a
  /// camera moving on every frame, as an animation's, too). Only with ``shiftsKeptMap``.
  public var spreadsMapShifts: Bool {
    get { rasters.spreadsShifts }
    set {
      rasters.spreadsShifts = newValue
      if !newValue { rasters.wantedShift = nil }
    }
  }

  /// How many shifted maps were made over frames (``spreadsMapShifts``).
  package var spreadMapShifts: Int { rasters.spreadShifts }

  /// How many frames showed a held camera while a shifted map was made.
  package var heldShiftFrames: Int { rasters.heldShiftFrames }

  /// Wall seconds a frame spends drawing slices of a map drawn over several frames
  /// (``spreadsMapRedraws``; 6 ms unless set; at least one slice a frame).
  public var mapRedrawSliceSeconds: Double {
    get { rasters.sliceSeconds }
    set { rasters.sliceSeconds = max(0, newValue) }
  }

  /// Frames that showed a held camera while its map was drawn over several frames, the
  /// slices drawn, and the maps finished that way (``spreadsMapRedraws``).
  package var spreadMapUse: (heldFrames: Int, slices: Int, finished: Int) {
    (rasters.heldFrames, rasters.spreadSlices, rasters.spreadBases)
  }

  /// How the kept map tiles have been used so far (``Renderer/usesMapTiles``), and what they
  /// take.
  public var mapTileStatistics: MapTileStatistics { tiles.currentStatistics }

  /// The most bytes of map-tile pixels kept between frames (96 MB unless set; the tiles a
  /// frame needs are kept while it draws, and a frame needing more than this draws its
  /// geometry directly).
  public var mapTileByteBudget: Int {
    get { tiles.byteBudget }
    set { tiles.byteBudget = max(0, newValue) }
  }

  /// How many frames reused kept map geometry, and how many drew it.
  public var keptMapRasterUse: (reused: Int, drawn: Int) { (rasters.hits, rasters.misses) }

  /// What the last PNG encoded while its picture was drawn did (``PNGBandPipeline``): its
  /// bands, how many were final before the drawing ended, and how many took the last
  /// frame's stream.
  package var lastEncodingUse: (bands: Int, finalBeforeTheEnd: Int, reused: Int) {
    encoding.lastUse
  }

  /// How many rasters of many overlays were drawn (``OverlayLayer``).
  package var overlayLayerDraws: Int { overlayLayer.drawCount }
}

/// Work a renderer leaves out without changing the picture (pixels identical, or for the
/// overlay raster within a few levels of a channel). Each is on; a test turns one off to
/// compare the pictures.
package struct RenderShortcuts: Sendable, Hashable {
  /// Whether resampling from tiles leaves out the pixels opaque views cover.
  package var skipsCoveredPixels = true
  /// A fresh map raster resampled from tiles for a frame whose overlays are drawn straight
  /// over it leaves out the pixels that opaque markers will cover.
  package var skipsPixelsUnderMarkers = true
  /// Whether backgrounds painted before a raster map leave out what the map covers.
  package var leavesOutMapCover = true
  /// Whether PNG frames over a raster map are encoded while the views over the map are
  /// painted (``PNGBandPipeline``).
  package var encodesAhead = true
  /// Whether an opaque view's shadow is painted only outside the view's inner box (where
  /// its mask is empty).
  package var trimsOpaqueShadowInterior = true
  /// Whether a scene's many overlays are drawn once into a raster kept for the next frames
  /// (``OverlayLayer``) instead of on every frame.
  package var drawsOverlaysOnce = true
  /// Whether a tilted frame's raised buildings are scan converted by our code
  /// (``RaisedBuildingRasterizer``) instead of filled and stroked by Cairo.
  package var rasterizesRaisedBuildings = true
  /// Whether the alternative routes over a raster resampled from tiles are scan converted by
  /// our code (``PolylineRasterizer``) instead of stroked by Cairo.
  package var rasterizesAlternatives = true

  /// Every shortcut on.
  package init() {}
}
