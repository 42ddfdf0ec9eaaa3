import CCairo
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How the cache of map tiles has been used: raster frames draw the base map's geometry
/// into north-up tiles once and resample them for every camera (see
/// ``Renderer/usesMapTiles``).
public struct MapTileStatistics: Sendable, Hashable {
  /// Tiles a frame needed and found kept.
  public var reused: Int
  /// Tiles drawn because none was kept.
  public var drawn: Int
  /// Tiles forgotten to stay within the budget.
  public var evicted: Int
  /// Tiles kept now.
  public var tileCount: Int
  /// Bytes of pixels kept now.
  public var byteCount: Int
  /// The most bytes of pixels kept between frames.
  public var byteBudget: Int
  /// Tiles drawn ahead of the camera on a background thread
  /// (``RenderSession/drawsMapTilesAhead``) and taken into the cache.
  public var drawnAhead = 0
  /// Tiles a frame needed while they were being drawn ahead, and drew itself.
  public var drawnTwice = 0
}

/// How map tiles are resampled to a frame's camera (``Renderer/mapTileFilter``).
public enum MapTileFilter: Sendable, Hashable {
  /// The four tile pixels around each frame pixel's centre, weighed: smooth edges at any
  /// rotation and zoom, a little softer than drawing directly.
  case bilinear
  /// The tile pixel under each frame pixel's centre: as sharp as the tiles and cheaper,
  /// but a rotated edge steps by up to a pixel.
  case nearest
}

/// North-up tiles of a base map's geometry (land, water, parks, buildings, railways, paths,
/// roads by class with casings: everything but text), drawn at a frame's device scale and
/// a quantised zoom, kept in a least-recently-used cache bounded in bytes.
///
/// A tile is `tileSize` pixels square in a grid of whole pixels fixed to the map's local
/// metres (x east, y south) at `scale / levelMetersPerPoint` pixels per metre, drawn with
/// `margin` extra pixels on each side so bilinear sampling at a tile's edge reads its
/// neighbour's pixels from the tile itself: no seams. The zoom is quantised to quarter
/// octaves (`levelsPerOctave`), rounding to the finer level, so a tile is shown shrunk by
/// a factor 1 … 1.19: crisp, and a zoom animation redraws tiles only every 19 %.
///
/// Main-actor only; tiles are drawn on worker threads, each into its own surface, and read
/// (never written) by the resampling threads.
@MainActor
final class MapTileCache {

  /// Pixels on a side of a tile's core (a power of two). Measured with `benchmarks render` on the
  /// 1170 × 2532 frame: 512 against 256 takes about 25 % less CPU for a frame after a camera
  /// move (fewer tiles to draw at the edges, fewer tile changes while resampling) and the
  /// same for an empty cache (fewer features drawn again in several tiles, but more pixels
  /// outside the view); a frame needs about 22 tiles (22 MB) instead of 66 (17 MB).
  nonisolated static let tileSize = 512
  nonisolated static let tileShift = 9
  /// Extra pixels drawn around the core.
  nonisolated static let margin = 2
  /// Pixels on a side of a tile's blocks (``Tile``).
  nonisolated static let flatBlock = 8
  nonisolated static let flatShift = 3
  /// A stored block's side: the block and one pixel more.
  nonisolated static let blockSide = flatBlock + 1
  nonisolated static let blockArea = blockSide * blockSide
  nonisolated static let blocksPerSide = tileSize / flatBlock
  /// Zoom levels per doubling of metres per point.
  nonisolated static let levelsPerOctave = 4.0

  /// The most bytes of tile pixels kept between frames (a frame's own tiles are kept even
  /// past it while it is drawn).
  var byteBudget = 96 << 20

  struct Key: Hashable {
    let map: ObjectIdentifier
    let style: MapStyle
    let level: Int
    let scale: Double
    let x: Int
    let y: Int
  }

  /// One tile's opaque pixels, never changed once drawn, stored in blocks.
  ///
  /// The core's `flatBlock` × `flatBlock` blocks are stored one after another, row of
  /// blocks by row of blocks, each with the pixel column right of it and the row below it
  /// (`blockSide` × `blockSide` pixels, row by row): the four pixels a bilinear sample in
  /// a block reads are in that block. A turned frame row crosses a tile row every few
  /// pixels; in rows of the whole tile each crossing was a new cache line the prefetcher did
  /// not foresee, in blocks the row reads a few neighbouring blocks in order.
  final class Tile: @unchecked Sendable {
    /// The blocks (see above); pixels' top byte is not part of the colour (RGB24).
    let blocks: UnsafeMutablePointer<UInt32>
    /// For each block, its colour (alpha set) when all its pixels have that colour, else 0:
    /// a frame's samples in a flat block are filled with its colour without reading or
    /// weighing pixels (most of a map is flat colour).
    let flat: UnsafeMutablePointer<UInt32>
    let byteCount: Int
    /// Held so a freed map's address cannot be taken by another while its tiles are kept.
    let map: BaseMap

