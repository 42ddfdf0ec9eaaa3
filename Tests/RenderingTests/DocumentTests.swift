import Foundation
import Rendering
import Testing
import ViewKit

/// SVG and PDF output: well-formed, sized in points, deterministic.
@MainActor
@Suite struct DocumentTests {
  @Test func svgIsSizedInPointsAndDeterministic() throws {
    let (window, _) = Fixtures.cardWindow()
    let first = try Renderer(scale: 3).svg(window: window)
    let second = try Renderer(scale: 3).svg(window: window)
    let text = String(decoding: first, as: UTF8.self)
    #expect(text.hasPrefix("<?xml"))
    #expect(text.contains("width=\"240pt\"") || text.contains("width=\"240\""))
    #expect(SVGSnapshot.normalize(first) == SVGSnapshot.normalize(second))
  }

  @Test func pdfHasOnePage() throws {
    let (window, _) = Fixtures.cardWindow()
    let pdf = try Renderer().pdf(window: window)
    let text = String(decoding: pdf, as: UTF8.self)
    #expect(text.hasPrefix("%PDF-"))
    #expect(text.contains("/MediaBox [ 0 0 240 160 ]"))
    #expect(try Renderer().pdf(window: window) == pdf)
  }
}
