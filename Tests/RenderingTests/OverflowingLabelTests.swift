import Foundation
import Testing
import ViewKit

@testable import Rendering

/// A one-line label shorter than its line box (Arabic falls back to a font with a taller line
/// than the Latin size the frame was made for) is centred like UILabel's text, so the clip
/// takes empty ascent and descent, not the glyphs.
@MainActor
@Suite struct OverflowingLabelTests {
  private func inkRows(_ label: UILabel) throws -> ClosedRange<Int>? {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120), clock: ManualClock())
    window.backgroundColor = .white
    window.addSubview(label)
    let image = try Renderer().raster(window: window)
    var rows: [Int] = []
    for y in 0..<image.height {
      for x in 0..<image.width {
        guard let p = image.pixel(x: x, y: y), p.red < 200 || p.green < 200 || p.blue < 200
        else { continue }
        rows.append(y)
        break
      }
    }
    guard let first = rows.first, let last = rows.last else { return nil }
    return first...last
  }

  private func label(height: Double, centreY: Double) -> UILabel {
    let label = UILabel(frame: .zero)
    label.font = .systemFont(ofSize: 24, weight: .bold)
    label.textColor = .black
    label.text = "0 م"
    label.frame = CGRect(x: 20, y: centreY - height / 2, width: 160, height: height)
    return label
  }

  @Test func aTooShortOneLineLabelKeepsItsGlyphs() throws {
    let natural = label(height: 0, centreY: 60).intrinsicContentSize.height
    try #require(natural > 30, "the test needs a line box taller than the 28 pt frame")
    let tall = try #require(try inkRows(label(height: natural, centreY: 60)))
    let short = try #require(try inkRows(label(height: 28, centreY: 60)))
    // The same glyph rows in both: nothing cut off and nothing moved.
    // The glyphs keep their place and most of their height: only what hangs past the
    // frame's edge (Arabic's descending tail) is clipped. Drawn from the line box's top, the
    // baseline fell below the frame and most of the glyphs were cut off.
    #expect(abs(short.lowerBound - tall.lowerBound) <= 1, "\(short) vs \(tall)")
    #expect(Double(short.count) >= 0.8 * Double(tall.count), "\(short) vs \(tall)")
    #expect(short.lowerBound >= 46 && short.upperBound <= 74, "ink \(short) outside the frame")
  }
}
