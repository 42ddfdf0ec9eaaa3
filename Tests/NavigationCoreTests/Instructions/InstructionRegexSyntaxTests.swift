import Foundation
import Testing

@testable import NavigationCore

@Suite struct InstructionRegexSyntaxTests {
  @Test(arguments: [
    (#"^ (\d+)-я "#, #"^ ([0-9]+)-я "#),
    (#"[ \-\d]"#, #"[ \-0-9]"#),
    (#" $"#, #" \z"#),
    (#"[$]"#, #"[$]"#),
    (#"[[]"#, #"[\[]"#),
    (
      #"\w\b"#,
      #"[A-Za-z0-9_](?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))"#
    ),
    (#"\S+"#, #"\S+"#),
  ])
  func translatesPatterns(javaScript: String, icu: String) {
    #expect(InstructionRegexSyntax.pattern(fromJavaScript: javaScript) == icu)
  }

  @Test(arguments: [
    ("$1ую", "$1ую"), ("$$", #"\$"#), ("$&!", "$0!"), (#"a\b"#, #"a\\b"#), ("5$", #"5\$"#),
  ])
  func translatesReplacements(javaScript: String, template: String) {
    #expect(InstructionRegexSyntax.template(fromJavaScript: javaScript) == template)
  }

  @Test func asciiDigitsOnlyAsInJavaScript() throws {
    let regex = try NSRegularExpression(
      pattern: InstructionRegexSyntax.pattern(fromJavaScript: #"^\d$"#))
    let arabicIndicFive = "\u{0665}"
    #expect(regex.firstMatch(in: "5", range: NSRange(location: 0, length: 1)) != nil)
    #expect(regex.firstMatch(in: arabicIndicFive, range: NSRange(location: 0, length: 1)) == nil)
  }

  @Test func javaScriptTextHelpers() {
    #expect(InstructionText.collapseSpacePairs("a  b   c    d") == "a b  c  d")
    #expect(InstructionText.trimJavaScriptWhitespace("\u{A0} x \n") == "x")
    #expect(InstructionText.capitalizeFirstLetter("élan", language: "fr") == "Élan")
    #expect(InstructionText.capitalizeFirstLetter("straße", language: "de") == "Straße")
    #expect(InstructionText.capitalizeFirstLetter("ßx", language: "de") == "SSx")
    #expect(InstructionText.capitalizeFirstLetter("", language: "en") == "")
  }
}