    /// A tile from a drawn RGB24 surface of `tileSize + 2 · margin` pixels a side (not kept).
    init(surface: OpaquePointer, map: BaseMap) {
      self.map = map
      cairo_surface_flush(surface)
      let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
      let pixels = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        .assumingMemoryBound(to: UInt32.self)
      let block = MapTileCache.flatBlock
      let side = MapTileCache.blockSide
      let area = MapTileCache.blockArea
      let perSide = MapTileCache.blocksPerSide
      let margin = MapTileCache.margin
      blocks = .allocate(capacity: perSide * perSide * area)
      flat = .allocate(capacity: perSide * perSide)
      byteCount = MapTileCache.tileBytes
      for by in 0..<perSide {
        for bx in 0..<perSide {
          let index = by * perSide + bx
          let first = pixels + (margin + by * block) * rowPixels + margin + bx * block
          let into = blocks + index * area
          for y in 0..<side {
            (into + y * side).update(from: first + y * rowPixels, count: side)
          }
          let colour = into[0] & 0x00FF_FFFF
          var same = true
          for i in 1..<area where into[i] & 0x00FF_FFFF != colour {
            same = false
            break
          }
          flat[index] = same ? colour | 0xFF00_0000 : 0
        }
      }
    }

    deinit {
      flat.deallocate()
      blocks.deallocate()
    }
  }

  private var tiles: [Key: (tile: Tile, lastUse: Int)] = [:]
  private var frame = 0
  private(set) var statistics = MapTileStatistics(
    reused: 0, drawn: 0, evicted: 0, tileCount: 0, byteCount: 0, byteBudget: 96 << 20)

  var currentStatistics: MapTileStatistics {
    var s = statistics
    s.tileCount = tiles.count
    s.byteCount = tiles.values.reduce(0) { $0 + $1.tile.byteCount }
    s.byteBudget = byteBudget
    return s
  }

  /// The quantised level for a zoom: the finer quarter octave at or below `metersPerPoint`.
  nonisolated static func level(metersPerPoint: Double) -> Int {
    Int((log2(metersPerPoint) * levelsPerOctave + 1e-9).rounded(.down))
  }

  nonisolated static func metersPerPoint(level: Int) -> Double {
    exp2(Double(level) / levelsPerOctave)
  }

  /// The bytes one tile takes.
  nonisolated static var tileBytes: Int { blocksPerSide * blocksPerSide * (blockArea + 1) * 4 }

  /// The tiles `wanted` (x, y) at `level`, drawing the missing ones on all cores; `nil`
  /// when they do not fit the budget together (the caller then draws the geometry directly).
  /// When they fit, `meanwhile` runs on this thread while the missing tiles are drawn on
  /// others (a single new tile, the usual case when the camera moves, keeps one core busy).
  ///
  /// Tiles drawn ahead (``drawAhead(map:style:level:scale:wanted:toTiles:width:height:)``)
  /// that are done are taken first; the missing ones are drawn here, taken off the queue if
  /// queued, drawn here too if being drawn ahead (never waited for). So a frame is the same
  /// pixels with or without drawing ahead.
  func tiles(
    map: BaseMap, style: MapStyle, level: Int, scale: Double, wanted: [(x: Int, y: Int)],
    meanwhile: () -> Void = {}
  ) -> [Tile]? {
    guard wanted.count * Self.tileBytes <= byteBudget else { return nil }
    frame += 1
    let id = ObjectIdentifier(map)
    takeDrawnAhead()
    if ahead.isBusy {
      let keys = wanted.map {
        Key(map: id, style: style, level: level, scale: scale, x: $0.x, y: $0.y)
      }
      if ahead.settle(needing: Set(keys.filter { tiles[$0] == nil })) {
        statistics.drawnTwice += 1
      }
    }
    var found: [Tile?] = []
    var missing: [Int] = []
    for (index, w) in wanted.enumerated() {
      let key = Key(map: id, style: style, level: level, scale: scale, x: w.x, y: w.y)
      if let kept = tiles[key] {
        tiles[key] = (kept.tile, frame)
        found.append(kept.tile)
        statistics.reused += 1
      } else {
        found.append(nil)
        missing.append(index)
      }
    }
    if missing.isEmpty {
      meanwhile()
    } else {
      let coordinates = missing.map { wanted[$0] }
      let slots = TileSlots(count: 0)
      let group = DispatchGroup()
      DispatchQueue.global(qos: .userInitiated).async(group: group) {
        slots.replace(
          with: Self.draw(map: map, style: style, level: level, scale: scale, at: coordinates))
      }
      meanwhile()
      group.wait()
      let drawn = slots.values
      for (slot, index) in missing.enumerated() {
        guard let tile = drawn[slot] else { return nil }
        let w = wanted[index]
        tiles[Key(map: id, style: style, level: level, scale: scale, x: w.x, y: w.y)] = (
          tile, frame
        )
        found[index] = tile
      }
      statistics.drawn += missing.count
      evict()
    }
    return found.map { $0! }
  }

  /// Whether the tiles a moving camera will need are drawn ahead on a background thread
  /// (``RenderSession/drawsMapTilesAhead``).
  var drawsAhead = false
  /// The most tiles drawn ahead and not yet taken into the cache (queued, being drawn or
  /// done): about 1.3 MB each, so at most 5.4 MB besides the budget until the next frame
  /// takes them into it.
  nonisolated static let aheadLimit = 4
  private let ahead = TilesAhead()
  /// The last frame's centre in tile pixels, and what its tiles were drawn for: the
  /// camera's motion, and whether it jumped.
  private var lastAhead: (centre: (x: Double, y: Double), base: Key)?

