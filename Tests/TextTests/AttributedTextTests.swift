import Testing

@testable import Text

@Suite struct AttributedTextTests {
  let shaper = TextShaper.shared
  let base = FontDescription(family: "Noto Sans", size: 17)

  @Test func aLargerFontSpanWidensAndHeightensTheText() throws {
    let text = "Turn left onto Rue de Rivoli"
    let plain = try shaper.measure(text, font: base)
    let big = FontDescription(family: "Noto Sans", size: 34, weight: .bold)
    // "Rue de Rivoli" is the last 13 bytes.
    let start = text.utf8.count - 13
    let mixed = try shaper.measure(
      text, font: base, spans: [TextAttributeSpan(utf8Range: start..<text.utf8.count, font: big)])
    #expect(mixed.width > plain.width + 40)
    #expect(mixed.height > plain.height * 1.6)
    #expect(mixed.lineCount == 1)
    // A span over everything measures as the span's font.
    let whole = try shaper.measure(
      text, font: base, spans: [TextAttributeSpan(utf8Range: 0..<text.utf8.count, font: big)])
    let direct = try shaper.measure(text, font: big)
    #expect(abs(whole.width - direct.width) < 0.01)
    #expect(abs(whole.height - direct.height) < 0.01)
  }

  @Test func colourSpansDoNotChangeMetrics() throws {
    let text = "ETA 12:40"
    let plain = try shaper.measure(text, font: base)
    let red = TextColor(red: 1, green: 0, blue: 0)
    let coloured = try shaper.measure(
      text, font: base, spans: [TextAttributeSpan(utf8Range: 4..<9, color: red)])
    #expect(coloured.width == plain.width)
    #expect(coloured.height == plain.height)
    #expect(coloured.firstBaseline == plain.firstBaseline)
  }

  @Test func spansWrapWithTheirOwnMetrics() throws {
    let text = "Continue for 2 km then keep right"
    let big = FontDescription(family: "Noto Sans", size: 30)
    let plain = try shaper.measure(text, font: base, maxWidth: 200)
    let mixed = try shaper.measure(
      text, font: base, spans: [TextAttributeSpan(utf8Range: 0..<8, font: big)], maxWidth: 200)
    #expect(mixed.lines.allSatisfy { $0.width <= 200 })
    #expect(mixed.lines[0].height > plain.lines[0].height)
  }

  @Test func badSpansAreTypedErrors() {
    let text = "Champs-Élysées"
    let length = text.utf8.count
    #expect(throws: TextError.invalidSpan(0..<(length + 1), length: length)) {
      try shaper.measure(text, font: base, spans: [TextAttributeSpan(utf8Range: 0..<(length + 1))])
    }
    // Byte 8 is inside "É" (bytes 7 and 8).
    #expect(throws: TextError.invalidSpan(8..<10, length: length)) {
      try shaper.measure(text, font: base, spans: [TextAttributeSpan(utf8Range: 8..<10)])
    }
    let missing = FontDescription(family: "No Such Font", size: 17)
    #expect(throws: TextError.fontFamilyNotFound("No Such Font")) {
      try shaper.measure(
        text, font: base, spans: [TextAttributeSpan(utf8Range: 0..<3, font: missing)])
    }
    let zero = FontDescription(family: "Noto Sans", size: 0)
    #expect(throws: TextError.invalidFontSize(0)) {
      try shaper.measure(text, font: base, spans: [TextAttributeSpan(utf8Range: 0..<3, font: zero)])
    }
    #expect(TextError.invalidSpan(8..<10, length: 16).description.contains("8..<10"))
  }
}
