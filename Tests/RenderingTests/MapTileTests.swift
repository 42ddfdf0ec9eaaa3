import Foundation
import NavigationCore
import Rendering
import Testing
import ViewKit

/// Raster frames resample the base map's geometry from kept north-up tiles
/// (``Renderer/usesMapTiles``): the same picture as drawing it directly, but for the
/// resampling's softening of edges; no seams; tiles reused as the camera moves; a bounded
/// cache; separate tiles per style.
@MainActor
@Suite struct MapTileTests {
  /// Pixel differences between two pictures of one size.
  struct Difference: CustomStringConvertible {
    /// Mean absolute difference per channel (0 … 255).
    var mean: Double
    /// The share of pixels with a channel differing by more than 64.
    var largeShare: Double
    /// The largest channel difference.
    var largest: Int

    init(_ a: RasterImage, _ b: RasterImage) {
      precondition(a.width == b.width && a.height == b.height)
      var sum = 0
      var large = 0
      var largest = 0
      var i = 0
      while i < a.rgba.count {
        var pixelLargest = 0
        for c in 0..<3 {
          let d = abs(Int(a.rgba[i + c]) - Int(b.rgba[i + c]))
          sum += d
          pixelLargest = max(pixelLargest, d)
        }
        if pixelLargest > 64 { large += 1 }
        largest = max(largest, pixelLargest)
        i += 4
      }
      let pixels = a.width * a.height
      mean = Double(sum) / Double(pixels * 3)
      largeShare = Double(large) / Double(pixels)
      self.largest = largest
    }

    var description: String {
      String(
        format: "mean %.3f, %.4f%% of pixels beyond 64, largest %d", mean, largeShare * 100,
        largest)
    }
  }

  static let size = CGSize(width: 300, height: 420)

  /// A scene over the harbour and the streets around it, no overlays and no text (the
  /// tiles hold geometry only).
  static func scene(heading: Double, metersPerPoint: Double, style: MapStyle = .day) throws
    -> MapScene
  {
    MapScene(
      map: try BaseMap.bundled(),
      camera: MapCamera(
        center: CLLocationCoordinate2D(latitude: 43.7350, longitude: 7.4215),
        metersPerPoint: metersPerPoint, heading: heading),
      style: style, showsRoadNames: false, attribution: nil)
  }

