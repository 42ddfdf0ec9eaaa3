import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// A map that must be drawn again in full while the last one is kept for shifting (a camera
/// that turned) is drawn over several frames (``RenderSession/spreadsMapRedraws``): the
/// frames meanwhile show the kept map with its camera, the route and vehicle drawn with
/// that camera too, and the frame after the last slice shows the new camera. Every frame is
/// a fresh drawing of the camera it shows.
@MainActor
@Suite struct MapSpreadTests {
  /// The shift tests' harbour (tilted, names, an alternative) with a route and its vehicle
  /// across it, so the held camera's overlays are checked too.
  static func scene() throws -> MapScene {
    var scene = try MapShiftTests.scene()
    let c = scene.camera.center
    scene.route = RouteOverlay(
      coordinates: [
        CLLocationCoordinate2D(latitude: c.latitude - 0.0015, longitude: c.longitude + 0.0008),
        CLLocationCoordinate2D(latitude: c.latitude, longitude: c.longitude),
        CLLocationCoordinate2D(latitude: c.latitude + 0.0012, longitude: c.longitude + 0.0011),
      ], distanceTraveled: 150)
    return scene
  }

  /// A session that shifts kept maps and spreads redraws, one slice a frame.
  static func session() -> RenderSession {
    let session = RenderSession()
    session.shiftsKeptMap = true
    session.spreadsMapRedraws = true
    session.mapRedrawSliceSeconds = 0
    return session
  }

  /// The frame's PNG and a fresh drawing of `shown` (a session of its own), compared.
  static func compare(_ png: Data, freshOf shown: MapScene, scale: Double) throws -> (
    count: Int, pixels: Int, largest: Int
  ) {
    let fresh = try Renderer(scale: scale, session: RenderSession()).png(
      map: shown, size: MapTileTests.size)
    return MapShiftTests.differing(
      try RasterImage(png: png), try RasterImage(png: fresh), beyond: 2)
  }

