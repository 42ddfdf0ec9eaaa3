import Testing

@testable import Text

@Suite struct TextShaperTests {
  let shaper = TextShaper.shared
  static let sans = "Noto Sans"

  func font(_ family: String = sans, _ size: Double = 17) -> FontDescription {
    FontDescription(family: family, size: size)
  }

  @Test func frenchMeasuresOnOneLineAndWrapsAtWordBoundaries() throws {
    let text = "Avenue des Champs-Élysées, prenez la deuxième sortie"
    let one = try shaper.measure(text, font: font())
    #expect(one.lineCount == 1)
    #expect(one.width > 300 && one.width < 480)
    #expect(one.baseDirection == .leftToRight)
    let wrapped = try shaper.measure(text, font: font(), maxWidth: 150)
    #expect(wrapped.lineCount >= 3)
    #expect(wrapped.width <= 150)
    #expect(wrapped.height > one.height * 2.5)
    let wideLines = wrapped.lines.filter { $0.width > 150 }
    #expect(wideLines.isEmpty)
  }

  @Test func arabicIsRightToLeftAndShaped() throws {
    let text = "شارع الملك فهد"
    let measured = try shaper.measure(text, font: font("Noto Sans Arabic"))
    #expect(measured.baseDirection == .rightToLeft)
    #expect(measured.lines.first?.direction == .rightToLeft)
    #expect(measured.width > 60 && measured.width < 200)
    // Joined (shaped) Arabic is narrower than its letters measured apart.
    let apart = try text.map {
      try shaper.measure(String($0), font: font("Noto Sans Arabic")).width
    }
    .reduce(0, +)
    #expect(measured.width < apart)
  }

  @Test func hebrewIsRightToLeft() throws {
    let measured = try shaper.measure("רחוב הרצל", font: font("Noto Sans Hebrew"))
    #expect(measured.baseDirection == .rightToLeft)
    #expect(measured.width > 40 && measured.width < 150)
  }

  @Test func mixedDirectionLineHasSeveralRuns() throws {
    let measured = try shaper.measure("Turn onto רחוב הרצל now", font: font())
    #expect(measured.baseDirection == .leftToRight)
    #expect((measured.lines.first?.runCount ?? 0) >= 3)
  }

  @Test func thaiBreaksWithoutSpaces() throws {
    let text = "ถนนสุขุมวิทซอยหนึ่งร้อยเอ็ดแยกสาม"
    let one = try shaper.measure(text, font: font("Noto Sans Thai"))
    #expect(one.lineCount == 1)
    let wrapped = try shaper.measure(text, font: font("Noto Sans Thai"), maxWidth: 100)
    #expect(wrapped.lineCount >= 2)
    #expect(wrapped.width <= 100)
  }

  @Test func chineseUsesTheCJKFontAndBreaksBetweenCharacters() throws {
    let text = "北京市朝阳区建国门外大街"
    let one = try shaper.measure(text, font: font("WenQuanYi Zen Hei", 16))
    // CJK ideographs are one em wide.
    #expect(abs(one.width - 16 * Double(text.count)) < 1)
    let wrapped = try shaper.measure(text, font: font("WenQuanYi Zen Hei", 16), maxWidth: 50)
    #expect(wrapped.lineCount == 4)
  }

  @Test func systemFallbackListMeasuresEveryScript() throws {
    let list = "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Thai, WenQuanYi Zen Hei"
    for text in ["Rue de Rivoli", "شارع", "רחוב", "ถนน", "大街"] {
      let measured = try shaper.measure(text, font: font(list))
      #expect(measured.width > 10, "\(text)")
    }
  }

  @Test func truncationAndLineLimit() throws {
    let text = "Boulevard Princesse Charlotte vers Monte-Carlo et la frontière italienne"
    let tail = try shaper.measure(
      text, font: font(), maxWidth: 120, maxLines: 1, lineBreakMode: .byTruncatingTail)
    #expect(tail.lineCount == 1)
    #expect(tail.isTruncated)
    #expect(tail.totalLineCount == 1)
    let unlimited = try shaper.measure(
      text, font: font(), maxWidth: 120, maxLines: 0, lineBreakMode: .byTruncatingTail)
    #expect(unlimited.lineCount > 2)
    #expect(!unlimited.isTruncated)
    let two = try shaper.measure(text, font: font(), maxWidth: 120, maxLines: 2)
    #expect(two.lineCount == 2)
    #expect(two.totalLineCount > 2)
  }

  /// Metrics of the fixed font set (scripts/apt-packages.txt), to 1/1024 pt: a change here
  /// means the fonts or Pango changed.
  @Test(arguments: [
    ("Monaco", "Noto Sans", 64.1923828125, 23.154296875),
    ("شارع الملك فهد", "Noto Sans Arabic", 106.30078125, 35.904296875),
    ("北京", "WenQuanYi Zen Hei", 34.0, 21.416015625),
    ("ถนนสุขุมวิท", "Noto Sans Thai", 79.25390625, 25.6875),
    ("רחוב הרצל", "Noto Sans Hebrew", 77.349609375, 23.1201171875),
  ])
  func exactMetrics(text: String, family: String, width: Double, height: Double) throws {
    let measured = try shaper.measure(text, font: font(family))
    #expect(abs(measured.width - width) < 0.001)
    #expect(abs(measured.height - height) < 0.001)
  }

  @Test func metricsAreStable() throws {
    let a = try shaper.measure("Monaco", font: font())
    let b = try TextShaper().measure("Monaco", font: font())
    #expect(a == b)
    #expect(a.firstBaseline > 0 && a.firstBaseline < a.height)
  }

  @Test func missingFontIsATypedError() {
    #expect(throws: TextError.fontFamilyNotFound("No Such Font")) {
      try shaper.measure("x", font: font("No Such Font"))
    }
    #expect(throws: TextError.invalidFontSize(0)) {
      try shaper.measure("x", font: font(TextShaperTests.sans, 0))
    }
    #expect(throws: TextError.invalidWidth(-5)) {
      try shaper.measure("x", font: font(), maxWidth: -5)
    }
    #expect(shaper.hasFamily("noto sans"))
    #expect(!shaper.hasFamily("No Such Font"))
  }
}