  /// Writes a picture under `NAVUI_TILE_CHECK_OUT` when set (for looking at them).
  static func keep(_ png: Data, _ name: String) {
    guard let folder = ProcessInfo.processInfo.environment["NAVUI_TILE_CHECK_OUT"] else { return }
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true)
    try? png.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
  }

  @Test(arguments: [(0.0, 1.0), (37.0, 1.0), (90.0, 1.0), (180.0, 1.0), (37.0, 1.37)])
  func tiledFrameMatchesTheDirectDrawing(heading: Double, metersPerPoint: Double) throws {
    let session = RenderSession()
    var tiled = Renderer(scale: 2, session: session)
    tiled.usesMapTiles = true
    var direct = tiled
    direct.usesMapTiles = false
    session.forgetKeptMapRasters()
    let scene = try Self.scene(heading: heading, metersPerPoint: metersPerPoint)
    let before = session.mapTileStatistics
    let tiledPNG = try tiled.png(map: scene, size: Self.size)
    #expect(session.mapTileStatistics.drawn > before.drawn, "the tiles were used")
    let directPNG = try direct.png(map: scene, size: Self.size)
    let name = "heading\(Int(heading))-mpp\(metersPerPoint)"
    Self.keep(tiledPNG, "\(name)-tiled.png")
    Self.keep(directPNG, "\(name)-direct.png")
    let difference = Difference(try RasterImage(png: tiledPNG), try RasterImage(png: directPNG))
    print("tiled vs direct, \(name): \(difference)")
    // Resampling softens antialiased edges by up to a pixel (mean 0.2 … 1.4 here); tiles
    // one pixel off make it 2.5 … 3.6, a misplaced tile or a wrong zoom far more.
    #expect(difference.mean < 1.8, "\(difference)")
    #expect(difference.largeShare < 0.02, "\(difference)")
  }

  /// A tilted camera's map from tiles: the flat map (tiles without buildings, rotated)
  /// with the buildings raised over it is the direct drawing's picture but for resampled
  /// edges, far closer to it than the same map without its raised buildings is.
  @Test(arguments: [(0.0, 45.0, 1.0), (37.0, 45.0, 1.0), (200.0, 30.0, 0.7)])
  func tiltedFrameMatchesTheDirectDrawing(
    heading: Double, tilt: Double, metersPerPoint: Double
  ) throws {
    let session = RenderSession()
    var tiled = Renderer(scale: 2, session: session)
    tiled.usesMapTiles = true
    var direct = tiled
    direct.usesMapTiles = false
    var scene = try Self.scene(heading: heading, metersPerPoint: metersPerPoint)
    scene.camera.tilt = tilt
    let before = session.mapTileStatistics
    let tiledPNG = try tiled.png(map: scene, size: Self.size)
    #expect(session.mapTileStatistics.drawn > before.drawn, "tiles without buildings drawn")
    let directPNG = try direct.png(map: scene, size: Self.size)
    let name = "tilt\(Int(tilt))-heading\(Int(heading))-mpp\(metersPerPoint)"
    Self.keep(tiledPNG, "\(name)-tiled.png")
    Self.keep(directPNG, "\(name)-direct.png")
    let tiledImage = try RasterImage(png: tiledPNG)
    let difference = Difference(tiledImage, try RasterImage(png: directPNG))
    print("tilted, tiled vs direct, \(name): \(difference)")
    #expect(difference.mean < 1.8, "\(difference)")
    #expect(difference.largeShare < 0.02, "\(difference)")
    // Without its raised buildings (walls and roofs over streets and land) the map is much
    // further from the direct drawing: the tiled one has them.
    var bare = scene
    bare.style.hiddenKinds.insert(.building)
    let unraised = Difference(
      tiledImage, try RasterImage(png: try direct.png(map: bare, size: Self.size)))
    #expect(unraised.mean > 4 * difference.mean, "raised buildings: \(unraised)")
    // Moved a little, the tilted map reuses its tiles (none drawn).
    let drawn = session.mapTileStatistics.drawn
    scene.camera.center.latitude += 0.00002
    _ = try tiled.png(map: scene, size: Self.size)
    #expect(session.mapTileStatistics.drawn == drawn, "a moved tilted camera reuses tiles")
  }

  /// Along the tiles' borders the tiled picture is as close to the direct drawing as
  /// anywhere else (a seam would make the pixels next to a border differ more).
  @Test(arguments: [0.0, 37.0])
  func tileBordersMatchTheDirectDrawing(heading: Double) throws {
    let session = RenderSession()
    let scale = 3.0
    let size = CGSize(width: 390, height: 600)
    let scene = try Self.scene(heading: heading, metersPerPoint: 1.0)
    var tiled = Renderer(scale: scale, session: session)
    tiled.usesMapTiles = true
    var direct = tiled
    direct.usesMapTiles = false
    session.forgetKeptMapRasters()
    let tiledPNG = try tiled.png(map: scene, size: size)
    let directPNG = try direct.png(map: scene, size: size)
    Self.keep(tiledPNG, "borders-heading\(Int(heading))-tiled.png")
    Self.keep(directPNG, "borders-heading\(Int(heading))-direct.png")
    let a = try RasterImage(png: tiledPNG)
    let b = try RasterImage(png: directPNG)
    // Tile borders: every 512 pixels of the level's grid from the map's origin, in metres
    // at this zoom (level 0: 1 m per point) times the scale.
    let map = try #require(scene.map)
    let metersPerDegree = Geodesy.earthRadius * .pi / 180
    let anchor = CGPoint(x: size.width / 2, y: size.height / 2)
    func nearBorder(_ x: Int, _ y: Int) -> Bool {
      let c = scene.camera.coordinate(
        at: CGPoint(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale), anchor: anchor)
      let east =
        (c.longitude - map.origin.longitude) * metersPerDegree
        * cos(map.origin.latitude * .pi / 180)
      let south = -(c.latitude - map.origin.latitude) * metersPerDegree
      let gx = east * scale
      let gy = south * scale
      let dx = abs(gx - 512 * (gx / 512).rounded())
      let dy = abs(gy - 512 * (gy / 512).rounded())
      return min(dx, dy) < 1
    }
    var border = (sum: 0, count: 0)
    var elsewhere = (sum: 0, count: 0)
    for y in 0..<a.height {
      for x in 0..<a.width {
        let i = (y * a.width + x) * 4
        let d = (0..<3).reduce(0) { $0 + abs(Int(a.rgba[i + $1]) - Int(b.rgba[i + $1])) }
        if nearBorder(x, y) {
          border.sum += d
          border.count += 1
        } else {
          elsewhere.sum += d
          elsewhere.count += 1
        }
      }
    }
    #expect(border.count > 500, "the picture crosses tile borders")
    if ProcessInfo.processInfo.environment["NAVUI_TILE_CHECK_OUT"] != nil {
      // Where the borders are, for looking at crops of the pictures.
      let corners = stride(from: 0, to: a.height, by: 1).flatMap { y in
        stride(from: 0, to: a.width, by: 1).map { (x: $0, y: y) }
      }.filter { nearBorder($0.x, $0.y) }
      print("border pixels, heading \(heading): \(corners.prefix(3)) …")
    }
    let borderMean = Double(border.sum) / Double(max(1, border.count) * 3)
    let elsewhereMean = Double(elsewhere.sum) / Double(max(1, elsewhere.count) * 3)
    print(
      String(
        format:
          "heading %.0f: mean difference %.3f within 1 px of tile borders (%d px), %.3f elsewhere",
        heading, borderMean, border.count, elsewhereMean))
    // (Sampling a border pixel without its neighbour across the border, as an edge-padded
    // tile would, makes it 1.5 to 2 times the mean elsewhere.)
    #expect(borderMean < elsewhereMean * 1.25, "a seam along the tile borders")
  }

  /// Nearest-pixel resampling: as sharp as the tiles, edges stepped by up to a pixel.
  @Test(arguments: [37.0, 90.0])
  func nearestTilesMatchTheDirectDrawing(heading: Double) throws {
    let session = RenderSession()
    var tiled = Renderer(scale: 2, session: session)
    tiled.mapTileFilter = .nearest
    var direct = tiled
    direct.usesMapTiles = false
    session.forgetKeptMapRasters()
    let scene = try Self.scene(heading: heading, metersPerPoint: 1.0)
    let tiledPNG = try tiled.png(map: scene, size: Self.size)
    let directPNG = try direct.png(map: scene, size: Self.size)
    Self.keep(tiledPNG, "nearest-heading\(Int(heading))-tiled.png")
    let difference = Difference(try RasterImage(png: tiledPNG), try RasterImage(png: directPNG))
    print("nearest tiles vs direct, heading \(heading): \(difference)")
    #expect(difference.mean < 1.8, "\(difference)")
    #expect(difference.largeShare < 0.02, "\(difference)")
    // Not the bilinear picture.
    var bilinear = tiled
    bilinear.mapTileFilter = .bilinear
    #expect(try bilinear.png(map: scene, size: Self.size) != tiledPNG)
  }

  /// The tiles' pixels on each side of a border meet: over open water (one colour) a
  /// rotated, non-integer zoom frame is that colour everywhere.
  @Test func noSeamsBetweenTiles() throws {
    let session = RenderSession()
    var scene = try Self.scene(heading: 37, metersPerPoint: 1.37)
    scene.camera.center = CLLocationCoordinate2D(latitude: 43.7330, longitude: 7.4400)
    let renderer = Renderer(scale: 3, session: session)
    session.forgetKeptMapRasters()
    let png = try renderer.png(map: scene, size: CGSize(width: 390, height: 600))
    Self.keep(png, "sea-tiled.png")
    let image = try RasterImage(png: png)
    #expect(session.mapTileStatistics.tileCount >= 4, "the frame spans tile borders")
    let water = MapStyle.day.water
    let expected = [water.red, water.green, water.blue].map { Int(($0 * 255).rounded()) }
    var off = 0
    for i in stride(from: 0, to: image.rgba.count, by: 4)
    where (0..<3).contains(where: { abs(Int(image.rgba[i + $0]) - expected[$0]) > 1 }) {
      off += 1
    }
    #expect(off == 0, "\(off) pixels are not the water's colour")
  }

  /// Street names are laid out while the missing tiles are drawn: a frame whose tiles are
  /// all new has the same names, in the same places, as one whose tiles were kept.
  @Test func namesAreTheSameWhetherTilesAreNewOrKept() throws {
    let session = RenderSession()
    let renderer = Renderer(scale: 2, session: session)
    let bare = try Self.scene(heading: 37, metersPerPoint: 1.0)
    var named = bare
    named.showsRoadNames = true
    session.forgetKeptMapRasters()
    let start = session.mapTileStatistics
    let fresh = try renderer.png(map: named, size: Self.size)
    let drawn = session.mapTileStatistics.drawn - start.drawn
    #expect(drawn >= 4, "the first frame drew its tiles (\(drawn))")
    // The same tiles kept (drawn for the frame without names), no kept raster for the
    // named scene: this frame lays out its names with no tile to draw.
    session.forgetKeptMapRasters()
    let withoutNames = try renderer.png(map: bare, size: Self.size)
    let beforeKept = session.mapTileStatistics
    let kept = try renderer.png(map: named, size: Self.size)
    #expect(session.mapTileStatistics.drawn == beforeKept.drawn, "no tile was drawn")
    #expect(session.mapTileStatistics.reused > beforeKept.reused, "the tiles were reused")
    let same = fresh == kept
    #expect(same, "the names differ between new and kept tiles")
    let showsNames = fresh != withoutNames
    #expect(showsNames, "the frame shows street names")
  }

  /// After the camera moves a few metres and turns a little, most tiles are reused.
  @Test func tilesAreReusedAfterASmallCameraMove() throws {
    let session = RenderSession()
    let renderer = Renderer(scale: 3, session: session)
    session.forgetKeptMapRasters()
    var scene = try Self.scene(heading: 37, metersPerPoint: 1.0)
    let start = session.mapTileStatistics
    _ = try renderer.png(map: scene, size: Self.size)
    let first = session.mapTileStatistics
    let needed = first.drawn - start.drawn
    #expect(needed >= 6)
    #expect(first.reused == start.reused)
    scene.camera.center.latitude += 0.00005  // about 5.6 m north
    scene.camera.heading += 3
    _ = try renderer.png(map: scene, size: Self.size)
    let second = session.mapTileStatistics
    let reused = second.reused - first.reused
    let drawn = second.drawn - first.drawn
    print(
      "after a small move: \(reused) tiles reused, \(drawn) drawn; the first frame drew \(needed)")
    #expect(reused * 3 >= needed * 2, "\(reused) reused, \(drawn) drawn of \(needed)")
    #expect(drawn * 3 <= needed, "\(reused) reused, \(drawn) drawn of \(needed)")
  }

  /// The kept tiles stay within the byte budget from frame to frame, and a frame needing
  /// more than the budget draws its geometry directly.
  @Test func cacheStaysWithinItsBudget() throws {
    let session = RenderSession()
    session.forgetKeptMapRasters()
    let renderer = Renderer(scale: 2, session: session)
    var scene = try Self.scene(heading: 20, metersPerPoint: 1.0)
    _ = try renderer.png(map: scene, size: Self.size)
    let oneFrame = session.mapTileStatistics.byteCount
    #expect(oneFrame > 0)
    session.mapTileByteBudget = oneFrame * 3 / 2
    let start = session.mapTileStatistics
    for step in 1...6 {
      scene.camera.center.longitude += 0.004 * Double(step % 2 == 0 ? 1 : -1) * Double(step)
      _ = try renderer.png(map: scene, size: Self.size)
      let now = session.mapTileStatistics
      #expect(now.byteCount <= now.byteBudget, "\(now.byteCount) bytes kept past the budget")
      #expect(now.byteBudget == oneFrame * 3 / 2)
    }
    #expect(session.mapTileStatistics.evicted > start.evicted)
    // A budget smaller than one frame's tiles: the geometry is drawn directly, no tiles.
    session.mapTileByteBudget = 1
    session.forgetKeptMapRasters()
    let drawnBefore = session.mapTileStatistics.drawn
    var direct = renderer
    direct.usesMapTiles = false
    let overBudget = try RasterImage(png: renderer.png(map: scene, size: Self.size))
    #expect(session.mapTileStatistics.drawn == drawnBefore)
    #expect(session.mapTileStatistics.tileCount == 0)
    session.forgetKeptMapRasters()
    #expect(overBudget == (try RasterImage(png: direct.png(map: scene, size: Self.size))))
  }

  /// Night frames draw and keep their own tiles; day frames then still find theirs.
  @Test func nightStyleUsesSeparateTiles() throws {
    let session = RenderSession()
    let renderer = Renderer(scale: 2, session: session)
    session.forgetKeptMapRasters()
    let day = try Self.scene(heading: 37, metersPerPoint: 1.0)
    let night = try Self.scene(heading: 37, metersPerPoint: 1.0, style: .night)
    let start = session.mapTileStatistics
    let dayPNG = try renderer.png(map: day, size: Self.size)
    let afterDay = session.mapTileStatistics
    let needed = afterDay.drawn - start.drawn
    let nightPNG = try renderer.png(map: night, size: Self.size)
    let afterNight = session.mapTileStatistics
    #expect(afterNight.drawn - afterDay.drawn == needed, "night draws its own tiles")
    #expect(afterNight.reused == afterDay.reused)
    #expect(afterNight.tileCount == 2 * needed)
    Self.keep(nightPNG, "night-tiled.png")
    // Night land is dark: the picture's mean brightness is far below the day's.
    func brightness(_ png: Data) throws -> Double {
      let image = try RasterImage(png: png)
      return Double(image.rgba.reduce(0) { $0 + Int($1) }) / Double(image.rgba.count)
    }
    #expect(try brightness(nightPNG) + 60 < brightness(dayPNG))
    // A day frame from another viewpoint (the raster kept for the first does not apply)
    // finds the day tiles.
    var moved = day
    moved.camera.heading += 1
    _ = try renderer.png(map: moved, size: Self.size)
    let afterMoved = session.mapTileStatistics
    #expect(afterMoved.reused - afterNight.reused >= needed * 3 / 4)
  }

  /// SVG and PDF stay vector: no tile is drawn or used for them.
  @Test func vectorOutputUsesNoTiles() throws {
    let session = RenderSession()
    let renderer = Renderer(scale: 2, session: session)
    session.forgetKeptMapRasters()
    let scene = try Self.scene(heading: 37, metersPerPoint: 1.0)
    _ = try renderer.svg(map: scene, size: Self.size)
    _ = try renderer.pdf(map: scene, size: Self.size)
    #expect(session.mapTileStatistics.tileCount == 0)
  }
}

