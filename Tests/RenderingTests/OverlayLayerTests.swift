import CCairo
import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// Many overlays drawn once into a kept raster and composited on later frames.
@MainActor
@Suite struct OverlayLayerTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)

  /// 40 markers in a grid, 4 lines (one with a gradient) and a translucent polygon around
  /// the camera at `center`.
  static func scene(_ map: BaseMap, center: CLLocationCoordinate2D) -> MapScene {
    var scene = MapScene(
      map: map, camera: MapCamera(center: center, metersPerPoint: 1, heading: 0))
    func at(_ east: Double, _ north: Double) -> CLLocationCoordinate2D {
      Geodesy.destination(
        from: Geodesy.destination(from: monaco, distance: east, bearing: 90), distance: north,
        bearing: 0)
    }
    for i in 0..<40 {
      scene.overlays.append(
        .marker(
          coordinate: at(Double(i % 8) * 25 - 90, Double(i / 8) * 40 - 90),
          image: .pin(RGBA(hex: i % 2 == 0 ? 0xEA4335 : 0x4285F4)),
          size: CGSize(width: 27, height: 43), anchor: CGPoint(x: 0.5, y: 1), rotation: 0,
          flat: false, opacity: 1))
    }
    for i in 0..<4 {
      scene.overlays.append(
        .polyline(
          coordinates: [at(-100, Double(i) * 30 - 60), at(0, Double(i) * 20), at(100, -50)],
          width: 5, color: RGBA(hex: 0x34A853),
          spans: i == 0
            ? [MapStrokeSpan(from: RGBA(hex: 0x00FF00), to: RGBA(hex: 0xFF0000), segments: 2)] : [])
      )
    }
    scene.overlays.append(
      .polygon(
        outline: [at(-40, -40), at(40, -40), at(40, 40), at(-40, 40)], holes: [],
        fill: RGBA(hex: 0x4285F4, alpha: 0.3), stroke: RGBA(hex: 0x4285F4), width: 2))
    return scene
  }

  static func draw(
    _ scene: MapScene, scale: Double, layered: Bool, session: RenderSession
  ) throws -> RasterImage {
    var renderer = Renderer(scale: scale, session: session)
    renderer.shortcuts.drawsOverlaysOnce = layered
    return try RasterImage(png: renderer.png(map: scene, size: CGSize(width: 200, height: 240)))
  }

  /// Pixels whose channels differ by more than 3 levels.
  static func differing(_ a: RasterImage, _ b: RasterImage) -> Int {
    var count = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { return .max }
        let d = max(
          abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
          abs(Int(p.blue) - Int(q.blue)))
        if d > 3 { count += 1 }
      }
    }
    return count
  }

  @Test func aKeptRasterGivesTheDirectDrawingAndFollowsWholePixelMoves() throws {
    let map = try BaseMap.bundled()
    let session = RenderSession()
    let scene = Self.scene(map, center: Self.monaco)
    let direct = try Self.draw(scene, scale: 2, layered: false, session: session)
    let draws = session.overlayLayerDraws
    let layered = try Self.draw(scene, scale: 2, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 1)
    try layered.pngData().write(
      to: URL(fileURLWithPath: NSTemporaryDirectory() + "map21-layer.png"))
    #expect(Self.differing(direct, layered) <= direct.width * direct.height / 1000)
    // The camera moved 3.5 m = 7 pixels east: the raster is reused.
    let moved = Self.scene(
      map, center: Geodesy.destination(from: Self.monaco, distance: 3.5, bearing: 90))
    let reused = try Self.draw(moved, scale: 2, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 1)
    let movedDirect = try Self.draw(moved, scale: 2, layered: false, session: session)
    #expect(Self.differing(movedDirect, reused) <= direct.width * direct.height / 1000)
    // Another zoom: a zoom under way (each frame another) draws the overlays straight into
    // the frame; the same zoom on the next frame draws a raster again.
    var zoomed = moved
    zoomed.camera.metersPerPoint = 1.1
    let straight = try Self.draw(zoomed, scale: 2, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 1)
    let zoomedDirect = try Self.draw(zoomed, scale: 2, layered: false, session: session)
    #expect(Self.differing(zoomedDirect, straight) == 0)
    let redrawn = try Self.draw(zoomed, scale: 2, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 2)
    #expect(Self.differing(zoomedDirect, redrawn) <= 48)
  }

  @Test func aZoomUnderWayDrawsTheOverlaysStraightIntoEachFrame() throws {
    let map = try BaseMap.bundled()
    let session = RenderSession()
    var scene = Self.scene(map, center: Self.monaco)
    _ = try Self.draw(scene, scale: 2, layered: true, session: session)
    let draws = session.overlayLayerDraws
    for step in 1...4 {
      scene.camera.metersPerPoint = 1 + 0.02 * Double(step)
      let frame = try Self.draw(scene, scale: 2, layered: true, session: session)
      #expect(session.overlayLayerDraws == draws, "zoom step \(step)")
      let direct = try Self.draw(scene, scale: 2, layered: false, session: session)
      #expect(Self.differing(direct, frame) == 0, "zoom step \(step)")
    }
    // The zoom settles: the next frame draws a raster, and a moved camera reuses it.
    _ = try Self.draw(scene, scale: 2, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 1)
    scene.camera.center = Geodesy.destination(from: Self.monaco, distance: 2, bearing: 90)
    _ = try Self.draw(scene, scale: 2, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 1)
  }

  @Test func atScaleOneOnlyAnUnmovedCameraReusesTheRaster() throws {
    let map = try BaseMap.bundled()
    let session = RenderSession()
    let scene = Self.scene(map, center: Self.monaco)
    let draws = session.overlayLayerDraws
    _ = try Self.draw(scene, scale: 1, layered: true, session: session)
    _ = try Self.draw(scene, scale: 1, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 1)
    // 0.3 m: a fraction of a pixel; drawn again, as the direct drawing.
    let moved = Self.scene(
      map, center: Geodesy.destination(from: Self.monaco, distance: 0.3, bearing: 0))
    let layered = try Self.draw(moved, scale: 1, layered: true, session: session)
    #expect(session.overlayLayerDraws == draws + 2)
    let direct = try Self.draw(moved, scale: 1, layered: false, session: session)
    #expect(Self.differing(direct, layered) <= direct.width * direct.height / 1000)
  }
}

