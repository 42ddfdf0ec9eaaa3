import Foundation

/// Formats a distance the way navigation apps show it: rounded coarser as it grows.
///
/// Metric: under 100 m to the nearest 10 m, under 1 km to the nearest 50 m, under 10 km to
/// 0.1 km, then whole kilometres. Imperial: under 0.1 mi in feet to the nearest 50 ft, under
/// 10 mi to 0.1 mi, then whole miles. Halves round up; a value that rounds up to the next
/// band is shown in that band (995 m is "1.0 km"). Numbers use the locale's decimal and
/// grouping separators with Latin digits, so output is the same on every machine.
///
/// ```swift
/// let formatter = NavigationDistanceFormatter(locale: Locale(identifier: "en_US"))
/// formatter.string(fromMeters: 320)     // "0.2 mi"
/// NavigationDistanceFormatter(locale: Locale(identifier: "de_DE"))
///   .string(fromMeters: 1_240)          // "1,2 km"
/// ```
public struct NavigationDistanceFormatter: Sendable {
  /// The unit a rounded distance is shown in.
  public enum Unit: String, Sendable, Equatable {
    /// Metres.
    case meters
    /// Kilometres.
    case kilometers
    /// Feet.
    case feet
    /// Miles.
    case miles
  }

  /// A distance after rounding: its value, unit and number of decimals to show.
  public struct Rounded: Sendable, Equatable {
    /// The rounded value in ``unit``.
    public var value: Double
    /// The unit.
    public var unit: Unit
    /// Decimals to show: 1 for tenths of a kilometre or mile, else 0.
    public var fractionDigits: Int

    /// Creates a rounded distance.
    public init(value: Double, unit: Unit, fractionDigits: Int) {
      self.value = value
      self.unit = unit
      self.fractionDigits = fractionDigits
    }
  }

  /// The locale whose separators and unit words are used.
  public var locale: Locale {
    didSet { words = Words(locale) }
  }
  /// Metric or imperial.
  public var unitSystem: UnitSystem
  /// The locale's unit words and separators, looked up once (ICU lookups cost microseconds;
  /// a navigating app formats a distance every fix).
  private var words: Words

  private struct Words: Sendable {
    let names: NavigationUnitNames
    let decimal: String
    let grouping: String

    init(_ locale: Locale) {
      names = NavigationUnitNames.forLocale(locale)
      decimal = locale.decimalSeparator ?? "."
      grouping = locale.groupingSeparator ?? ","
    }
  }

  /// Creates a formatter; the unit system defaults to the one the locale's region uses.
  public init(locale: Locale, unitSystem: UnitSystem? = nil) {
    self.locale = locale
    self.unitSystem = unitSystem ?? .preferred(for: locale)
    words = Words(locale)
  }

  /// The distance rounded for display. Negative and non-finite distances count as 0.
  public func rounded(meters: Double) -> Rounded {
    let distance = meters.isFinite ? max(0, meters) : 0
    switch unitSystem {
    case .metric:
      if distance < 100 {
        let value = Self.round(distance, to: 10)
        if value < 100 { return Rounded(value: value, unit: .meters, fractionDigits: 0) }
      }
      if distance < 1_000 {
        let value = Self.round(distance, to: 50)
        if value < 1_000 { return Rounded(value: value, unit: .meters, fractionDigits: 0) }
      }
      return Self.tenthsThenWhole(distance / 1_000, unit: .kilometers)
    case .imperial:
      let miles = distance / 1_609.344
      if miles < 0.1 {
        let feet = Self.round(distance / 0.3048, to: 50)
        if feet < 528 { return Rounded(value: feet, unit: .feet, fractionDigits: 0) }
      }
      return Self.tenthsThenWhole(max(miles, 0.1), unit: .miles)
    }
  }

  /// The distance as text, e.g. "300 m", "1.2 km", "500 ft", "0.2 mi".
  public func string(fromMeters meters: Double) -> String {
    let rounded = rounded(meters: meters)
    let names = words.names
    let unit: String
    switch rounded.unit {
    case .meters: unit = names.meters
    case .kilometers: unit = names.kilometers
    case .feet: unit = names.feet
    case .miles: unit = names.miles
    }
    return Self.number(
      rounded.value, fractionDigits: rounded.fractionDigits, decimal: words.decimal,
      grouping: words.grouping) + names.separator + unit
  }

  private static func tenthsThenWhole(_ value: Double, unit: Unit) -> Rounded {
    let tenths = round(value, to: 0.1)
    if tenths < 10 { return Rounded(value: tenths, unit: unit, fractionDigits: 1) }
    return Rounded(value: round(value, to: 1), unit: unit, fractionDigits: 0)
  }

  /// `value` to the nearest multiple of `step`, halves away from zero.
  static func round(_ value: Double, to step: Double) -> Double {
    let units = (value / step + 1e-9).rounded(.toNearestOrAwayFromZero)
    return step < 1 ? units / (1 / step) : units * step
  }

  /// Formats a non-negative number with Latin digits and the locale's separators.
  static func number(
    _ value: Double, fractionDigits: Int, decimal: String, grouping: String
  ) -> String {
    let scale = fractionDigits == 0 ? 1.0 : 10.0
    let scaled = Int((value * scale).rounded(.toNearestOrAwayFromZero))
    let whole = fractionDigits == 0 ? scaled : scaled / 10
    var digits = String(whole)
    if whole >= 1_000 {
      var grouped = ""
      for (index, character) in digits.reversed().enumerated() {
        if index > 0 && index % 3 == 0 { grouped = grouping + grouped }
        grouped = String(character) + grouped
      }
      digits = grouped
    }
    guard fractionDigits > 0 else { return digits }
    return digits + decimal + String(scaled % 10)
  }
}
