import Testing
import Text
import ViewKit

@MainActor
@Suite struct LabelTests {
  let window = makeWindow()

  func label(_ text: String, lines: Int = 1, family: String? = nil) -> UILabel {
    let label = UILabel()
    label.text = text
    label.numberOfLines = lines
    if let family { label.font = UIFont(name: family, size: 17) }
    label.accessibilityIdentifier = "label"
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
  }

  @Test func singleLineIntrinsicSizeIsCeiledToPixels() {
    let label = label("Monaco", family: "Noto Sans")
    let size = label.intrinsicContentSize
    // 64.19 × 23.15 pt measured by Pango, ceiled to 1/3 pt.
    #expect(abs(size.width - 193.0 / 3) < 1e-9)
    #expect(abs(size.height - 70.0 / 3) < 1e-9)
    #expect(UILabel().intrinsicContentSize == .zero)
  }

  @Test func scriptsMeasureThroughTheSystemFont() {
    for text in ["Rue de Rivoli", "شارع الملك فهد", "רחוב הרצל", "ถนนสุขุมวิท", "北京市朝阳区"] {
      let size = label(text).intrinsicContentSize
      #expect(size.width > 30 && size.height > 15, "\(text)")
    }
  }

  @Test func preferredMaxLayoutWidthWraps() {
    let label = label("Continuez sur l'avenue Princesse Grace pendant deux kilomètres", lines: 0)
    label.preferredMaxLayoutWidth = 150
    let size = label.intrinsicContentSize
    #expect(size.width <= 150)
    #expect(label.textLayout?.lineCount ?? 0 >= 3)
    label.numberOfLines = 2
    #expect(label.intrinsicContentSize.height < size.height)
  }

  @Test func multiLineLabelWrapsAtItsLaidOutWidthInASecondPass() {
    let label = label("Continuez sur l'avenue Princesse Grace pendant deux kilomètres", lines: 0)
    window.addSubview(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
      label.widthAnchor.constraint(equalToConstant: 160),
      label.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
    ])
    window.layoutIfNeeded()
    #expect(label.frame.width == 160)
    #expect(label.frame.height > 60)
    #expect((label.textLayout?.lineCount ?? 0) >= 3)
    #expect(window.layoutIssues.isEmpty)
  }

  @Test func baselinesAlignLabels() {
    let small = label("Small")
    small.font = .systemFont(ofSize: 12)
    let big = label("Big")
    big.font = .systemFont(ofSize: 30)
    window.addSubview(small)
    window.addSubview(big)
    NSLayoutConstraint.activate([
      big.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
      big.leadingAnchor.constraint(equalTo: window.leadingAnchor),
      small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
      small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
    ])
    window.layoutIfNeeded()
    let bigBaseline = big.frame.minY + CGFloat(big.textLayout!.firstBaseline)
    let smallBaseline = small.frame.minY + CGFloat(small.textLayout!.firstBaseline)
    #expect(abs(bigBaseline - smallBaseline) < 0.01)
  }

  @Test func missingFontsAreTypedErrors() {
    #expect(UIFont(name: "No Such Font", size: 12) == nil)
    #expect(throws: TextError.fontFamilyNotFound("No Such Font")) {
      try UIFont.font(family: "No Such Font", size: 12)
    }
    let label = UILabel()
    label.font = UIFont.systemFont(ofSize: 12).withSize(14)
    label.text = "x"
    #expect(label.intrinsicContentSize.width > 0)
    #expect(label.textError == nil)
  }
}
