import Foundation

/// Formats trip durations ("5 min", "1 h 20 min") and arrival times in the locale's clock.
///
/// Nothing here reads the clock: arrival takes the current time as an argument.
///
/// ```swift
/// let formatter = NavigationTimeFormatter(locale: Locale(identifier: "en_US"))
/// formatter.durationString(seconds: 4_800)                       // "1 h 20 min"
/// formatter.arrivalString(now: now, remaining: 900, timeZone: tz) // "3:05 PM"
/// ```
public struct NavigationTimeFormatter: Sendable {
  /// The locale whose unit words and clock style are used.
  public var locale: Locale {
    didSet { names = NavigationUnitNames.forLocale(locale) }
  }
  /// The locale's unit words, looked up once (an ICU lookup per string costs microseconds).
  private var names: NavigationUnitNames

  /// Creates a formatter.
  public init(locale: Locale) {
    self.locale = locale
    names = NavigationUnitNames.forLocale(locale)
  }

  /// A duration split for display: whole days, hours and minutes.
  public struct Parts: Sendable, Equatable {
    /// Whole days (only for 24 h and more).
    public var days: Int
    /// Hours after the days.
    public var hours: Int
    /// Minutes after the hours (0 when days are shown).
    public var minutes: Int

    /// Creates parts.
    public init(days: Int, hours: Int, minutes: Int) {
      self.days = days
      self.hours = hours
      self.minutes = minutes
    }
  }

  /// The duration rounded for display: to the nearest minute, never under 1 min when
  /// positive; from 24 h on, to the nearest hour with days.
  public func parts(seconds: TimeInterval) -> Parts {
    let total = seconds.isFinite ? max(0, seconds) : 0
    var minutes = Int((total / 60).rounded(.toNearestOrAwayFromZero))
    if total > 0 { minutes = max(1, minutes) }
    if minutes >= 24 * 60 {
      let hours = Int((Double(minutes) / 60).rounded(.toNearestOrAwayFromZero))
      return Parts(days: hours / 24, hours: hours % 24, minutes: 0)
    }
    return Parts(days: 0, hours: minutes / 60, minutes: minutes % 60)
  }

  /// The duration as text: "45 min", "1 h 20 min", "2 h", "1 d 3 h".
  public func durationString(seconds: TimeInterval) -> String {
    let parts = parts(seconds: seconds)
    let names = self.names
    func part(_ value: Int, _ unit: String) -> String { "\(value)\(names.separator)\(unit)" }
    var pieces: [String] = []
    if parts.days > 0 {
      pieces.append(part(parts.days, names.days))
      if parts.hours > 0 { pieces.append(part(parts.hours, names.hours)) }
    } else if parts.hours > 0 {
      pieces.append(part(parts.hours, names.hours))
      if parts.minutes > 0 { pieces.append(part(parts.minutes, names.minutes)) }
    } else {
      pieces.append(part(parts.minutes, names.minutes))
    }
    return pieces.joined(separator: names.separator.isEmpty ? "" : " ")
  }

  /// The time of day `date` shows in `timeZone`, in the locale's 12- or 24-hour style.
  ///
  /// No-break spaces that ICU puts before "AM"/"PM" become plain spaces, so text is the same
  /// whatever the ICU version.
  public func timeString(_ date: Date, timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = timeZone
    formatter.setLocalizedDateFormatFromTemplate("jmm")
    return formatter.string(from: date)
      .replacingOccurrences(of: "\u{202F}", with: " ")
      .replacingOccurrences(of: "\u{A0}", with: " ")
  }

  /// The arrival time after `remaining` seconds from `now`, e.g. "3:05 PM" or "15:05".
  public func arrivalString(now: Date, remaining: TimeInterval, timeZone: TimeZone) -> String {
    let seconds = remaining.isFinite ? max(0, remaining) : 0
    return timeString(now.addingTimeInterval(seconds), timeZone: timeZone)
  }

  /// Whether the locale writes times on a 12-hour clock.
  public var uses12HourClock: Bool {
    let format = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? ""
    // Letters inside quotes are literal text, such as German "HH 'Uhr'".
    let fields = format.split(separator: "'", omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
    return fields.contains("h") || fields.contains("K")
  }
}
