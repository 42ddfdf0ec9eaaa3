import Foundation
import NavigationCore
import Testing

@testable import Rendering

/// A tilted frame's raised buildings laid in one pass a building
/// (``RaisedBuildingRasterizer/lay(_:into:stride:width:rows:)``) leave every pixel as the
/// three fills one after the other did (walls, roof, outline: the same 8-bit OVER steps in
/// the same order), byte for byte, on the buildings of real map frames.
@MainActor @Suite struct OnePassBuildingsTests {
  /// A raster of pseudo-random pixels, alpha bytes included (pixels no layer covers keep
  /// theirs; covered ones are opaque).
  static func background(count: Int, seed: UInt64) -> [UInt32] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 32)
    }
  }

  /// `shapes` drawn over `background` (`width` × `height` pixels) by a rasterizer laying
  /// each building in one pass or in three fills, band by band (`bands`), within `box` of
  /// the raster (its pixels a part of the raster, as a strip of a shifted map is drawn).
  static func drawn(
    _ shapes: [MapPainter.ExtrudedBuilding], style: MapStyle, scale: Double, once: Bool,
    over background: [UInt32], width: Int, bands: [Range<Int>],
    box: (x0: Int, y0: Int, x1: Int, y1: Int)
  ) -> [UInt32] {
    var pixels = background
    var rasterizer = RaisedBuildingRasterizer(style: style, scale: scale)
    rasterizer.composesOnce = once
    pixels.withUnsafeMutableBytes { bytes in
      let origin =
        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + (box.y0 * width + box.x0) * 4
      for band in bands {
        rasterizer.draw(
          shapes, into: origin, stride: width * 4, width: box.x1 - box.x0, rows: band,
          offset: (Double(box.x0), Double(box.y0)))
      }
    }
    return pixels
  }

  /// Bands of `rows` rows each over `height` rows (the last one shorter).
  static func bands(_ height: Int, _ rows: Int) -> [Range<Int>] {
    Swift.stride(from: 0, to: height, by: rows).map { $0..<min(height, $0 + rows) }
  }

  @Test(arguments: [(0.0, 1.0, 1.0), (37.0, 1.0, 2.0), (200.0, 0.6, 3.0), (90.0, 2.5, 1.0)])
  func onePassLeavesThePixelsOfThreeFills(
    heading: Double, metersPerPoint: Double, scale: Double
  ) throws {
    var scene = try MapTileTests.scene(heading: heading, metersPerPoint: metersPerPoint)
    scene.camera.tilt = 45
    let painter = MapPainter(scene: scene)
    let width = Int(MapTileTests.size.width * scale)
    let height = Int(MapTileTests.size.height * scale)
    let shapes = ParallelMapRaster.placedBuildings(
      painter, map: try #require(scene.map), width: width, height: height,
      anchor: (Double(width) / 2 + 0.3, Double(height) / 2 + 0.6), scale: scale)
    #expect(shapes.count > 20, "\(shapes.count) buildings")
    let background = Self.background(count: width * height, seed: UInt64(heading * 7 + scale))
    // The whole raster in one band and in bands of 37 and 128 rows (cutting buildings),
    // then strips of it: a column and a row (buildings clipped by their sides), drawn
    // in bands of 29 rows.
    let whole = (x0: 0, y0: 0, x1: width, y1: height)
    let cases: [(String, (x0: Int, y0: Int, x1: Int, y1: Int), [Range<Int>])] = [
      ("one band", whole, [0..<height]),
      ("bands of 37", whole, Self.bands(height, 37)),
      ("bands of 128", whole, Self.bands(height, 128)),
      ("column strip", (width / 3, 0, width / 3 + 41, height), Self.bands(height, 29)),
      ("row strip", (0, height / 2 - 17, width, height / 2 + 23), Self.bands(40, 29)),
    ]
    for (name, box, bands) in cases {
      let threeFills = Self.drawn(
        shapes, style: scene.style, scale: scale, once: false, over: background, width: width,
        bands: bands, box: box)
      let onePass = Self.drawn(
        shapes, style: scene.style, scale: scale, once: true, over: background, width: width,
        bands: bands, box: box)
      let differing = zip(threeFills, onePass).filter { $0 != $1 }.count
      #expect(differing == 0, "\(name): \(differing) pixels differ")
      // The buildings are there: a good share of the box's pixels changed.
      let covered = zip(background, onePass).filter { $0 != $1 }.count
      let pixels = (box.x1 - box.x0) * (box.y1 - box.y0)
      #expect(covered > pixels / 10, "\(name): \(covered) of \(pixels) pixels drawn over")
      // Nothing outside the box is touched.
      for y in 0..<height where !(box.y0..<box.y1).contains(y) {
        #expect(
          onePass[(y * width)..<(y * width + width)]
            == background[(y * width)..<(y * width + width)])
      }
    }
  }

  /// Lines round their ends down and up without libm: the same whole numbers as
  /// `rounded(.down)` and `rounded(.up)`, for whole numbers, halves, values a rounding off
  /// them and tiny negatives (a line's end a rounding left of its box).
  @Test func roundingWithoutLibmIsExact() {
    typealias Mask = RaisedBuildingRasterizer.Mask<RaisedBuildingRasterizer.SpanMarks>
    var values: [Double] = [0, -0.0, 1, 2.5, -1e-17, -0.5, -1, 1e-300, 4096, 1234.999_999_999]
    for whole in -3...300 {
      let x = Double(whole)
      values += [x, x.nextUp, x.nextDown, x + 0.5, x + 0.25, x - 1e-12]
    }
    var state: UInt64 = 7
    for _ in 0..<10_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(Double(state >> 11) / Double(1 << 53) * 1000 - 5)
    }
    for x in values {
      #expect(Mask.floor(x) == Int(x.rounded(.down)), "floor of \(x)")
      #expect(Mask.ceiling(x) == Int(x.rounded(.up)), "ceiling of \(x)")
    }
  }

  /// A building whose roof reaches past the raster's left edge and over a band's edge: the
  /// outline, roof and walls clipped there as three fills clip them.
  @Test func clippedBuildingIsLaidAsThreeFills() {
    let width = 40
    let height = 30
    // A roof from x -6.3 to 17.6, 9.2 points up from a base at y 11.4 … 24.7.
    let building = MapPainter.ExtrudedBuilding(
      base: 24.7, points: [(-6.3, 11.4), (17.6, 12.9), (16.2, 24.7), (-5.1, 23.3)], rise: 9.2,
      top: 2.2, bottom: 24.7, left: -6.3, right: 17.6)
    let background = Self.background(count: width * height, seed: 5)
    for scale in [1.0, 1.5, 2.0] {
      let box = (x0: 0, y0: 0, x1: width, y1: height)
      let bands = [0..<9, 9..<height]
      let threeFills = Self.drawn(
        [building], style: .day, scale: scale, once: false, over: background, width: width,
        bands: bands, box: box)
      let onePass = Self.drawn(
        [building], style: .day, scale: scale, once: true, over: background, width: width,
        bands: bands, box: box)
      let differing = zip(threeFills, onePass).filter { $0 != $1 }.count
      #expect(differing == 0, "scale \(scale): \(differing) pixels differ")
      #expect(zip(background, onePass).filter { $0 != $1 }.count > 100, "scale \(scale)")
    }
  }
}
