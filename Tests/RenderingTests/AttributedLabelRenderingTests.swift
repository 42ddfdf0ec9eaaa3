import Foundation
import Testing
import ViewKit

@testable import Rendering

/// Labels draw their attributed spans and their shrunk font as `UILabel` measures them.
@MainActor
@Suite struct AttributedLabelRenderingTests {
  /// The box (in pixels at scale 1) of the pixels that differ from the white background,
  /// and whether any of them is clearly red.
  private func ink(_ label: UILabel, width: Double = 300, height: Double = 80) throws -> (
    box: CGRect, red: Bool
  )? {
    let window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: width, height: height), clock: ManualClock())
    window.backgroundColor = .white
    window.addSubview(label)
    let image = try Renderer().raster(window: window)
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    var red = false
    for y in 0..<image.height {
      for x in 0..<image.width {
        guard let p = image.pixel(x: x, y: y), p.red < 250 || p.green < 250 || p.blue < 250
        else { continue }
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
        if Int(p.red) > Int(p.green) + 80 { red = true }
      }
    }
    guard maxX >= 0 else { return nil }
    return (CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), red)
  }

  private func sized(_ label: UILabel, at origin: CGPoint) -> UILabel {
    let size = label.intrinsicContentSize
    label.frame = CGRect(origin: origin, size: size)
    return label
  }

  /// A larger red span makes the drawn text taller and wider than the plain label's, and
  /// the ink stays inside the frame sized to the measurement (it would overflow if the
  /// span were measured but drawn in the base font, or the other way round).
  @Test func attributedSpansDrawAsTheyMeasure() throws {
    let text = "In 200 m turn left"
    let plain = UILabel(frame: .zero)
    plain.font = .systemFont(ofSize: 14)
    plain.textColor = .black
    plain.text = text
    let attributed = UILabel(frame: .zero)
    attributed.font = .systemFont(ofSize: 14)
    attributed.textColor = .black
    let styled = NSMutableAttributedString(string: text)
    styled.addAttributes(
      [
        .font: UIFont.systemFont(ofSize: 28, weight: .bold),
        .foregroundColor: UIColor(red: 1, green: 0, blue: 0, alpha: 1),
      ], range: NSRange(location: 3, length: 5))
    attributed.attributedText = styled
    #expect(attributed.textAttributeSpans.contains { $0.font?.size == 28 })

    let origin = CGPoint(x: 10, y: 10)
    let plainInk = try #require(try ink(sized(plain, at: origin)))
    let attributedLabel = sized(attributed, at: origin)
    #expect(attributedLabel.frame.height > plain.frame.height + 8)
    let attributedInk = try #require(try ink(attributedLabel))
    #expect(attributedInk.red)
    #expect(!plainInk.red)
    #expect(attributedInk.box.height > plainInk.box.height + 6, "\(attributedInk.box)")
    #expect(attributedInk.box.width > plainInk.box.width + 20, "\(attributedInk.box)")
    let frame = attributedLabel.frame.insetBy(dx: -1, dy: -1)
    #expect(frame.contains(attributedInk.box), "\(attributedInk.box) in \(frame)")
    // The ink fills the measured width (the span drawn at its measured size).
    #expect(attributedInk.box.width > attributedLabel.frame.width - 6, "\(attributedInk.box)")
  }

  /// A label that shrinks to fit draws at its `fontScale`: its ink spans its frame without
  /// an ellipsis and is smaller than the same text drawn at full size.
  @Test func shrunkLabelsDrawAtTheirFontScale() throws {
    let text = "Boulevard Princesse Charlotte"
    let full = UILabel(frame: .zero)
    full.font = .systemFont(ofSize: 20)
    full.textColor = .black
    full.text = text
    let fullInk = try #require(try ink(sized(full, at: CGPoint(x: 0, y: 10)), width: 400))

    let shrinking = UILabel(frame: CGRect(x: 0, y: 10, width: 180, height: 30))
    shrinking.font = .systemFont(ofSize: 20)
    shrinking.textColor = .black
    shrinking.text = text
    shrinking.adjustsFontSizeToFitWidth = true
    shrinking.minimumScaleFactor = 0.3
    let shrunkInk = try #require(try ink(shrinking, width: 400))
    let scale = Double(shrinking.fontScale)
    #expect(scale < 0.95 && scale > 0.3)
    let measured = try #require(shrinking.textLayout)
    // Drawn at the measured (shrunk) size: inside the frame, as wide as measured.
    #expect(shrunkInk.box.maxX <= 181, "\(shrunkInk.box)")
    #expect(
      abs(Double(shrunkInk.box.width) - measured.width) < 4, "\(shrunkInk.box) \(measured.width)")
    // In proportion to the full-size drawing (an ellipsized full-size line would be as
    // wide as the frame but as tall as the full text).
    #expect(
      abs(Double(shrunkInk.box.width) - Double(fullInk.box.width) * scale) < 4,
      "\(shrunkInk.box) \(fullInk.box) \(scale)")
    #expect(Double(shrunkInk.box.height) < Double(fullInk.box.height) * scale + 2)
  }
}
