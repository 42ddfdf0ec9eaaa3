import Foundation
import NavigationCore
import Testing

@testable import Rendering

/// A tilted frame's raised buildings drawn by our scan converter look as Cairo draws them.
@MainActor @Suite struct RaisedBuildingRasterizerTests {
  /// The tilted map from tiles with the buildings by ``RaisedBuildingRasterizer`` against the
  /// same map with them filled and stroked by Cairo: edges differ by Cairo's vertical
  /// sampling, a few levels, and nothing else.
  @Test(arguments: [(0.0, 1.0, 2.0), (37.0, 1.0, 2.0), (200.0, 0.6, 3.0), (37.0, 2.5, 1.0)])
  func buildingsMatchCairos(heading: Double, metersPerPoint: Double, scale: Double) throws {
    var scene = try MapTileTests.scene(heading: heading, metersPerPoint: metersPerPoint)
    scene.camera.tilt = 45
    var ours = Renderer(scale: scale, session: RenderSession())
    ours.usesMapTiles = true
    var cairo = Renderer(scale: scale, session: RenderSession())
    cairo.usesMapTiles = true
    cairo.shortcuts.rasterizesRaisedBuildings = false
    let oursPNG = try ours.png(map: scene, size: MapTileTests.size)
    let cairoPNG = try cairo.png(map: scene, size: MapTileTests.size)
    let name = "raised-heading\(Int(heading))-mpp\(metersPerPoint)-scale\(Int(scale))"
    MapTileTests.keep(oursPNG, "\(name)-ours.png")
    MapTileTests.keep(cairoPNG, "\(name)-cairo.png")
    let oursImage = try RasterImage(png: oursPNG)
    let difference = MapTileTests.Difference(oursImage, try RasterImage(png: cairoPNG))
    print("raised buildings, ours vs Cairo, \(name): \(difference)")
    #expect(difference.mean < 0.25, "\(difference)")
    #expect(difference.largeShare < 0.001, "\(difference)")
    #expect(difference.largest <= 32, "\(difference)")
    // The buildings are there: without them the picture is far from Cairo's.
    var bare = scene
    bare.style.hiddenKinds.insert(.building)
    let unraised = MapTileTests.Difference(
      oursImage, try RasterImage(png: try cairo.png(map: bare, size: MapTileTests.size)))
    #expect(unraised.mean > 10 * difference.mean, "raised buildings: \(unraised)")
  }

  /// A rectangle with edges inside pixels covers them by its area there: whole pixels
  /// inside take the colour, edge pixels the blend by their covered share, corners by
  /// the product; nothing outside is touched.
  @Test func rectangleCoversPixelsByArea() {
    let width = 12
    let height = 10
    var pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
    var rasterizer = RaisedBuildingRasterizer(style: .day, scale: 1)
    var segments: [RaisedBuildingRasterizer.Segment] = []
    // x 2.5 … 8.25, y 1.75 … 6.5.
    RaisedBuildingRasterizer.addPolygon(
      [(2.5, 1.75), (8.25, 1.75), (8.25, 6.5), (2.5, 6.5)], to: &segments)
    pixels.withUnsafeMutableBytes { bytes in
      rasterizer.fill(
        segments, colour: 0xFFFF_FFFF,
        into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: width * 4,
        width: width, rows: 0..<height)
    }
    func level(_ x: Int, _ y: Int) -> Int { Int(pixels[y * width + x] & 0xFF) }
    func share(_ lo: Double, _ hi: Double, _ p: Int) -> Double {
      max(0, min(hi, Double(p + 1)) - max(lo, Double(p)))
    }
    for y in 0..<height {
      for x in 0..<width {
        let expected = share(2.5, 8.25, x) * share(1.75, 6.5, y) * 255
        #expect(abs(Double(level(x, y)) - expected) <= 1, "pixel \(x), \(y)")
      }
    }
    // Clipped to rows and to the left edge: the part inside is as unclipped.
    var clipped = [UInt32](repeating: 0xFF00_0000, count: width * height)
    segments.removeAll()
    RaisedBuildingRasterizer.addPolygon(
      [(-3.5, 1.75), (8.25, 1.75), (8.25, 6.5), (-3.5, 6.5)], to: &segments)
    clipped.withUnsafeMutableBytes { bytes in
      rasterizer.fill(
        segments, colour: 0xFFFF_FFFF,
        into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: width * 4,
        width: width, rows: 3..<5)
    }
    for y in 0..<height {
      for x in 0..<width {
        let expected = (3..<5).contains(y) ? share(0, 8.25, x) * share(1.75, 6.5, y) * 255 : 0
        #expect(abs(Double(clipped[y * width + x] & 0xFF) - expected) <= 1, "clipped \(x), \(y)")
      }
    }
  }

