/// A unit of speed used by speed limits.
public enum SpeedUnit: String, Sendable, Hashable {
  /// Kilometers per hour.
  case kilometersPerHour = "km/h"
  /// Miles per hour.
  case milesPerHour = "mph"

  /// Meters per second in one of this unit.
  public var metersPerSecond: Double {
    self == .kilometersPerHour ? 1000.0 / 3600.0 : 1609.344 / 3600.0
  }
}

/// The speed limit on a segment of a route.
public enum SpeedLimit: Sendable, Hashable {
  /// A posted limit.
  case known(value: Double, unit: SpeedUnit)
  /// The source does not know the limit.
  case unknown
  /// There is no limit (e.g. parts of German motorways).
  case none

  /// The limit in meters per second, when known.
  public var metersPerSecond: Double? {
    if case .known(let value, let unit) = self { return value * unit.metersPerSecond }
    return nil
  }
}

/// The shape of the speed-limit sign drivers see.
public enum SpeedLimitSign: Sendable, Hashable {
  /// The round red-ringed sign of the Vienna Convention (most of the world).
  case vienna
  /// The rectangular US/Canada sign (Manual on Uniform Traffic Control Devices).
  case mutcd
  /// Another value, kept verbatim.
  case other(String)

  /// The sign for a source string.
  public init(rawValue: String) {
    switch rawValue {
    case "vienna": self = .vienna
    case "mutcd": self = .mutcd
    default: self = .other(rawValue)
    }
  }
}

/// How traffic flows on a segment.
public enum CongestionLevel: Sendable, Hashable {
  /// No data.
  case unknown
  /// Free flow.
  case low
  /// Some slowing.
  case moderate
  /// Slow traffic.
  case heavy
  /// Standstill.
  case severe
  /// Another value, kept verbatim.
  case other(String)

  /// The level for a source string.
  public init(rawValue: String) {
    switch rawValue {
    case "unknown": self = .unknown
    case "low": self = .low
    case "moderate": self = .moderate
    case "heavy": self = .heavy
    case "severe": self = .severe
    default: self = .other(rawValue)
    }
  }
}

/// How the traveller moves on a step.
public enum TransportMode: Sendable, Hashable, CustomStringConvertible {
  /// By car.
  case driving
  /// On foot.
  case walking
  /// By bicycle.
  case cycling
  /// On a ferry.
  case ferry
  /// On a train.
  case train
  /// Another value (e.g. `pushing bike`, `unaccessible`), kept verbatim.
  case other(String)

  /// The mode for a source string; Valhalla's `drive`/`pedestrian`/`bicycle` are understood.
  public init(rawValue: String) {
    switch rawValue {
    case "driving", "drive", "car": self = .driving
    case "walking", "pedestrian", "foot": self = .walking
    case "cycling", "bicycle", "bike": self = .cycling
    case "ferry": self = .ferry
    case "train", "transit": self = .train
    default: self = .other(rawValue)
    }
  }

  /// The OSRM string.
  public var description: String {
    switch self {
    case .driving: return "driving"
    case .walking: return "walking"
    case .cycling: return "cycling"
    case .ferry: return "ferry"
    case .train: return "train"
    case .other(let s): return s
    }
  }
}
