import Foundation
import NavigationCore
import Testing

@Suite struct NavigationTimeFormatterTests {
  static let english = NavigationTimeFormatter(locale: Locale(identifier: "en_US"))
  /// 2026-11-29 14:50:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_795_963_800)
  static let monaco = TimeZone(identifier: "Europe/Monaco")!
  static let newYork = TimeZone(identifier: "America/New_York")!

  @Test(arguments: [
    (0.0, "0 min"), (10, "1 min"), (89, "1 min"), (90, "2 min"), (300, "5 min"),
    (3_570, "1 h"), (3_600, "1 h"), (4_800, "1 h 20 min"), (7_200, "2 h"),
    (86_399, "1 d"), (90_000, "1 d 1 h"), (-5, "0 min"),
  ])
  func englishDurations(seconds: TimeInterval, expected: String) {
    #expect(Self.english.durationString(seconds: seconds) == expected)
  }

  @Test(arguments: [
    ("de_DE", 4_800.0, "1 Std. 20 Min."), ("fr_FR", 4_800, "1 h 20 min"),
    ("th_TH", 4_800, "1 ชม. 20 นาที"), ("zh_Hant_TW", 4_800, "1小時20分鐘"),
    ("ja_JP", 300, "5分"), ("zh_Hans_CN", 7_200, "2小时"),
  ])
  func localisedDurations(identifier: String, seconds: TimeInterval, expected: String) {
    let formatter = NavigationTimeFormatter(locale: Locale(identifier: identifier))
    #expect(formatter.durationString(seconds: seconds) == expected)
  }

  @Test(arguments: [
    ("en_US", "4:05 PM"), ("en_GB", "16:05"), ("de_DE", "16:05"), ("fr_FR", "16:05"),
    ("ja_JP", "16:05"),
  ])
  func arrivalTimeInLocaleClock(identifier: String, expected: String) {
    let formatter = NavigationTimeFormatter(locale: Locale(identifier: identifier))
    #expect(
      formatter.arrivalString(now: Self.now, remaining: 900, timeZone: Self.monaco) == expected)
  }

  @Test func arrivalTimeFollowsTimeZone() {
    #expect(
      Self.english.arrivalString(now: Self.now, remaining: 900, timeZone: Self.newYork)
        == "10:05 AM")
    #expect(
      Self.english.arrivalString(now: Self.now, remaining: 0, timeZone: Self.monaco) == "3:50 PM")
  }

  @Test func twelveHourClockDetection() {
    #expect(Self.english.uses12HourClock)
    #expect(!NavigationTimeFormatter(locale: Locale(identifier: "de_DE")).uses12HourClock)
  }

  @Test func partsSplitDaysHoursMinutes() {
    #expect(Self.english.parts(seconds: 4_800) == .init(days: 0, hours: 1, minutes: 20))
    #expect(Self.english.parts(seconds: 2 * 86_400 + 5_000) == .init(days: 2, hours: 1, minutes: 0))
  }
}
