/// The lighting mode of the map and UI; raw values as `GMSNavigationLightingMode`.
public enum LightingMode: Int, Sendable, Hashable {
  /// Day colours.
  case normal = 0
  /// Night colours.
  case lowLight = 1
}

/// Suggests a lighting mode from the sun's elevation, with hysteresis and a dwell time so the
/// suggestion does not flicker around sunset or under noisy positions.
public struct LightingModeAdvisor: Sendable, Hashable {
  /// Below this sun elevation (degrees) low light is suggested.
  public var lowLightBelow: Double = -4
  /// Above this sun elevation (degrees) normal light is suggested.
  public var normalAbove: Double = -2
  /// A new suggestion must hold this long (seconds) before it is made.
  public var dwellTime: Double = 60

  /// The advisor's state.
  public struct State: Sendable, Hashable {
    /// The current suggestion; nil before the first update.
    public var suggested: LightingMode?
    /// A different mode waiting out the dwell time, and since when.
    public var candidate: LightingMode?
    /// When the candidate first appeared.
    public var candidateSince: Double?

    /// The state before any update.
    public init() {}
  }

  /// An advisor with the default thresholds.
  public init() {}

  /// The next state at `coordinate` and `now` (seconds since 1970, UTC).
  public func update(_ state: State, at coordinate: CLLocationCoordinate2D, now: Double) -> State {
    guard coordinate.isValid, now.isFinite else { return state }
    let elevation = SolarPosition.elevation(at: coordinate, time: now)
    var next = state
    guard let current = state.suggested else {
      next.suggested = elevation < (lowLightBelow + normalAbove) / 2 ? .lowLight : .normal
      return next
    }
    let wanted: LightingMode
    switch current {
    case .normal: wanted = elevation < lowLightBelow ? .lowLight : .normal
    case .lowLight: wanted = elevation > normalAbove ? .normal : .lowLight
    }
    if wanted == current {
      next.candidate = nil
      next.candidateSince = nil
    } else if state.candidate == wanted, let since = state.candidateSince {
      if now - since >= dwellTime {
        next.suggested = wanted
        next.candidate = nil
        next.candidateSince = nil
      }
    } else if dwellTime <= 0 {
      next.suggested = wanted
      next.candidate = nil
      next.candidateSince = nil
    } else {
      next.candidate = wanted
      next.candidateSince = now
    }
    return next
  }
}