  /// Takes the tiles drawn ahead that are done into the cache, as used by the frame
  /// before this one (the first to go when the budget is short, after older ones).
  private func takeDrawnAhead() {
    let done = ahead.takeDone()
    guard !done.isEmpty else { return }
    for (key, tile) in done where tiles[key] == nil {
      tiles[key] = (tile, frame - 1)
      statistics.drawnAhead += 1
    }
    evict()
  }

  /// How many frames ahead (of the last frame's motion) tiles are drawn ahead: at the
  /// drag's every other frame, about a third of a second.
  nonisolated static let aheadFrames = [2, 5, 10]

  /// Queues the tiles a `width` × `height` frame (its pixels to tile pixels `toTiles`, its
  /// tiles `wanted` at `level`) will need if the camera goes on moving as it moved since the
  /// last frame, for ``aheadFrames`` frames, the nearest first, that are neither kept nor
  /// queued, up to ``aheadLimit`` in flight; each is drawn on a background thread as
  /// ``draw(map:style:level:scale:at:)`` draws it for a frame. A new level, scale, style
  /// or map, or a jump of more than a tile, drops the queued ones first (one being drawn
  /// finishes). Nothing is queued unless ``drawsAhead`` and the frame's tiles and those
  /// fit the budget together.
  func drawAhead(
    map: BaseMap, style: MapStyle, level: Int, scale: Double, wanted: [(x: Int, y: Int)],
    toTiles: MapTileCompositor.Affine, width: Int, height: Int
  ) {
    guard drawsAhead, !wanted.isEmpty else { return }
    let id = ObjectIdentifier(map)
    let base = Key(map: id, style: style, level: level, scale: scale, x: 0, y: 0)
    let size = Double(Self.tileSize)
    let centre = toTiles.apply(Double(width) / 2, Double(height) / 2)
    var motion = (x: 0.0, y: 0.0)
    if let last = lastAhead {
      motion = (centre.0 - last.centre.x, centre.1 - last.centre.y)
      if last.base != base || abs(motion.x) > size || abs(motion.y) > size {
        ahead.dropQueued()
        motion = (0, 0)
      }
    }
    lastAhead = ((centre.0, centre.1), base)
    guard motion != (0, 0) else { return }
    var seen = Set(wanted.map { $0.y &* 65_536 &+ $0.x })
    var coming: [(x: Int, y: Int)] = []
    for frames in Self.aheadFrames {
      var moved = toTiles
      moved.x0 += Double(frames) * motion.x
      moved.y0 += Double(frames) * motion.y
      for t in MapTileCompositor.neededTiles(toTiles: moved, width: width, height: height)
      where seen.insert(t.y &* 65_536 &+ t.x).inserted {
        coming.append(t)
      }
    }
    guard !coming.isEmpty, (wanted.count + coming.count) * Self.tileBytes <= byteBudget else {
      return
    }
    let keys = coming.map {
      Key(map: id, style: style, level: level, scale: scale, x: $0.x, y: $0.y)
    }.filter { tiles[$0] == nil }
    ahead.queue(keys, limit: Self.aheadLimit) { key in
      Self.draw(map: map, style: style, level: key.level, scale: key.scale, at: [(key.x, key.y)])
        .first ?? nil
    }
  }

  /// Whether every tile `wanted` is kept (those drawn ahead and done taken first); when
  /// some are not and tiles are drawn ahead (``drawsAhead``), they are queued to be drawn
  /// ahead and the answer is no: a map drawn over several frames waits for them rather
  /// than draw them in a frame. Without drawing ahead, or beyond the budget, yes (the frame
  /// draws them).
  func prepared(
    map: BaseMap, style: MapStyle, level: Int, scale: Double, wanted: [(x: Int, y: Int)]
  ) -> Bool {
    guard drawsAhead, wanted.count * Self.tileBytes <= byteBudget else { return true }
    takeDrawnAhead()
    let id = ObjectIdentifier(map)
    let missing = wanted.map {
      Key(map: id, style: style, level: level, scale: scale, x: $0.x, y: $0.y)
    }.filter { tiles[$0] == nil }
    guard !missing.isEmpty else { return true }
    ahead.queue(missing, limit: missing.count + Self.aheadLimit) { key in
      Self.draw(map: map, style: style, level: key.level, scale: key.scale, at: [(key.x, key.y)])
        .first ?? nil
    }
    return false
  }

  /// What is queued and being drawn ahead (tests).
  var aheadState: (queued: [Key], drawing: Key?, done: Int) { ahead.state }

  /// Waits until nothing is queued or being drawn ahead, and takes what was drawn (tests).
  func settleDrawingAhead() {
    ahead.waitUntilIdle()
    takeDrawnAhead()
  }

  /// Forgets the least recently used tiles of earlier frames until the kept bytes fit the
  /// budget.
  private func evict() {
    var bytes = tiles.values.reduce(0) { $0 + $1.tile.byteCount }
    guard bytes > byteBudget else { return }
    let old = tiles.filter { $0.value.lastUse < frame }.sorted {
      $0.value.lastUse < $1.value.lastUse
    }
    for (key, entry) in old {
      guard bytes > byteBudget else { break }
      tiles[key] = nil
      bytes -= entry.tile.byteCount
      statistics.evicted += 1
    }
  }