  /// An outline is a band `halfWidth` to each side of the line: the inside of a square's
  /// outline is left as it was, its edges covered, a mitered corner's outer pixel full.
  @Test func outlineIsABandAroundTheLine() {
    let size = 16
    var pixels = [UInt32](repeating: 0xFF00_0000, count: size * size)
    var rasterizer = RaisedBuildingRasterizer(style: .day, scale: 1)
    var segments: [RaisedBuildingRasterizer.Segment] = []
    RaisedBuildingRasterizer.addOutline(
      [(x: 4, y: 4), (x: 12, y: 4), (x: 12, y: 12), (x: 4, y: 12), (x: 4, y: 4)],
      halfWidth: 1, to: &segments)
    pixels.withUnsafeMutableBytes { bytes in
      rasterizer.fill(
        segments, colour: 0xFFFF_FFFF,
        into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: size * 4,
        width: size, rows: 0..<size)
    }
    func level(_ x: Int, _ y: Int) -> UInt32 { pixels[y * size + x] & 0xFF }
    // The band covers x 3 … 5 on the left edge: pixels 3 and 4 full, 2 and 5 empty.
    #expect(level(3, 8) == 255 && level(4, 8) == 255)
    #expect(level(2, 8) == 0 && level(5, 8) == 0)
    // Inside and outside untouched.
    #expect(level(8, 8) == 0 && level(0, 0) == 0 && level(15, 15) == 0)
    // The miter fills the corner square (3, 3) whole; overlapping pieces do not cancel.
    #expect(level(3, 3) == 255 && level(4, 4) == 255)
  }
}

/// The alternative routes over a map resampled from tiles, scan converted by
/// ``PolylineRasterizer``, look as Cairo strokes them.
@MainActor @Suite struct ScanConvertedAlternativesTests {
  @Test(arguments: [(0.0, 2.0), (37.0, 3.0), (120.0, 1.0)])
  func alternativesMatchCairos(heading: Double, scale: Double) throws {
    var scene = MapScene(
      map: try BaseMap.bundled(),
      camera: MapCamera(center: Fixtures.casino, metersPerPoint: 1.2, heading: heading),
      alternatives: [
        Fixtures.casinoApproach,
        Fixtures.casinoApproach.reversed().map {
          CLLocationCoordinate2D(latitude: $0.latitude + 0.0004, longitude: $0.longitude)
        },
      ])
    scene.showsRoadNames = false
    var ours = Renderer(scale: scale, session: RenderSession())
    ours.usesMapTiles = true
    var cairo = Renderer(scale: scale, session: RenderSession())
    cairo.usesMapTiles = true
    cairo.shortcuts.rasterizesAlternatives = false
    let size = CGSize(width: 300, height: 300)
    let oursPNG = try ours.png(map: scene, size: size)
    let cairoPNG = try cairo.png(map: scene, size: size)
    MapTileTests.keep(oursPNG, "alternatives-heading\(Int(heading))-ours.png")
    MapTileTests.keep(cairoPNG, "alternatives-heading\(Int(heading))-cairo.png")
    let oursImage = try RasterImage(png: oursPNG)
    let difference = MapTileTests.Difference(oursImage, try RasterImage(png: cairoPNG))
    print("alternatives, ours vs Cairo, heading \(heading), scale \(scale): \(difference)")
    #expect(difference.mean < 0.5, "\(difference)")
    #expect(difference.largeShare < 0.002, "\(difference)")
    // The alternatives are there: without them the picture is far from Cairo's.
    var bare = scene
    bare.alternatives = []
    let without = MapTileTests.Difference(
      oursImage, try RasterImage(png: try cairo.png(map: bare, size: size)))
    #expect(without.mean > 5 * difference.mean, "alternatives: \(without)")
  }
}
