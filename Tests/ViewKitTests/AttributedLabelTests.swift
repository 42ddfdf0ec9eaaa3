import Testing
import Text
import ViewKit

@MainActor
@Suite struct AttributedLabelTests {
  let window = makeWindow()

  func label(_ text: String) -> UILabel {
    let label = UILabel()
    label.text = text
    label.font = UIFont(name: "Noto Sans", size: 17)
    label.accessibilityIdentifier = "label"
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
  }

  @Test func attributedFontsSizeTheLabel() throws {
    let plain = label("In 200 m turn left")
    let styled = label("")
    let text = NSMutableAttributedString(
      string: "In 200 m turn left",
      attributes: [.font: try UIFont.font(family: "Noto Sans", size: 17)])
    text.addAttribute(
      .font, value: UIFont.boldSystemFont(ofSize: 34), range: NSRange(location: 3, length: 5))
    text.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 2))
    styled.attributedText = text
    #expect(styled.text == "In 200 m turn left")
    #expect(styled.intrinsicContentSize.width > plain.intrinsicContentSize.width + 30)
    #expect(styled.intrinsicContentSize.height > plain.intrinsicContentSize.height * 1.6)
    let spans = styled.textAttributeSpans
    #expect(spans.contains { $0.utf8Range == 3..<8 && $0.font?.size == 34 })
    #expect(spans.contains { $0.utf8Range == 0..<2 && $0.color?.red == 1 })
    // Layout uses it.
    window.addSubview(styled)
    NSLayoutConstraint.activate([
      styled.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      styled.topAnchor.constraint(equalTo: window.topAnchor),
    ])
    window.layoutIfNeeded()
    #expect(styled.frame.size == styled.intrinsicContentSize)
    // Plain text replaces the attributes (UIKit's behaviour).
    styled.text = "In 200 m turn left"
    #expect(styled.textAttributeSpans.isEmpty)
    #expect(styled.intrinsicContentSize == plain.intrinsicContentSize)
    #expect(styled.attributedText?.string == "In 200 m turn left")
  }

  @Test func colourOnlyAttributesKeepTheSize() {
    let plain = label("Exit 12")
    let styled = label("")
    styled.attributedText = NSAttributedString(
      string: "Exit 12", attributes: [.foregroundColor: UIColor.systemBlue])
    #expect(styled.intrinsicContentSize == plain.intrinsicContentSize)
  }

  @Test func nonLatinRangesConvertFromUTF16ToUTF8() {
    let styled = label("")
    let text = NSMutableAttributedString(string: "→ شارع الملك فهد")
    // "شارع" is UTF-16 2..<6 and UTF-8 4..<12 (the arrow is 3 bytes, the space 1).
    text.addAttribute(
      .font, value: UIFont.systemFont(ofSize: 30), range: NSRange(location: 2, length: 4))
    styled.attributedText = text
    #expect(styled.textAttributeSpans.map(\.utf8Range) == [4..<12])
    #expect(styled.textError == nil)
    #expect(styled.intrinsicContentSize.height > 35)
  }

  @Test func adjustsFontSizeToFitWidthShrinksWithinTheMinimumScale() {
    let text = "Avenue des Champs-Élysées"
    let shrinking = label(text)
    shrinking.adjustsFontSizeToFitWidth = true
    shrinking.minimumScaleFactor = 0.5
    let full = shrinking.intrinsicContentSize
    window.addSubview(shrinking)
    let width = shrinking.widthAnchor.constraint(equalToConstant: full.width * 0.7)
    NSLayoutConstraint.activate([
      shrinking.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      shrinking.topAnchor.constraint(equalTo: window.topAnchor), width,
    ])
    window.layoutIfNeeded()
    // The intrinsic size stays the full text's (UIKit); the drawn text shrinks to fit.
    #expect(shrinking.intrinsicContentSize == full)
    #expect(shrinking.fontScale < 0.72 && shrinking.fontScale > 0.6)
    let layout = shrinking.textLayout
    #expect(layout.map { CGFloat($0.width) <= full.width * 0.7 } == true)
    #expect(layout.map { CGFloat($0.height) < full.height * 0.8 } == true)
    // Never below the minimum scale.
    width.constant = full.width * 0.2
    window.layoutIfNeeded()
    #expect(shrinking.fontScale == 0.5)
    // Wide enough: no scaling. Off: no scaling.
    width.constant = full.width + 10
    window.layoutIfNeeded()
    #expect(shrinking.fontScale == 1)
    width.constant = full.width * 0.7
    shrinking.adjustsFontSizeToFitWidth = false
    window.layoutIfNeeded()
    #expect(shrinking.fontScale == 1)
    // A minimum scale of 0 means no shrinking, as in UIKit.
    shrinking.adjustsFontSizeToFitWidth = true
    shrinking.minimumScaleFactor = 0
    #expect(shrinking.fontScale == 1)
  }

  @Test func adjustingMultiLineLabelsFitTheirLineLimit() {
    let text = "Continue on the motorway for twelve kilometres, then take the exit"
    let label = label(text)
    label.numberOfLines = 2
    label.lineBreakMode = .byTruncatingTail
    label.adjustsFontSizeToFitWidth = true
    label.minimumScaleFactor = 0.4
    window.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      label.topAnchor.constraint(equalTo: window.topAnchor),
      label.widthAnchor.constraint(equalToConstant: 200),
    ])
    window.layoutIfNeeded()
    #expect(label.fontScale < 1)
    let layout = label.textLayout
    #expect(layout?.isTruncated == false)
    #expect((layout?.totalLineCount ?? 99) <= 2)
  }
}