/// Map rows under opaque views painted over the map (a header, a footer) are not drawn;
/// what shows is the same picture.
@MainActor
@Suite struct MapOcclusionTests {
  static func window(covered: Bool) -> (UIWindow, UIView) {
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 400), clock: clock)
    window.backgroundColor = .white
    let mapView = UIView(frame: window.bounds)
    window.addSubview(mapView)
    let header = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 80))
    header.backgroundColor = UIColor(rgb: 0x0F9D58)
    let footer = UIView(frame: CGRect(x: 0, y: 330, width: 240, height: 70))
    footer.backgroundColor = .white
    footer.layer.cornerRadius = 12
    header.isHidden = !covered
    footer.isHidden = !covered
    window.addSubview(header)
    window.addSubview(footer)
    return (window, mapView)
  }

  @Test(arguments: [true, false])
  func mapUnderOpaqueViewsIsTheSameWhereItShows(tiles: Bool) throws {
    let session = RenderSession()
    let scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    var renderer = Renderer(scale: 2, session: session)
    renderer.usesMapTiles = tiles
    session.forgetKeptMapRasters()
    let (coveredWindow, coveredMap) = Self.window(covered: true)
    let covered = try renderer.raster(
      window: coveredWindow, map: MapLayer(scene: scene, view: coveredMap))
    let (openWindow, openMap) = Self.window(covered: false)
    let open = try renderer.raster(window: openWindow, map: MapLayer(scene: scene, view: openMap))
    // Between the header and the footer: the same pixels.
    var differing = 0
    var largest = 0
    for y in 160..<660 {
      for x in 0..<covered.width {
        let a = covered.pixel(x: x, y: y)!
        let b = open.pixel(x: x, y: y)!
        let difference = [
          Int(a.red) - Int(b.red), Int(a.green) - Int(b.green), Int(a.blue) - Int(b.blue),
        ].map(abs).max()!
        largest = max(largest, difference)
        // Street names are kept images turned by Cairo's bilinear filter, whose fixed-point
        // sample positions round differently in a raster of another height: at most two
        // levels apart.
        if difference > 2 { differing += 1 }
      }
    }
    // Tiles give the same pixels whatever the raster's size; the direct drawing's bands
    // fall elsewhere in a smaller raster, which moves rounding at a few edges.
    #expect(
      differing <= (tiles ? 0 : 240),
      "\(differing) pixels differ between the header and the footer (by up to \(largest))"
    )
    // The footer's rounded corner shows the map.
    #expect(covered.pixel(x: 2, y: 662)! == open.pixel(x: 2, y: 662)!)
    // The header and the footer are painted over it.
    #expect(covered.matches(x: 100, y: 40, RGBA(hex: 0x0F9D58)))
    #expect(covered.matches(x: 100, y: 760, RGBA(hex: 0xFFFFFF)))
  }
}