  /// A turn of the camera shows the kept map (byte for byte the frame before, its camera
  /// unchanged) for as many frames as the new map has slices, then the new camera, a fresh
  /// drawing of it within rounding at the slices' edges.
  @Test(arguments: [1.0, 2.0])
  func aTurnShowsTheKeptMapUntilTheNewOneIsDrawn(scale: Double) throws {
    let session = Self.session()
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    let first = try renderer.png(map: scene, size: MapTileTests.size)
    let kept = scene
    scene.camera.heading += 12
    // The raster's rows over the slices' rows (about 128 K pixels each).
    let width = Int((Double(MapTileTests.size.width) * scale).rounded(.up))
    let height = Int((Double(MapTileTests.size.height) * scale).rounded(.up))
    let rowsPerSlice = max(16, (1 << 17) / width)
    let slices = (height + rowsPerSlice - 1) / rowsPerSlice
    for frame in 1...slices {
      let shown = ParallelMapRaster.snapped(scene, scale: scale, session: session)
      #expect(shown.camera == kept.camera, "frame \(frame) holds the kept camera")
      let png = try renderer.png(map: scene, size: MapTileTests.size)
      let same = png == first
      #expect(same, "frame \(frame) shows the kept map, overlays and all")
      #expect(session.spreadMapUse.slices == frame)
    }
    #expect(session.spreadMapUse.heldFrames == slices)
    #expect(session.spreadMapUse.finished == 0)
    // The new map is drawn: the next frame shows the turned camera.
    let shown = ParallelMapRaster.snapped(scene, scale: scale, session: session)
    #expect(shown.camera == scene.camera)
    let turned = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.spreadMapUse.finished == 1)
    #expect(session.spreadMapUse.heldFrames == slices, "no frame held after the new map")
    let difference = try Self.compare(turned, freshOf: scene, scale: scale)
    print("turned at \(scale)×, \(slices) slices: \(difference)")
    #expect(difference.count == 0, "the turned frame is a fresh drawing: \(difference)")
  }

  /// A camera that turns and moves on while its map is drawn (a following camera): the
  /// map begun is finished for the camera it was begun for, then the frames shift from it
  /// to the camera's newest centre, and a further turn begins another map. Each frame is a
  /// fresh drawing of the camera it shows.
  @Test func aCameraThatMovesOnIsFollowed() throws {
    let scale = 2.0
    let session = Self.session()
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    var cameras: [MapCamera] = [scene.camera]
    var turns = 0
    for frame in 1...40 {
      // Moves each frame; turns every 12th.
      scene.camera.center.latitude += 0.0000093
      scene.camera.center.longitude += 0.0000041
      if frame % 12 == 1 {
        scene.camera.heading += 7
        turns += 1
      }
      let shown = ParallelMapRaster.snapped(scene, scale: scale, session: session)
      let png = try renderer.png(map: scene, size: MapTileTests.size)
      if shown.camera != cameras.last { cameras.append(shown.camera) }
      let difference = try Self.compare(png, freshOf: shown, scale: scale)
      #expect(
        Double(difference.count) <= 0.001 * Double(difference.pixels),
        "frame \(frame): \(difference)")
      // A shown heading is always one the scene had (never between).
      #expect((shown.camera.heading - 37).truncatingRemainder(dividingBy: 7) == 0)
    }
    let use = session.spreadMapUse
    print("following: \(use), shifts \(session.keptMapShifts), cameras shown \(cameras.count)")
    #expect(use.finished >= turns - 1, "every turn but perhaps the last is drawn: \(use)")
    #expect(session.keptMapShifts > 20, "the frames between turns shift")
    // Once the camera stops, the frames catch up with it.
    for _ in 0..<30 where cameras.last != scene.camera {
      let shown = ParallelMapRaster.snapped(scene, scale: scale, session: session)
      _ = try renderer.png(map: scene, size: MapTileTests.size)
      if shown.camera != cameras.last { cameras.append(shown.camera) }
    }
    #expect(cameras.last?.heading == scene.camera.heading)
  }

  /// While a turned map is drawn, the layout moves the camera's anchor by fractions of a
  /// pixel each frame (a padding animation): the held frames shift the kept map with it
  /// (none is drawn in full), each a fresh drawing of the camera shown, and the turn shows
  /// once its map is done.
  @Test func heldFramesFollowAMovingAnchor() throws {
    let clock = ManualClock()
    func window() -> (UIWindow, UIView) {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 400), clock: clock)
      let mapView = UIView(frame: window.bounds)
      window.addSubview(mapView)
      return (window, mapView)
    }
    func layer(_ scene: MapScene, _ view: UIView, _ anchor: CGPoint) -> MapLayer {
      var layer = MapLayer(scene: scene, view: view)
      layer.anchor = anchor
      return layer
    }
    let scale = 2.0
    let session = Self.session()
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    scene.camera.tilt = 45
    let (shown, mapView) = window()
    _ = try renderer.raster(window: shown, map: layer(scene, mapView, CGPoint(x: 120, y: 200)))
    scene.camera.heading += 15
    var turned = false
    for step in 1...6 {
      let anchor = CGPoint(x: 120 + 0.37 * Double(step), y: 200 + 1.21 * Double(step))
      let camera = ParallelMapRaster.snapped(
        scene, scale: scale, session: session, anchor: (anchor.x * scale, anchor.y * scale))
      let frame = try renderer.raster(window: shown, map: layer(scene, mapView, anchor))
      turned = turned || camera.camera.heading == scene.camera.heading
      let (freshWindow, freshMap) = window()
      let fresh = try Renderer(scale: scale, session: RenderSession()).raster(
        window: freshWindow, map: layer(camera, freshMap, anchor))
      let all = MapShiftTests.differing(frame, fresh, beyond: 8)
      print("held frame \(step), heading \(camera.camera.heading): \(all)")
      #expect(Double(all.count) <= 0.001 * Double(all.pixels), "frame \(step): \(all)")
    }
    #expect(turned, "the turn shows once its map is done")
    #expect(session.spreadMapUse.finished == 1)
    // Every frame shifted a kept map (the held ones the old, the turned ones the new): none
    // drew one in full.
    #expect(session.keptMapShifts == 6, "\(session.keptMapShifts) of 6 frames shifted")
  }

  /// A camera that moves after standing still (a following camera's fix) shows the frame
  /// before's picture, byte for byte, while its shifted map is made, then its own camera a
  /// frame or two late, a fresh drawing of it within rounding; a camera moving on every
  /// frame (an animation) is shown in each frame.
  @Test func aMoveAfterStandingStillShowsAFrameLate() throws {
    let scale = 2.0
    let session = Self.session()
    session.spreadsMapShifts = true
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    var last = Data()
    for _ in 0..<4 { last = try renderer.png(map: scene, size: MapTileTests.size) }
    scene.camera.center.latitude += 0.0000731
    scene.camera.center.longitude -= 0.0000457
    var late = 0
    var shown = ParallelMapRaster.snapped(scene, scale: scale, session: session)
    while session.spreadMapShifts == 0, late < 5 {
      let png = try renderer.png(map: scene, size: MapTileTests.size)
      let same = png == last
      #expect(same, "a held frame shows the frame before")
      late += 1
      shown = ParallelMapRaster.snapped(scene, scale: scale, session: session)
    }
    #expect(session.spreadMapShifts == 1, "the shifted map was made over \(late) frames")
    #expect((1...3).contains(late))
    let moved = try renderer.png(map: scene, size: MapTileTests.size)
    let changed = moved != last
    #expect(changed)
    let difference = try Self.compare(moved, freshOf: shown, scale: scale)
    print("shown \(late) frames late: \(difference)")
    #expect(Double(difference.count) <= 0.001 * Double(difference.pixels), "\(difference)")
    // Moving on every frame (after standing still: the first move is held): from the
    // third frame on, each frame shows its own camera.
    var held = 0
    for step in 1...6 {
      scene.camera.center.latitude += 0.0000231
      let own = ParallelMapRaster.snapped(scene, scale: scale, session: session)
      let asked = ParallelMapRaster.snappedToBase(
        scene, scale: scale, session: session, anchor: nil)
      if own.camera != asked.camera {
        held += 1
        #expect(step <= 2, "frame \(step) of a moving camera held")
      }
      let png = try renderer.png(map: scene, size: MapTileTests.size)
      let difference = try Self.compare(png, freshOf: own, scale: scale)
      #expect(
        Double(difference.count) <= 0.001 * Double(difference.pixels), "\(step): \(difference)")
    }
    #expect(held <= 2)
    #expect(session.spreadMapShifts <= 2)
  }

  /// With tiles drawn ahead (the live window), a turned map whose view needs new tiles
  /// waits for them to be drawn ahead instead of drawing them in a frame: no held frame
  /// draws a tile, and the turn then shows as a fresh drawing.
  @Test func aTurnWaitsForItsTilesDrawnAhead() throws {
    let scale = 1.0
    let session = Self.session()
    session.drawsMapTilesAhead = true
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    // Far enough and turned: new tiles.
    scene.camera.heading += 40
    scene.camera.center.latitude += 0.004
    let drawn = session.mapTileStatistics.drawn
    var frames = 0
    while session.spreadMapUse.finished == 0, frames < 40 {
      _ = try renderer.png(map: scene, size: MapTileTests.size)
      #expect(session.mapTileStatistics.drawn == drawn, "frame \(frames) drew tiles")
      session.tiles.settleDrawingAhead()
      frames += 1
    }
    #expect(session.mapTileStatistics.drawnAhead > 0, "the new tiles were drawn ahead")
    let turned = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(ParallelMapRaster.snapped(scene, scale: scale, session: session).camera == scene.camera)
    let difference = try Self.compare(turned, freshOf: scene, scale: scale)
    print("turn after \(frames) frames waiting for tiles: \(difference)")
    #expect(difference.count == 0, "\(difference)")
  }

  /// Without spreading, a turn is drawn in its own frame; switching it off drops a map
  /// under way.
  @Test func offDrawsTheTurnAtOnce() throws {
    let scale = 1.0
    let session = Self.session()
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    scene.camera.heading += 20
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.spreadMapUse.heldFrames == 1)
    session.spreadsMapRedraws = false
    #expect(ParallelMapRaster.snapped(scene, scale: scale, session: session).camera == scene.camera)
    let png = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.spreadMapUse.heldFrames == 1)
    let difference = try Self.compare(png, freshOf: scene, scale: scale)
    #expect(difference.count == 0, "\(difference)")
  }

  /// A style change (night mode) while a map is under way drops it: the new style is drawn
  /// in its frame, and nothing of the day map shows.
  @Test func aStyleChangeDropsTheMapUnderWay() throws {
    let scale = 1.0
    let session = Self.session()
    let renderer = Renderer(scale: scale, session: session)
    var scene = try Self.scene()
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    scene.camera.heading += 20
    _ = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.spreadMapUse.heldFrames == 1)
    scene.style = .night
    #expect(ParallelMapRaster.snapped(scene, scale: scale, session: session).camera == scene.camera)
    let png = try renderer.png(map: scene, size: MapTileTests.size)
    #expect(session.spreadMapUse.finished == 0)
    let difference = try Self.compare(png, freshOf: scene, scale: scale)
    #expect(difference.count == 0, "\(difference)")
  }
}
