import Foundation
import NavigationCore
import Testing

/// Unit words for the right-to-left languages the demo offers: a duration or distance on an
/// Arabic, Hebrew or Persian screen reads in that language, not in English abbreviations.
@Suite struct RightToLeftUnitTests {
  @Test(arguments: [
    ("ar", 1_700.0, "كم"), ("ar_EG", 300, "م"), ("he_IL", 1_700, "ק״מ"), ("he_IL", 300, "מ׳"),
    ("fa_IR", 1_700, "کیلومتر"), ("fa_IR", 300, "متر"),
  ])
  func distancesUseTheLanguagesUnitWords(identifier: String, meters: Double, unit: String) {
    let formatter = NavigationDistanceFormatter(
      locale: Locale(identifier: identifier), unitSystem: .metric)
    let text = formatter.string(fromMeters: meters)
    #expect(text.hasSuffix(" " + unit), "\(identifier): \(text)")
    #expect(!text.contains("km") && !text.hasSuffix(" m"))
  }

  @Test(arguments: [
    ("ar", "1 س 20 د"), ("ar_EG", "1 س 20 د"), ("he_IL", "1 שע׳ 20 דק׳"),
    ("fa_IR", "1 ساعت 20 دقیقه"),
  ])
  func durationsUseTheLanguagesUnitWords(identifier: String, expected: String) {
    let formatter = NavigationTimeFormatter(locale: Locale(identifier: identifier))
    #expect(formatter.durationString(seconds: 4_800) == expected)
  }

  @Test func arabicNumbersFollowTheRegionsDecimalSeparator() {
    let egypt = NavigationDistanceFormatter(
      locale: Locale(identifier: "ar_EG"), unitSystem: .metric)
    let plain = NavigationDistanceFormatter(locale: Locale(identifier: "ar"), unitSystem: .metric)
    #expect(egypt.string(fromMeters: 1_700) == "1٫7 كم")
    #expect(plain.string(fromMeters: 1_700) == "1.7 كم")
  }
}
