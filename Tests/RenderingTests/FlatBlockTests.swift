import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// Resampling fills samples in a tile's flat blocks with the block's colour.
@Suite struct FlatBlockTests {
  /// Samples in a tile's flat blocks are filled with the block's colour: the same pixels as
  /// weighing every sample (the blocks' borders and runs across them are exact).
  @Test(arguments: [0.0, 23.0, 90.0, 211.0])
  func flatBlocksGiveTheWeighedPixels(heading: Double) throws {
    let map = try BaseMap.bundled()
    let level = MapTileCache.level(metersPerPoint: 1.0)
    let coordinates = [(x: -1, y: -1), (x: 0, y: -1), (x: -1, y: 0), (x: 0, y: 0)]
    let tiles = MapTileCache.draw(
      map: map, style: .day, level: level, scale: 2, at: coordinates
    ).map { $0! }
    let perSide = MapTileCache.tileSize / MapTileCache.flatBlock
    let flatCount = tiles.map { tile in
      (0..<(perSide * perSide)).filter { tile.flat[$0] != 0 }.count
    }
    #expect(flatCount.allSatisfy { $0 > 0 && $0 < perSide * perSide }, "\(flatCount)")
    let none = UnsafeMutablePointer<UInt32>.allocate(capacity: perSide * perSide)
    none.initialize(repeating: 0, count: perSide * perSide)
    defer { none.deallocate() }
    func grid(flat: Bool) -> MapTileCompositor.TileGrid {
      MapTileCompositor.TileGrid(
        table: tiles.map { UnsafePointer($0.blocks) },
        flat: tiles.map { UnsafePointer(flat ? $0.flat : none) }, x0: -1, y0: -1, columns: 2,
        rows: 2, fallback: 0xFF12_3456)
    }
    // A turned, slightly shrunk view around the four tiles' shared corner.
    let angle = heading * .pi / 180
    let shrink = 1.13
    let (width, height) = (300, 260)
    let toTiles = MapTileCompositor.Affine(
      xx: cos(angle) * shrink, xy: -sin(angle) * shrink,
      x0: -(cos(angle) * 150 - sin(angle) * 130) * shrink + 3.3,
      yx: sin(angle) * shrink, yy: cos(angle) * shrink,
      y0: -(sin(angle) * 150 + cos(angle) * 130) * shrink - 7.6)
    var pictures: [[UInt32]] = []
    for flat in [true, false] {
      var pixels = [UInt32](repeating: 0, count: width * height)
      pixels.withUnsafeMutableBytes { bytes in
        MapTileCompositor.resample(
          grid(flat: flat), toTiles: toTiles, filter: .bilinear,
          into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: width * 4,
          width: width, rows: 0..<height)
      }
      pictures.append(pixels)
    }
    let differing = zip(pictures[0], pictures[1]).filter { $0 != $1 }.count
    #expect(differing == 0, "\(differing) pixels differ")
    #expect(Set(pictures[0]).count > 8, "a map, not one colour")
  }
}
