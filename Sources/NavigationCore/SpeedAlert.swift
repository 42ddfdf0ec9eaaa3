/// How far over the limit the traveller is (raw values as `GMSNavigationSpeedAlertSeverity`).
public enum SpeedAlertSeverity: Int, Sendable, Hashable {
  /// No limit or no speed known.
  case unknown = -2
  /// At or under the alert thresholds.
  case notSpeeding = -1
  /// Over the minor threshold: red text.
  case minor = 0
  /// Over the major threshold (or over minor for long enough): white on red.
  case major = 1
}

/// Speed alert thresholds (Guides/Spec.md §12.8, §14.7), as `GMSNavigationSpeedAlertOptions`.
///
/// Percentages are of the limit (0.0 = 0 %, 1.0 = 100 %); a negative value means unset and
/// the default applies: minor above 5 mph / 10 km/h over the limit, major above
/// 10 mph / 20 km/h over.
public struct SpeedAlertOptions: Sendable, Hashable {
  /// Minor threshold as a fraction over the limit; negative = default.
  public var minorSpeedAlertThresholdPercentage: Double = -1
  /// Major threshold as a fraction over the limit; negative = default.
  public var majorSpeedAlertThresholdPercentage: Double = -1
  /// Minor becomes major after staying over the minor threshold this long; negative = never.
  public var severityUpgradeDurationSeconds: Double = -1
  /// A severity ends only when the speed drops this far (m/s) under its threshold.
  public var hysteresis: CLLocationSpeed = 2 / 3.6

  /// The defaults of the SDK.
  public init() {}

  /// Options with threshold percentages and an upgrade duration.
  public init(minorPercentage: Double, majorPercentage: Double, upgradeAfter: Double = -1) {
    minorSpeedAlertThresholdPercentage = minorPercentage
    majorSpeedAlertThresholdPercentage = majorPercentage
    severityUpgradeDurationSeconds = upgradeAfter
  }

  /// The speeds (m/s) above which minor and major alerts start for `limit` m/s in `unit`.
  public func thresholds(limit: CLLocationSpeed, unit: SpeedUnit) -> (minor: Double, major: Double)
  {
    let defaultMinor = unit == .milesPerHour ? 5 * unit.metersPerSecond : 10 * unit.metersPerSecond
    let defaultMajor = 2 * defaultMinor
    let minor =
      minorSpeedAlertThresholdPercentage >= 0
      ? limit * (1 + minorSpeedAlertThresholdPercentage) : limit + defaultMinor
    let major =
      majorSpeedAlertThresholdPercentage >= 0
      ? limit * (1 + majorSpeedAlertThresholdPercentage) : limit + defaultMajor
    return (minor, max(minor, major))
  }
}

/// The state of speed alerting: a value updated by ``SpeedAlertOptions/update(_:speed:limit:now:)``.
public struct SpeedAlertState: Sendable, Hashable {
  /// The current severity.
  public var severity: SpeedAlertSeverity = .unknown
  /// Since when the speed has been over the minor threshold, if it is.
  public var overMinorSince: Double?

  /// The state before any speed is known.
  public init() {}
}

extension SpeedAlertOptions {
  /// The next alert state for `speed` (m/s, negative = unknown) under `limit` at time `now`.
  ///
  /// Entering a severity needs the speed above its threshold; leaving it needs the speed
  /// below the threshold minus ``hysteresis``, so the alert does not flicker at the threshold.
  public func update(
    _ state: SpeedAlertState, speed: CLLocationSpeed, limit: SpeedLimit?, now: Double
  ) -> SpeedAlertState {
    var next = state
    guard speed >= 0, speed.isFinite, let limit else {
      next.severity = .unknown
      next.overMinorSince = nil
      return next
    }
    guard case .known(let value, let unit) = limit else {
      next.severity = limit == SpeedLimit.none ? .notSpeeding : .unknown
      next.overMinorSince = nil
      return next
    }
    let (minor, major) = thresholds(limit: value * unit.metersPerSecond, unit: unit)
    let wasMajor = state.severity == .major
    let wasMinorOrMore = state.severity == .minor || wasMajor
    let overMinor = speed > minor || (wasMinorOrMore && speed >= minor - hysteresis)
    let overMajor = speed > major || (wasMajor && speed >= major - hysteresis)
    if overMinor {
      next.overMinorSince = state.overMinorSince ?? now
    } else {
      next.overMinorSince = nil
    }
    if overMajor {
      next.severity = .major
    } else if overMinor {
      let since = next.overMinorSince ?? now
      let upgrade =
        severityUpgradeDurationSeconds >= 0 && now - since >= severityUpgradeDurationSeconds
      next.severity = upgrade ? .major : .minor
    } else {
      next.severity = .notSpeeding
    }
    return next
  }
}
