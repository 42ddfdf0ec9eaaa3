import Foundation
import NavigationCore
import Rendering
import Testing
import ViewKit

/// The fast PNG writer (own deflate, parallel bands) decodes to exactly the pixels of the
/// zlib one, on pictures with transparency, noise and flat runs.
@MainActor
@Suite struct PNGEncodingTests {
  /// A transparent root with many translucent views at seeded random places.
  private func noisyTree(seed: UInt64) -> UIView {
    var state = seed
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 240))
    for _ in 0..<150 {
      let view = UIView(
        frame: CGRect(
          x: next() * 150, y: next() * 230, width: 2 + next() * 40, height: 2 + next() * 40))
      view.backgroundColor = UIColor(red: next(), green: next(), blue: next(), alpha: next())
      view.layer.cornerRadius = next() * 10
      root.addSubview(view)
    }
    return root
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func fastAndBalancedDecodeToTheSamePixels(seed: UInt64) throws {
    let tree = noisyTree(seed: seed)
    let fast = try Renderer(scale: 3, pngCompression: .fast).png(window: tree)
    let balanced = try Renderer(scale: 3, pngCompression: .balanced).png(window: tree)
    let a = try RasterImage(png: fast)
    let b = try RasterImage(png: balanced)
    #expect(a.width == 480 && a.height == 720)
    #expect(a == b)
    #expect(a.rgba.contains { $0 != 0 })
  }

  @Test func flatPicturesCompressWell() throws {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    root.backgroundColor = .white
    let png = try Renderer(scale: 3).png(window: root)
    #expect(png.count < 100_000)
    let image = try RasterImage(png: png)
    #expect(image.matches(x: 1169, y: 2531, RGBA(hex: 0xFFFFFF), tolerance: 0))
  }
}

/// Banded, multi-threaded rendering (with the kept map raster) gives the pixels of one thread
/// but for rounding at a few edges.
@MainActor
@Suite struct ParallelRenderingTests {
  @Test func parallelAndSerialFramesAreIdentical() throws {
    let scene = try Fixtures.casinoScene(metersPerPoint: 1.5)
    var parallel = Renderer(scale: 2, session: RenderSession())
    parallel.rendersInParallel = true
    // The banded direct drawing (tiles are compared with it in MapTileTests).
    parallel.usesMapTiles = false
    var serial = parallel
    serial.rendersInParallel = false
    let size = CGSize(width: 200, height: 400)
    let a = try RasterImage(png: parallel.png(map: scene, size: size))
    let b = try RasterImage(png: serial.png(map: scene, size: size))
    // The parallel path draws the geometry into a kept raster anchored at a whole-pixel
    // offset: the same coverage but for floating-point rounding of a few edge pixels.
    let differing = stride(from: 0, to: a.rgba.count, by: 4).filter {
      a.rgba[$0..<($0 + 4)] != b.rgba[$0..<($0 + 4)]
    }
    let largest = zip(a.rgba, b.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
    // Either a few edge pixels differ, or more differ by antialiasing rounding only (Cairo's
    // default antialiasing weighs sub-pixel coverage finely); shifted content differs by far
    // more than either allows.
    #expect(
      largest <= 48 && (differing.count * 1000 < a.width * a.height || largest <= 8),
      "\(differing.count) pixels differ (largest channel difference \(largest)), first at \(differing.first.map { ($0 / 4 % a.width, $0 / 4 / a.width) } as Any)"
    )
    print("parallel vs serial: \(differing.count) pixels differ, largest \(largest)")
    // Drawn again from the kept raster: exactly the first parallel picture.
    let again = try RasterImage(png: parallel.png(map: scene, size: size))
    #expect(again == a)
  }

