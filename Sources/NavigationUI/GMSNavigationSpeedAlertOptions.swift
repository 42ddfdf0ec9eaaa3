/// Speed alert thresholds (`GMSNavigationSpeedAlertOptions`): percentages over the limit for
/// minor and major alerts (0.0 = 0 %, 1.0 = 100 %; negative = unset) and the time over the
/// minor threshold after which the alert becomes major.
///
/// ```swift
/// let options = GMSNavigationMutableSpeedAlertOptions()
/// options.setSpeedAlertThresholdPercentage(0.05, for: .minor)
/// options.setSpeedAlertThresholdPercentage(0.10, for: .major)
/// navigator.speedAlertOptions = options
/// ```
public class GMSNavigationSpeedAlertOptions: @unchecked Sendable {
  var values: SpeedAlertOptions

  /// Options with no thresholds set (the defaults apply).
  public init() { values = SpeedAlertOptions() }

  /// Options from NavigationCore's value.
  public init(_ options: SpeedAlertOptions) { values = options }

  /// Seconds over the minor threshold before a major alert; negative means never.
  public var severityUpgradeDurationSeconds: TimeInterval { values.severityUpgradeDurationSeconds }

  /// The threshold for a severity (`minor` or `major`); negative when unset.
  public func thresholdPercentage(for speedAlertSeverity: GMSNavigationSpeedAlertSeverity)
    -> CGFloat
  {
    switch speedAlertSeverity {
    case .minor: return CGFloat(values.minorSpeedAlertThresholdPercentage)
    case .major: return CGFloat(values.majorSpeedAlertThresholdPercentage)
    case .unknown, .notSpeeding: return -1
    }
  }

  /// NavigationCore's value.
  public var coreOptions: SpeedAlertOptions { values }

  /// A copy.
  public func copy() -> GMSNavigationSpeedAlertOptions { GMSNavigationSpeedAlertOptions(values) }

  /// A mutable copy.
  public func mutableCopy() -> GMSNavigationMutableSpeedAlertOptions {
    GMSNavigationMutableSpeedAlertOptions(values)
  }
}

/// Mutable speed alert thresholds (`GMSNavigationMutableSpeedAlertOptions`).
public final class GMSNavigationMutableSpeedAlertOptions: GMSNavigationSpeedAlertOptions,
  @unchecked Sendable
{
  /// Seconds over the minor threshold before a major alert; negative means never.
  public override var severityUpgradeDurationSeconds: TimeInterval {
    get { values.severityUpgradeDurationSeconds }
    set { values.severityUpgradeDurationSeconds = newValue }
  }

  /// Sets a threshold; setting minor above major raises major to it, and the other way round.
  public func setSpeedAlertThresholdPercentage(
    _ percentageAboveLimit: CGFloat, for speedAlertSeverity: GMSNavigationSpeedAlertSeverity
  ) {
    let value = Double(percentageAboveLimit)
    switch speedAlertSeverity {
    case .minor:
      values.minorSpeedAlertThresholdPercentage = value
      if value >= 0, values.majorSpeedAlertThresholdPercentage >= 0,
        value > values.majorSpeedAlertThresholdPercentage
      {
        values.majorSpeedAlertThresholdPercentage = value
      }
    case .major:
      values.majorSpeedAlertThresholdPercentage = value
      if value >= 0, values.minorSpeedAlertThresholdPercentage > value {
        values.minorSpeedAlertThresholdPercentage = value
      }
    case .unknown, .notSpeeding:
      return
    }
  }
}
