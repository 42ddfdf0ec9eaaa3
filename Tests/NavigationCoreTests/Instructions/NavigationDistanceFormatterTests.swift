import Foundation
import NavigationCore
import Testing

@Suite struct NavigationDistanceFormatterTests {
  static let metric = NavigationDistanceFormatter(
    locale: Locale(identifier: "en_GB"), unitSystem: .metric)
  static let imperial = NavigationDistanceFormatter(locale: Locale(identifier: "en_US"))

  @Test(arguments: [
    (0.0, "0 m"), (4, "0 m"), (5, "10 m"), (44, "40 m"), (95, "100 m"), (99, "100 m"),
    (124, "100 m"), (125, "150 m"), (300, "300 m"), (974, "950 m"), (975, "1.0 km"),
    (1_000, "1.0 km"), (1_249, "1.2 km"), (1_250, "1.3 km"), (9_949, "9.9 km"),
    (9_950, "10 km"), (12_400, "12 km"), (184_321, "184 km"), (1_234_567, "1,235 km"),
    (-20, "0 m"), (.nan, "0 m"),
  ])
  func metricRounding(meters: Double, expected: String) {
    #expect(Self.metric.string(fromMeters: meters) == expected)
  }

  @Test(arguments: [
    (0.0, "0 ft"), (7, "0 ft"), (8, "50 ft"), (152.4, "500 ft"), (158, "500 ft"),
    (160, "500 ft"), (162, "0.1 mi"), (320, "0.2 mi"), (1_609.344, "1.0 mi"), (15_000, "9.3 mi"),
    (16_000, "9.9 mi"), (16_100, "10 mi"), (80_467, "50 mi"),
  ])
  func imperialRounding(meters: Double, expected: String) {
    #expect(Self.imperial.string(fromMeters: meters) == expected)
  }

  @Test func roundedExposesValueUnitAndDecimals() {
    #expect(
      Self.metric.rounded(meters: 1_249)
        == .init(value: 1.2, unit: .kilometers, fractionDigits: 1))
    #expect(Self.imperial.rounded(meters: 30) == .init(value: 100, unit: .feet, fractionDigits: 0))
  }

  @Test(arguments: [
    ("en_US", UnitSystem.imperial), ("en_GB", .imperial), ("de_DE", .metric), ("fr_FR", .metric),
    ("th_TH", .metric), ("zh_Hant_TW", .metric), ("en", .metric), ("my_MM", .imperial),
  ])
  func preferredUnitSystemFollowsRegion(identifier: String, expected: UnitSystem) {
    #expect(UnitSystem.preferred(for: Locale(identifier: identifier)) == expected)
  }

  @Test(arguments: [
    ("de_DE", 1_240.0, "1,2 km"), ("fr_FR", 300, "300 m"), ("th_TH", 2_500, "2.5 กม."),
    ("th_TH", 40, "40 ม."), ("zh_Hant_TW", 1_240, "1.2公里"), ("zh_Hant_TW", 300, "300公尺"),
    ("ru_RU", 650, "650 м"), ("ja_JP", 3_000, "3.0km"),
  ])
  func localisedNumbersAndUnits(identifier: String, meters: Double, expected: String) {
    let formatter = NavigationDistanceFormatter(
      locale: Locale(identifier: identifier), unitSystem: .metric)
    #expect(formatter.string(fromMeters: meters) == expected)
  }

  @Test func imperialInChinese() {
    let formatter = NavigationDistanceFormatter(
      locale: Locale(identifier: "zh_Hant_TW"), unitSystem: .imperial)
    #expect(formatter.string(fromMeters: 100) == "350英尺")
    #expect(formatter.string(fromMeters: 3_218.688) == "2.0英里")
  }
}
