import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// `Renderer.draw(window:at:map:into:stride:width:height:)` draws a live screen's frame
/// straight into pixels the caller owns (an SDL window surface, a locked texture): the same
/// pixels as the renderer's own buffer, every one written, and a buffer of another size is a
/// typed error that writes nothing.
@MainActor
@Suite(.serialized) struct DrawIntoPixelsTests {
  /// The frame of `window` over the casino map from the renderer's own buffer, row by row
  /// without padding.
  static func ownFrame(_ renderer: Renderer, _ window: UIView, map: MapLayer) throws -> [UInt8] {
    try renderer.withFrame(window: window, at: 0, map: map) { pixels, stride, width, height in
      (0..<height).flatMap { row in
        Array(UnsafeBufferPointer(start: pixels + row * stride, count: width * 4))
      }
    }
  }

  /// `window` drawn into a buffer of rows padded to `stride`, filled with a pattern first;
  /// the pixels row by row without the padding, and whether the padding was left alone.
  static func drawnInto(
    _ renderer: Renderer, _ window: UIView, map: MapLayer, stride: Int
  ) throws -> (pixels: [UInt8], paddingKept: Bool) {
    let width = Int(Double(window.bounds.width) * renderer.scale)
    let height = Int(Double(window.bounds.height) * renderer.scale)
    var buffer = [UInt8](repeating: 0, count: stride * height)
    for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
    let pattern = buffer
    try buffer.withUnsafeMutableBufferPointer { pointer throws(RenderError) in
      try renderer.draw(
        window: window, at: 0, map: map, into: pointer.baseAddress!, stride: stride,
        width: width, height: height)
    }
    var pixels: [UInt8] = []
    var paddingKept = true
    for row in 0..<height {
      pixels += buffer[row * stride..<row * stride + width * 4]
      let padding = row * stride + width * 4..<(row + 1) * stride
      paddingKept = paddingKept && buffer[padding] == pattern[padding]
    }
    return (pixels, paddingKept)
  }

  @Test(arguments: [(1.0, true), (2.0, true), (2.0, false)])
  func theSamePixelsAsTheRenderersOwnBuffer(scale: Double, opaqueWindow: Bool) throws {
    let (window, map) = EncodeAheadTests.screen(
      windowColor: opaqueWindow ? .white : nil, clock: ManualClock())
    let layer = MapLayer(scene: try Fixtures.casinoScene(metersPerPoint: 1.2), view: map)
    let renderer = Renderer(scale: scale)
    Renderer.forgetKeptMapRasters()
    let own = try Self.ownFrame(renderer, window, map: layer)
    let stride = Int(390 * scale) * 4 + 64
    let drawn = try Self.drawnInto(renderer, window, map: layer, stride: stride)
    // Every pixel is written (the pattern is gone, a transparent window's cleared) and the
    // padding after each row is not touched.
    #expect(drawn.pixels == own)
    #expect(drawn.paddingKept)
  }

  @Test func aBufferOfAnotherSizeIsAnErrorAndIsNotWritten() throws {
    let (window, map) = EncodeAheadTests.screen(clock: ManualClock())
    let layer = MapLayer(scene: try Fixtures.casinoScene(metersPerPoint: 1.2), view: map)
    var buffer = [UInt8](repeating: 0xAB, count: 400 * 4 * 844)
    #expect(throws: RenderError.self) {
      try buffer.withUnsafeMutableBufferPointer { pointer throws(RenderError) in
        try Renderer(scale: 1).draw(
          window: window, at: 0, map: layer, into: pointer.baseAddress!, stride: 400 * 4,
          width: 400, height: 844)
      }
    }
    #expect(buffer.allSatisfy { $0 == 0xAB })
  }
}
