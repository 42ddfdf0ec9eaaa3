import Foundation
import Testing

@testable import Rendering

/// The palette PNG of the report's timeline: small, close to the picture, exact when the
/// picture has few colours.
@MainActor
@Suite struct PalettePNGTests {
  /// A map frame (roads, names, the route, antialiased edges) as the report would embed it.
  func mapFrame() throws -> (png: Data, image: RasterImage) {
    let scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    let png = try Renderer(scale: 1).png(map: scene, size: CGSize(width: 390, height: 600))
    return (png, try RasterImage(png: png))
  }

  @Test func aMapFrameStaysCloseInUnderHalfTheBytes() throws {
    let (png, image) = try mapFrame()
    let palette = try PalettePNG.encode(image)
    let decoded = try RasterImage(png: palette)
    #expect(decoded.width == image.width && decoded.height == image.height)
    var total = 0
    var worst = 0
    for i in stride(from: 0, to: image.rgba.count, by: 4) {
      for k in 0..<3 {
        let d = abs(Int(image.rgba[i + k]) - Int(decoded.rgba[i + k]))
        total += d
        worst = max(worst, d)
      }
    }
    let mean = Double(total) / Double(image.width * image.height * 3)
    if ProcessInfo.processInfo.environment["PALETTE_PNG_OUT"] != nil {
      try palette.write(to: URL(fileURLWithPath: "/tmp/palette-frame.png"))
      try png.write(to: URL(fileURLWithPath: "/tmp/palette-original.png"))
    }
    print("palette PNG: \(palette.count) B vs \(png.count) B, mean \(mean), worst \(worst)")
    #expect(mean < 1.0, "mean channel error \(mean)")
    #expect(worst < 64, "worst channel error \(worst)")
    #expect(palette.count * 2 < png.count, "\(palette.count) B vs \(png.count) B")
  }

  @Test func fewColoursRoundTripExactly() throws {
    // Four colours in blocks: each is its own palette entry (cells' centres are within
    // 4 of any colour whose channels end in 100b).
    let colors: [(UInt8, UInt8, UInt8)] = [
      (4, 12, 20), (252, 252, 252), (28, 140, 68), (196, 36, 100),
    ]
    var rgba: [UInt8] = []
    for y in 0..<40 {
      for x in 0..<60 {
        let c = colors[(x / 15 + y / 20) % colors.count]
        rgba += [c.0, c.1, c.2, 255]
      }
    }
    let image = try #require(RasterImage(width: 60, height: 40, rgba: rgba))
    let decoded = try RasterImage(png: try PalettePNG.encode(image))
    #expect(decoded == image)
  }

  @Test func anEmptyImageIsAnError() throws {
    let empty = try #require(RasterImage(width: 0, height: 0, rgba: []))
    #expect(throws: RenderError.self) { try PalettePNG.encode(empty) }
  }
}
