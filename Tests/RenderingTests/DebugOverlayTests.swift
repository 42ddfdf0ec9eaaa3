import Foundation
import Rendering
import Testing
import ViewKit

/// The debug overlay outlines frames, names views and outlines the viewport.
@MainActor
@Suite struct DebugOverlayTests {
  @Test func outlinesFramesAndTheViewport() throws {
    let (window, _) = Fixtures.cardWindow()
    let plain = try Renderer(scale: 2).raster(window: window)
    let viewport = CGRect(x: 20, y: 110, width: 30, height: 40)
    let debug = try Renderer(scale: 2, debugOverlay: DebugOverlay(viewport: viewport))
      .raster(window: window)
    #expect(plain != debug)
    // The viewport's dashed magenta outline, 1 pt inside its left edge.
    #expect(debug.matches(x: 42, y: 2 * 130, RGBA(hex: 0xFF00FF), tolerance: 40))
    #expect(plain.matches(x: 42, y: 2 * 130, RGBA(hex: 0xFFFFFF)))
    // A name plate in the red square's top-left corner ("square").
    #expect(!debug.matches(x: 2 * 12, y: 2 * 13, RGBA(hex: 0xFF0000), tolerance: 30))
  }

  @Test func namesOnlyOverlayLeavesFramesOut() throws {
    let (window, _) = Fixtures.cardWindow()
    let overlay = DebugOverlay(showsFrames: false, showsNames: false)
    let image = try Renderer(debugOverlay: overlay).raster(window: window)
    #expect(image == (try Renderer().raster(window: window)))
  }
}