  /// Frames with the same camera and view rectangle reuse the kept raster (geometry, street
  /// names, alternatives) and give the pixels a fresh drawing gives; a sliding viewport
  /// (the anchor moves in the view) draws a new one, since street names are placed in the
  /// view.
  @Test func keptMapRasterIsReusedAndMatchesAFreshDrawing() throws {
    let vehicle = VehicleMarker(coordinate: Fixtures.casinoApproach[2], course: 75)
    let scene = MapScene(
      map: try BaseMap.bundled(), camera: .following(vehicle, metersPerPoint: 1.2),
      vehicle: vehicle)
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 320), clock: clock)
    window.backgroundColor = .white
    let mapView = UIView(frame: window.bounds)
    window.addSubview(mapView)
    let viewport = UIView(frame: CGRect(x: 0, y: 40, width: 240, height: 240))
    mapView.addSubview(viewport)
    let layer = MapLayer(scene: scene, view: mapView, viewport: viewport)
    let renderer = Renderer(scale: 2, session: RenderSession())
    let fresh = try renderer.raster(window: window, map: layer)
    let before = renderer.session.keptMapRasterUse
    let reused = try renderer.raster(window: window, map: layer)
    #expect(renderer.session.keptMapRasterUse.reused == before.reused + 1)
    #expect(reused == fresh)
    // The viewport slides 6 pt: the anchor moves, the kept raster is not reused.
    viewport.frame = CGRect(x: 0, y: 46, width: 240, height: 240)
    let slid = try renderer.raster(window: window, map: layer)
    #expect(renderer.session.keptMapRasterUse.reused == before.reused + 1)
    #expect(renderer.session.keptMapRasterUse.drawn == before.drawn + 1)
    renderer.session.forgetKeptMapRasters()
    let slidFresh = try renderer.raster(window: window, map: layer)
    #expect(renderer.session.keptMapRasterUse.drawn > before.drawn)
    let differing = stride(from: 0, to: slid.rgba.count, by: 4).filter {
      slid.rgba[$0..<($0 + 4)] != slidFresh.rgba[$0..<($0 + 4)]
    }
    #expect(differing.count * 1000 < slid.width * slid.height, "\(differing.count) differ")
    #expect(slid != fresh)
  }

  /// The kept raster holds street names and alternatives: a scene with other alternatives or
  /// without street names draws a new one, and each matches a one-thread drawing.
  @Test func keptMapRasterFollowsAlternativesAndStreetNames() throws {
    let vehicle = VehicleMarker(coordinate: Fixtures.casinoApproach[1], course: 40)
    let plain = MapScene(
      map: try BaseMap.bundled(), camera: .following(vehicle, metersPerPoint: 1.0),
      vehicle: vehicle)
    var withAlternative = plain
    withAlternative.alternatives = [Fixtures.casinoApproach]
    var unnamed = plain
    unnamed.showsRoadNames = false
    var parallel = Renderer(scale: 2, session: RenderSession())
    parallel.rendersInParallel = true
    // The banded direct drawing (tiles are compared with it in MapTileTests).
    parallel.usesMapTiles = false
    var serial = parallel
    serial.rendersInParallel = false
    let size = CGSize(width: 390, height: 600)
    var pictures: [RasterImage] = []
    for scene in [plain, withAlternative, unnamed] {
      let before = parallel.session.keptMapRasterUse
      let a = try RasterImage(png: parallel.png(map: scene, size: size))
      #expect(parallel.session.keptMapRasterUse.drawn == before.drawn + 1)
      let b = try RasterImage(png: serial.png(map: scene, size: size))
      let differing = stride(from: 0, to: a.rgba.count, by: 4).filter {
        a.rgba[$0..<($0 + 4)] != b.rgba[$0..<($0 + 4)]
      }
      let largest = zip(a.rgba, b.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(
        differing.count * 1000 < a.width * a.height || largest <= 8,
        "\(differing.count) differ, largest channel difference \(largest)")
      pictures.append(a)
    }
    #expect(pictures[0] != pictures[1])
    #expect(pictures[0] != pictures[2], "no street name in the picture")
  }
}