  /// Forgets every tile (and drops those queued to be drawn ahead).
  func removeAll() {
    ahead.dropQueued()
    _ = ahead.takeDone()
    tiles.removeAll()
    lastAhead = nil
  }

  /// Draws tiles on all cores, one tile per task.
  nonisolated static func draw(
    map: BaseMap, style: MapStyle, level: Int, scale: Double, at coordinates: [(x: Int, y: Int)]
  ) -> [Tile?] {
    let results = TileSlots(count: coordinates.count)
    let metersPerPoint = Self.metersPerPoint(level: level)
    let side = tileSize + 2 * margin
    let scene = MapScene(
      map: map, camera: MapCamera(center: map.origin, metersPerPoint: metersPerPoint, heading: 0),
      style: style, showsRoadNames: false, attribution: nil)
    let painter = MapPainter(scene: scene)
    DispatchQueue.concurrentPerform(iterations: coordinates.count) { index in
      let (x, y) = coordinates[index]
      guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(side), Int32(side))
      else { return }
      guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        cairo_surface_destroy(surface)
        return
      }
      let cr = cairo_create(surface)!
      cairo_scale(cr, scale, scale)
      // The map's origin (local 0, 0) sits at global pixel (0, 0); this tile's first pixel
      // (margin included) is global pixel (x · size − margin, y · size − margin).
      let anchor = CGPoint(
        x: -Double(x * tileSize - margin) / scale, y: -Double(y * tileSize - margin) / scale)
      painter.paintGeometry(
        in: cr, size: CGSize(width: Double(side) / scale, height: Double(side) / scale),
        anchor: anchor)
      cairo_destroy(cr)
      results.set(index, Tile(surface: surface, map: map))
      cairo_surface_destroy(surface)
    }
    return results.values
  }
}

/// The tiles a ``MapTileCache`` draws ahead of the camera, one at a time on a thread of
/// their own at a lower priority than the frames' (nice 10: on two cores a tile drawn at
/// the same priority took a third of the cores from the frames it overlapped, while the
/// tile is needed only frames later): those queued, the one being drawn and those done,
/// under one lock. The thread runs while tiles are queued.
final class TilesAhead: @unchecked Sendable {
  typealias Draw = @Sendable (MapTileCache.Key) -> MapTileCache.Tile?
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var queued: [(key: MapTileCache.Key, draw: Draw)] = []
  private var drawing: MapTileCache.Key?
  private var done: [MapTileCache.Key: MapTileCache.Tile] = [:]
  private var working = false

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// Whether a tile is queued or being drawn.
  var isBusy: Bool { locked { drawing != nil || !queued.isEmpty } }

  /// The tiles queued, the one being drawn and how many are done (tests).
  var state: (queued: [MapTileCache.Key], drawing: MapTileCache.Key?, done: Int) {
    locked { (queued.map(\.key), drawing, done.count) }
  }

  /// Takes the tiles done.
  func takeDone() -> [MapTileCache.Key: MapTileCache.Tile] {
    locked {
      let taken = done
      done = [:]
      return taken
    }
  }

  /// Drops the queued tiles (one being drawn finishes).
  func dropQueued() { locked { queued.removeAll() } }

  /// Queues `keys` not queued, being drawn or done, while fewer than `limit` are in flight,
  /// each drawn by `draw` on the background thread in turn.
  func queue(_ keys: [MapTileCache.Key], limit: Int, draw: @escaping Draw) {
    let starts: Bool = locked {
      for key in keys {
        guard queued.count + (drawing == nil ? 0 : 1) + done.count < limit else { break }
        guard key != drawing, done[key] == nil, !queued.contains(where: { $0.key == key })
        else { continue }
        queued.append((key, draw))
      }
      guard !queued.isEmpty, !working else { return false }
      working = true
      return true
    }
    if starts {
      let thread = Thread { [self] in work() }
      thread.name = "MapTileCache.ahead"
      thread.start()
    }
  }

  /// The background thread: draws the queued tiles in turn, then ends.
  private func work() {
    #if canImport(Glibc)
      // This thread only (Linux's nice is a thread's).
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
    while true {
      let next: (key: MapTileCache.Key, draw: Draw)? = locked {
        guard !queued.isEmpty else {
          working = false
          condition.broadcast()
          return nil
        }
        let item = queued.removeFirst()
        drawing = item.key
        return item
      }
      guard let next else { return }
      let tile = next.draw(next.key)
      locked {
        drawing = nil
        if let tile { done[next.key] = tile }
        condition.broadcast()
      }
    }
  }

  /// For a frame about to draw `missing` itself: takes those queued off the queue, and
  /// says whether one is being drawn (the frame draws it too rather than wait for a
  /// thread of lower priority; the later copy is dropped). Never waits.
  func settle(needing missing: Set<MapTileCache.Key>) -> Bool {
    locked {
      queued.removeAll { missing.contains($0.key) }
      guard let key = drawing else { return false }
      return missing.contains(key)
    }
  }

  /// Waits until nothing is queued or being drawn and the thread has ended.
  func waitUntilIdle() {
    locked {
      while drawing != nil || !queued.isEmpty || working { condition.wait() }
    }
  }
}

/// Slots written by `concurrentPerform` tasks (each its own index) while the caller waits.
final class TileSlots: Sendable {
  private let slots: Mutex<[MapTileCache.Tile?]>

  init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

  func set(_ index: Int, _ tile: MapTileCache.Tile) { slots.withLock { $0[index] = tile } }