/// The map under opaque markers left out of a raster drawn for one zoomed frame.
@MainActor
@Suite struct MapUnderMarkersTests {
  @Test func aZoomedFrameIsTheSameWithTheMapUnderOpaqueMarkersLeftOut() throws {
    let map = try BaseMap.bundled()
    var scene = OverlayLayerTests.scene(map, center: OverlayLayerTests.monaco)
    // Markers across the view's edges and over each other, and one turned (drawn by Cairo).
    for i in 0..<30 {
      scene.overlays.append(
        .marker(
          coordinate: Geodesy.destination(
            from: OverlayLayerTests.monaco, distance: Double(i) * 4.3, bearing: Double(i) * 37),
          image: .pin(RGBA(hex: 0xFBBC04)), size: CGSize(width: 27, height: 43),
          anchor: CGPoint(x: 0.5, y: 1), rotation: i == 7 ? 30 : 0, flat: false, opacity: 1))
    }
    let skipping = RenderSession()
    let drawing = RenderSession()
    for step in 1...3 {
      scene.camera.metersPerPoint = 1 + 0.03 * Double(step)
      for scale in [2.0, 3.0] {
        var renderer = Renderer(scale: scale, session: skipping)
        let left = try RasterImage(
          png: renderer.png(map: scene, size: CGSize(width: 200, height: 240)))
        renderer = Renderer(scale: scale, session: drawing)
        renderer.shortcuts.skipsPixelsUnderMarkers = false
        let whole = try RasterImage(
          png: renderer.png(map: scene, size: CGSize(width: 200, height: 240)))
        var differing = 0
        for y in 0..<whole.height {
          for x in 0..<whole.width {
            let (p, q) = (whole.pixel(x: x, y: y), left.pixel(x: x, y: y))
            if p?.red != q?.red || p?.green != q?.green || p?.blue != q?.blue { differing += 1 }
          }
        }
        #expect(differing == 0, "zoom step \(step) at scale \(scale)")
      }
    }
    // Every frame but the session's first (which draws the kept overlay raster) left the
    // map under the markers out.
    #expect(skipping.rasters.holed == 5)
    #expect(drawing.rasters.holed == 0)
  }

  @Test func aMarkersInnerPixelsAreThoseWithFourOpaqueNeighbours() throws {
    // A 70 × 5 opaque block (across a 64-pixel word) at (2, 1) on a 80 × 8 picture.
    let surface = OpaqueMaskTests.surface(CAIRO_FORMAT_ARGB32, 80, 8) { x, y in
      (2..<72).contains(x) && (1..<6).contains(y) ? 0xFF33_6699 : 0
    }
    defer { cairo_surface_destroy(surface) }
    let rows = try #require(OpaqueRows(surface: surface))
    for y in 0..<8 {
      for x in 0..<80 {
        let inner = (rows.inner[y * rows.wordsPerRow + x / 64] >> UInt64(x % 64)) & 1 == 1
        #expect(inner == ((3..<71).contains(x) && (2..<5).contains(y)), "at \(x), \(y)")
      }
    }
  }
}