  func replace(with values: [MapTileCache.Tile?]) { slots.withLock { $0 = values } }

  var values: [MapTileCache.Tile?] { slots.withLock { $0 } }
}

/// Composes a raster of the map's geometry from tiles: which tiles a camera needs, and
/// bilinear resampling of them under the camera's rotation, scale and translation.
enum MapTileCompositor {
  /// An affine map between two pixel spaces: (x, y) ↦ (xx·x + xy·y + x0, yx·x + yy·y + y0).
  struct Affine {
    var xx, xy, x0, yx, yy, y0: Double

    func apply(_ x: Double, _ y: Double) -> (Double, Double) {
      (xx * x + xy * y + x0, yx * x + yy * y + y0)
    }

    var inverted: Affine? {
      let det = xx * yy - xy * yx
      guard det != 0, det.isFinite else { return nil }
      let ixx = yy / det
      let ixy = -xy / det
      let iyx = -yx / det
      let iyy = xx / det
      return Affine(
        xx: ixx, xy: ixy, x0: -(ixx * x0 + ixy * y0), yx: iyx, yy: iyy, y0: -(iyx * x0 + iyy * y0))
    }
  }

  /// Draws `painter`'s geometry into `width` × `height` pixels at `destination` (RGB24 or
  /// ARGB32, `stride` bytes per row) from kept tiles, the camera's centre at `anchor`
  /// (pixels), `underLabels` called with each band's rows on the thread that resampled it,
  /// and the labels `labels` places composited over it (`labels` runs on this
  /// thread while missing tiles are drawn on others; each band of rows by the thread that
  /// resampled it), then `afterBand` called with the band's rows on that thread; `false`
  /// (nothing drawn) when the tiles do not fit the cache's budget. Unless `drawsAhead` is
  /// `false` (a part of a frame, ``ParallelMapRaster/shifted(_:_:base:key:tiles:session:shortcuts:)``),
  /// the tiles the camera moves toward are then queued (``MapTileCache/drawsAhead``).
  @MainActor
  static func paint(
    _ painter: MapPainter, into destination: UnsafeMutablePointer<UInt8>, stride: Int,
    width: Int, height: Int, anchor: (x: Double, y: Double), scale: Double,
    filter: MapTileFilter = .bilinear, cache: MapTileCache,
    skipping: [ParallelMapRaster.PixelBox] = [], holes: OpaqueMask? = nil,
    labels: () -> [LabelPlacement] = { [] },
    underLabels: (@Sendable (Range<Int>) -> Void)? = nil,
    afterBand: (@Sendable (Range<Int>) -> Void)? = nil, drawsAhead: Bool = true
  ) -> Bool {
    guard let map = painter.scene.map, width > 0, height > 0,
      let (level, toTiles) = tileSpace(painter, anchor: anchor, scale: scale)
    else { return false }
    let wanted = neededTiles(toTiles: toTiles, width: width, height: height)
    guard !wanted.isEmpty, wanted.count <= 4096 else { return false }
    var placed: [LabelPlacement] = []
    guard
      let tiles = cache.tiles(
        map: map, style: painter.scene.style, level: level, scale: scale, wanted: wanted,
        meanwhile: { placed = labels() })
    else { return false }
    let labels = placed
    // A table of the tiles by grid position over their bounding box.
    let x0 = wanted.map(\.x).min()!
    let y0 = wanted.map(\.y).min()!
    let columns = wanted.map(\.x).max()! - x0 + 1
    let rows = wanted.map(\.y).max()! - y0 + 1
    var table = [UnsafePointer<UInt32>?](repeating: nil, count: columns * rows)
    var flat = [UnsafePointer<UInt32>?](repeating: nil, count: columns * rows)
    for (w, tile) in zip(wanted, tiles) {
      table[(w.y - y0) * columns + (w.x - x0)] = UnsafePointer(tile.blocks)
      flat[(w.y - y0) * columns + (w.x - x0)] = UnsafePointer(tile.flat)
    }
    let land = painter.scene.style.land
    let landPixel =
      0xFF00_0000 | UInt32((land.red * 255).rounded()) << 16
      | UInt32((land.green * 255).rounded()) << 8 | UInt32((land.blue * 255).rounded())
    let grid = TileGrid(
      table: table, flat: flat, x0: x0, y0: y0, columns: columns, rows: rows,
      fallback: landPixel)
    let target = UnsafeSendableMutable(destination)
    // Bands of rows on all cores: each writes its own rows and reads the tiles.
    let bands = max(1, min(4 * ParallelMapRaster.cores, height / 64, 16))
    let rowsPerBand = (height + bands - 1) / bands
    withExtendedLifetime(tiles) {
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let first = band * rowsPerBand
        let last = min(height, first + rowsPerBand)
        guard first < last else { return }
        resample(
          grid, toTiles: toTiles, filter: filter, into: target.pointer, stride: stride,
          width: width, rows: first..<last,
          skipping: skipping.filter { $0.y0 < last && $0.y1 > first && $0.x0 < $0.x1 },
          holes: holes)
        // What stands on the map under the names (a tilted camera's raised buildings).
        underLabels?(first..<last)
        // Street names over the band, while its pixels are in the cache.
        for label in labels {
          label.composite(into: target.pointer, stride: stride, rows: first..<last)
        }
        // Then what goes over the names (the alternatives), still in the cache.
        afterBand?(first..<last)
      }
    }
    // The tiles the camera moves toward, while the next frames reuse these.
    if drawsAhead {
      cache.drawAhead(
        map: map, style: painter.scene.style, level: level, scale: scale, wanted: wanted,
        toTiles: toTiles, width: width, height: height)
    }
    return true
  }

  /// The tile level of `painter`'s camera and the map from destination pixels (the camera's
  /// centre at `anchor`, `scale` pixels per point) to that level's global tile pixels;
  /// `nil` when the camera's matrix cannot be inverted.
  static func tileSpace(_ painter: MapPainter, anchor: (x: Double, y: Double), scale: Double)
    -> (level: Int, toTiles: Affine)?
  {
    let level = MapTileCache.level(metersPerPoint: painter.scene.camera.metersPerPoint)
    let levelMeters = MapTileCache.metersPerPoint(level: level)
    // Global tile pixels (the level's grid, y down) to local metres, then to the
    // destination's pixels by the camera's matrix (points) times the scale.
    let m = painter.matrix(anchor: CGPoint(x: anchor.x / scale, y: anchor.y / scale))
    let metersPerPixel = levelMeters / scale
    let toDestination = Affine(
      xx: scale * m.xx * metersPerPixel, xy: -scale * m.xy * metersPerPixel, x0: scale * m.x0,
      yx: scale * m.yx * metersPerPixel, yy: -scale * m.yy * metersPerPixel, y0: scale * m.y0)
    guard let toTiles = toDestination.inverted else { return nil }
    return (level, toTiles)
  }

  /// Queues the tiles a camera moving as it moved since the last frame will need next, for
  /// a frame of `width` × `height` pixels drawn in parts (``paint(_:into:stride:width:height:anchor:scale:filter:cache:skipping:labels:underLabels:afterBand:drawsAhead:)``
  /// with `drawsAhead: false`), the camera's centre at `anchor`.
  @MainActor
  static func drawAhead(
    _ painter: MapPainter, width: Int, height: Int, anchor: (x: Double, y: Double),
    scale: Double, cache: MapTileCache
  ) {
    guard cache.drawsAhead, let map = painter.scene.map,
      let (level, toTiles) = tileSpace(painter, anchor: anchor, scale: scale)
    else { return }
    let wanted = neededTiles(toTiles: toTiles, width: width, height: height)
    guard wanted.count <= 4096 else { return }
    cache.drawAhead(
      map: map, style: painter.scene.style, level: level, scale: scale, wanted: wanted,
      toTiles: toTiles, width: width, height: height)
  }

  /// The tiles (x, y) whose pixels (with one pixel around for bilinear sampling) meet the
  /// destination rectangle.
  static func neededTiles(toTiles: Affine, width: Int, height: Int) -> [(x: Int, y: Int)] {
    let w = Double(width)
    let h = Double(height)
    let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { toTiles.apply($0.0, $0.1) }
    let size = Double(MapTileCache.tileSize)
    let minX = Int(((corners.map(\.0).min()! - 1) / size).rounded(.down))
    let maxX = Int(((corners.map(\.0).max()! + 1) / size).rounded(.down))
    let minY = Int(((corners.map(\.1).min()! - 1) / size).rounded(.down))
    let maxY = Int(((corners.map(\.1).max()! + 1) / size).rounded(.down))
    guard maxX - minX < 4096, maxY - minY < 4096 else { return [] }
    // Separating axes: the destination's corners in tile pixels form a parallelogram; a
    // tile square misses it when one of the square's or the parallelogram's edge normals
    // separates them.
    let edges = [
      (corners[1].0 - corners[0].0, corners[1].1 - corners[0].1),
      (corners[3].0 - corners[0].0, corners[3].1 - corners[0].1),
    ]
    var wanted: [(x: Int, y: Int)] = []
    for ty in minY...maxY {
      for tx in minX...maxX {
        let left = Double(tx) * size - 1
        let top = Double(ty) * size - 1
        let square = [
          (left, top), (left + size + 2, top), (left + size + 2, top + size + 2),
          (left, top + size + 2),
        ]
        if corners.map(\.0).max()! < left || corners.map(\.0).min()! > left + size + 2
          || corners.map(\.1).max()! < top || corners.map(\.1).min()! > top + size + 2
        {
          continue
        }
        var separated = false
        for (ex, ey) in edges {
          let (nx, ny) = (-ey, ex)
          let a = corners.map { $0.0 * nx + $0.1 * ny }
          let b = square.map { $0.0 * nx + $0.1 * ny }
          if a.max()! < b.min()! || b.max()! < a.min()! {
            separated = true
            break
          }
        }
        if !separated { wanted.append((tx, ty)) }
      }
    }
    return wanted
  }

  /// The tiles' pixels by grid position, for the resampling threads.
  struct TileGrid: @unchecked Sendable {
    let table: [UnsafePointer<UInt32>?]
    /// Each tile's blocks (``MapTileCache/Tile/blocks``) in `table`, and their flat colours
    /// (``MapTileCache/Tile/flat``) in `flat`, by grid position.
    let flat: [UnsafePointer<UInt32>?]
    let x0: Int
    let y0: Int
    let columns: Int
    let rows: Int
    let fallback: UInt32
  }

  /// Bilinear resampling of `rows` of the destination: each pixel's centre mapped to tile
  /// pixels, the four pixels around it weighed in 8-bit fixed point. Pixels inside a box of
  /// `skipping` are left as they are (opaque views will cover them); the others are the
  /// same as without it (each run's start is stepped to as the row's walk would). So are
  /// the pixels of `holes` (over the destination from its first pixel: opaque markers will
  /// cover them).
  static func resample(
    _ grid: TileGrid, toTiles: Affine, filter: MapTileFilter,
    into destination: UnsafeMutablePointer<UInt8>,
    stride: Int, width: Int, rows: Range<Int>, skipping: [ParallelMapRaster.PixelBox] = [],
    holes: OpaqueMask? = nil
  ) {
    let one = 65536.0
    // Steps along a row, 16.16 fixed point.
    let stepX = Int((toTiles.xx * one).rounded())
    let stepY = Int((toTiles.yx * one).rounded())
    // Nearest: the pixel the centre falls in (no half-pixel shift, weights unused).
    let shiftBack = filter == .bilinear ? 0.5 : 0
    grid.table.withUnsafeBufferPointer { table in
      grid.flat.withUnsafeBufferPointer { flatTable in
        let tiles = Tiles(grid: grid, pixels: table, flat: flatTable)
        // Blocks of columns, so the tile pixels one block reads stay in the cache from one
        // row to the next (a rotated row crosses many tile rows), wide enough that the
        // destination is written in long runs: narrow blocks write each row in short pieces
        // a stride apart, and those writes miss the cache (64 columns cost a third more
        // time than 512 in the render suite's moved frame).
        let block = 512
        for firstColumn in Swift.stride(from: 0, to: width, by: block) {
          let lastColumn = min(width, firstColumn + block)
          for row in rows {
            // The first pixel's centre, less half a pixel (sample at pixel centres).
            let (sx, sy) = toTiles.apply(Double(firstColumn) + 0.5, Double(row) + 0.5)
            let startX = Int(((sx - shiftBack) * one).rounded())
            let startY = Int(((sy - shiftBack) * one).rounded())
            let out = UnsafeMutableRawPointer(destination + row * stride)
              .assumingMemoryBound(to: UInt32.self)
            // The block's columns less those the boxes covering this row skip, one segment
            // at a time (no allocation per row).
            var next = firstColumn
            while let segment = nextSegment(
              of: row, from: &next, before: lastColumn, skipping: skipping)
            {
              var at = segment.lowerBound
              while at < segment.upperBound {
                var run = at..<segment.upperBound
                if let holes {
                  guard let (a, b) = holes.uncoveredRun(y: row, from: at, to: segment.upperBound)
                  else { break }
                  run = a..<b
                }
                var walk = Walk(
                  fx: startX &+ stepX &* (run.lowerBound - firstColumn),
                  fy: startY &+ stepY &* (run.lowerBound - firstColumn), stepX: stepX,
                  stepY: stepY)
                resampleSegment(run, walk: &walk, tiles: tiles, filter: filter, into: out)
                at = run.upperBound
              }
            }
          }
        }
      }
    }
  }

  /// The tiles' pixel tables while a resampling reads them.
  struct Tiles {
    let grid: TileGrid
    let pixels: UnsafeBufferPointer<UnsafePointer<UInt32>?>
    let flat: UnsafeBufferPointer<UnsafePointer<UInt32>?>
  }

  /// A sample's place in tile pixels along a destination row (16.16 fixed point), and its
  /// step from one destination pixel to the next.
  struct Walk {
    var fx: Int
    var fy: Int
    let stepX: Int
    let stepY: Int

    /// Moves `count` destination pixels on.
    @inline(__always)
    mutating func advance(_ count: Int = 1) {
      fx &+= stepX &* count
      fy &+= stepY &* count
    }
  }

  /// The next columns of `row` from `next` up to `end` that no box of `skipping` covers, or
  /// `nil` when none are left; `next` moves past them.
  @inline(__always)
  static func nextSegment(
    of row: Int, from next: inout Int, before end: Int, skipping: [ParallelMapRaster.PixelBox]
  ) -> Range<Int>? {
    var moved = true
    while moved {
      moved = false
      for box in skipping
      where box.y0 <= row && row < box.y1 && box.x0 <= next && next < box.x1 {
        next = box.x1
        moved = true
      }
    }
    guard next < end else { return nil }
    var segmentEnd = end
    for box in skipping where box.y0 <= row && row < box.y1 && box.x0 > next {
      segmentEnd = min(segmentEnd, box.x0)
    }
    let segment = next..<segmentEnd
    next = segmentEnd
    return segment
  }

  /// Resamples the destination pixels `segment` of one row, in runs whose samples lie in one
  /// tile (the tile is looked up once per run); a missing tile gives the fallback colour.
  @inline(__always)
  static func resampleSegment(
    _ segment: Range<Int>, walk: inout Walk, tiles: Tiles, filter: MapTileFilter,
    into out: UnsafeMutablePointer<UInt32>
  ) {
    let shift = MapTileCache.tileShift
    let size = MapTileCache.tileSize
    let grid = tiles.grid
    let lastColumn = segment.upperBound
    var column = segment.lowerBound
    while column < lastColumn {
      let tileX = (walk.fx >> 16) >> shift
      let tileY = (walk.fy >> 16) >> shift
      // How many more pixels stay in this tile along x and along y (16.16 steps).
      let run = min(
        lastColumn - column,
        1 + stepsWithin(walk.fx, step: walk.stepX, low: tileX << (shift + 16), size: size << 16),
        1 + stepsWithin(walk.fy, step: walk.stepY, low: tileY << (shift + 16), size: size << 16))
      let tx = tileX - grid.x0
      let ty = tileY - grid.y0
      let found =
        tx >= 0 && ty >= 0 && tx < grid.columns && ty < grid.rows
        ? tiles.pixels[ty * grid.columns + tx] : nil
      let columns = column..<(column + run)
      column += run
      guard let pixels = found else {
        for c in columns { out[c] = grid.fallback }
        walk.advance(run)
        continue
      }
      let origin = (x: tileX << (shift + 16), y: tileY << (shift + 16))
      if filter == .nearest {
        sampleNearest(pixels, origin: origin, columns: columns, walk: &walk, into: out)
      } else {
        sampleBilinear(
          pixels, blocks: tiles.flat[ty * grid.columns + tx]!, origin: origin, columns: columns,
          walk: &walk, into: out)
      }
    }
  }

  /// The nearest tile pixel of each sample of `columns`, all in the tile `pixels` whose
  /// first pixel is at `origin` (16.16 tile pixels).
  @inline(__always)
  static func sampleNearest(
    _ pixels: UnsafePointer<UInt32>, origin: (x: Int, y: Int), columns: Range<Int>,
    walk: inout Walk, into out: UnsafeMutablePointer<UInt32>
  ) {
    // A sample's pixel in the tile: its block, and its place in the block.
    let flatShift = MapTileCache.flatShift
    let perSide = MapTileCache.blocksPerSide
    let side = MapTileCache.blockSide
    let area = MapTileCache.blockArea
    let inBlock = MapTileCache.flatBlock - 1
    for c in columns {
      let x = (walk.fx &- origin.x) >> 16
      let y = (walk.fy &- origin.y) >> 16
      let at =
        ((y >> flatShift) &* perSide &+ (x >> flatShift)) &* area &+ (y & inBlock)
        &* side &+ (x & inBlock)
      out[c] = pixels[at] | 0xFF00_0000
      walk.advance()
    }
  }

  /// The bilinear samples of `columns`, all in the tile `pixels` whose first pixel is at
  /// `origin` (16.16 tile pixels), in runs whose samples lie in one block: filled with its
  /// colour when it is flat (`blocks`), else weighed one by one.
  @inline(__always)
  static func sampleBilinear(
    _ pixels: UnsafePointer<UInt32>, blocks: UnsafePointer<UInt32>, origin: (x: Int, y: Int),
    columns: Range<Int>, walk: inout Walk, into out: UnsafeMutablePointer<UInt32>
  ) {
    let flatShift = MapTileCache.flatShift
    let perSide = MapTileCache.blocksPerSide
    let side = MapTileCache.blockSide
    let area = MapTileCache.blockArea
    // Two pixels side by side in one 64-bit load (tiles are little-endian words).
    let raw = UnsafeRawPointer(pixels)
    let below = side &* 4
    let end = columns.upperBound
    var column = columns.lowerBound
    while column < end {
      let bx = (walk.fx &- origin.x) >> (16 + flatShift)
      let by = (walk.fy &- origin.y) >> (16 + flatShift)
      let steps = min(
        end - column,
        1
          + stepsWithin(
            walk.fx, step: walk.stepX, low: origin.x &+ bx << (16 + flatShift),
            size: 1 << (16 + flatShift)),
        1
          + stepsWithin(
            walk.fy, step: walk.stepY, low: origin.y &+ by << (16 + flatShift),
            size: 1 << (16 + flatShift)))
      let index = by &* perSide &+ bx
      let colour = blocks[index]
      if colour != 0 {
        (out + column).update(repeating: colour, count: steps)
        walk.advance(steps)
        column += steps
        continue
      }
      // The block's first pixel, less its corner's place (16.16 bits dropped).
      let base =
        index &* area &- ((origin.y >> 16) &+ (by << flatShift)) &* side
        &- ((origin.x >> 16) &+ (bx << flatShift))
      for c in column..<(column + steps) {
        let at = ((walk.fy >> 16) &* side &+ (walk.fx >> 16) &+ base) &* 4
        let top = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        let bottom = raw.loadUnaligned(fromByteOffset: at &+ below, as: UInt64.self)
        // Four equal pixels need no weighing.
        if top == bottom,
          UInt32(truncatingIfNeeded: top) == UInt32(truncatingIfNeeded: top >> 32)
        {
          out[c] = UInt32(truncatingIfNeeded: top) | 0xFF00_0000
        } else {
          out[c] = OpaqueLanes.bilinear(
            top, bottom, UInt64((walk.fx >> 8) & 0xFF), UInt64((walk.fy >> 8) & 0xFF))
        }
        walk.advance()
      }
      column += steps
    }
  }

  /// How many steps of `step` from `value` stay within `low ..< low + size` (fixed point).
  @inline(__always)
  static func stepsWithin(_ value: Int, step: Int, low: Int, size: Int) -> Int {
    if step > 0 { return (low + size - 1 - value) / step }
    if step < 0 { return (value - low) / -step }
    return Int.max / 2
  }
}
