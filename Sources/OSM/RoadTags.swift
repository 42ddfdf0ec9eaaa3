import NavigationCore

/// Interpretation of OSM tags for driving: classes, speeds, oneway, access, maxspeed, lanes.
public enum RoadTags {
  /// Default speeds (km/h) by `highway` class where `maxspeed` is absent.
  public static let defaultSpeeds: [String: Double] = [
    "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65,
    "primary_link": 30, "secondary": 55, "secondary_link": 25, "tertiary": 40,
    "tertiary_link": 20, "unclassified": 25, "residential": 25, "living_street": 10,
    "service": 15,
  ]

  /// Speed caps (km/h) by `surface`, `tracktype` and `smoothness`, as OSRM's car profile
  /// (car.lua) has them.
  public static let surfaceSpeeds: [String: [String: Double]] = [
    "surface": [
      "cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60,
      "bricks": 60, "grass": 40, "wood": 40, "sett": 40, "grass_paver": 40, "gravel": 40,
      "unpaved": 40, "ground": 40, "dirt": 40, "pebblestone": 40, "tartan": 40,
      "cobblestone": 30, "clay": 30, "earth": 20, "stone": 20, "rocky": 20, "sand": 20,
      "laterite": 15, "mud": 10, "ice": 20, "snow": 30,
    ],
    "tracktype": ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20],
    "smoothness": [
      "intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5,
    ],
  ]

  /// The speeds (km/h) a car drives along and against a way, as OSRM's car profile computes
  /// them: the class speed, replaced by 80 % of `maxspeed:advisory` or `maxspeed` (per
  /// direction with `:forward` and `:backward`) when tagged, then capped by the surface.
  public static func speeds(_ tags: [String: String]) -> (forward: Double, backward: Double) {
    // A ferry without a class moves at OSRM's car-profile ferry speed, 5 km/h.
    let ferry = tags["route"] == "ferry" && tags["highway"] == nil
    let base = ferry ? 5 : defaultSpeeds[tags["highway"] ?? ""] ?? 10
    func limit(_ direction: String) -> Double? {
      for key in ["maxspeed:advisory", "maxspeed"] {
        for k in ["\(key):\(direction)", key] {
          guard let value = tags[k], let parsed = maxspeed(value) else { continue }
          let kmh = parsed.kilometersPerHour ?? 140
          if kmh > 0 { return kmh }
        }
      }
      return nil
    }
    var forward = limit("forward").map { $0 * 0.8 } ?? base
    var backward = limit("backward").map { $0 * 0.8 } ?? base
    for (key, table) in surfaceSpeeds {
      if let value = tags[key], let cap = table[value] {
        forward = min(forward, cap)
        backward = min(backward, cap)
      }
    }
    return (max(forward, 1), max(backward, 1))
  }

  /// Seconds a car loses passing a node with these tags, as in OSRM's car profile: 2 at
  /// `highway=traffic_signals` or `stop`, 1 at `give_way`, 60 at a gate; infinity at a barrier
  /// that stops cars (a bollard, a closed `access`); nil when none applies.
  ///
  /// - Parameter signals: Whether to count traffic signals (the graph keeps those at
  ///   intersections apart, in ``RoadGraph/trafficSignals``).
  public static func nodeDelay(_ tags: [String: String], signals: Bool = true) -> Float? {
    var delay: Float = 0
    if let access = ["motorcar", "motor_vehicle", "vehicle", "access"].lazy.compactMap({
      tags[$0]
    }).first {
      let closed = [
        "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus",
        "bus", "foot", "emergency_vehicle", "restricted", "military", "official",
      ]
      if closed.contains(access) { return .infinity }
    } else if let barrier = tags["barrier"] {
      let open: Set<String> = [
        "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance",
        "height_restrictor", "arch",
      ]
      let rising = tags["bollard"] == "rising"
      let flatKerb = barrier == "kerb" && (tags["kerb"] == "lowered" || tags["kerb"] == "flush")
      let crossingKerb = barrier == "kerb" && tags["highway"] == "crossing"
      let audible =
        barrier == "fence" && (tags["sensory"] == "audible" || tags["sensory"] == "audio")
      if barrier == "gate" || barrier == "lift_gate" {
        delay += 60
      } else if !open.contains(barrier) && !rising && !flatKerb && !crossingKerb && !audible {
        return .infinity
      }
    }
    switch tags["highway"] {
    case "traffic_signals" where signals: delay += 2
    case "stop": delay += 2
    case "give_way": delay += 1
    default: break
    }
    return delay > 0 ? delay : nil
  }

  /// Whether a way with these tags is open to cars: a road of a known class, or a ferry
  /// (`route=ferry`) tagged as carrying motor vehicles.
  public static func isDrivable(_ tags: [String: String]) -> Bool {
    if tags["route"] == "ferry", tags["highway"] == nil {
      let carried = ["motorcar", "motor_vehicle"].lazy.compactMap { tags[$0] }.first
      return carried == "yes" || carried == "designated"
    }
    guard let highway = tags["highway"], defaultSpeeds[highway] != nil else { return false }
    if tags["area"] == "yes" { return false }
    if let service = tags["service"],
      ["parking_aisle", "driveway", "emergency_access"].contains(
        service), tags["access"] != "yes"
    {
      if service == "emergency_access" { return false }
    }
    for key in ["motorcar", "motor_vehicle", "vehicle", "access"] {
      if let value = tags[key] {
        return !["no", "private", "agricultural", "forestry", "delivery", "emergency"].contains(
          value)
      }
    }
    return true
  }

  /// Whether a way with these tags charges a toll to cars: `toll=yes` (or any value but
  /// `no`), or `toll:motorcar` / `toll:motor_vehicle` saying so.
  public static func isToll(_ tags: [String: String]) -> Bool {
    let value = tags["toll:motorcar"] ?? tags["toll:motor_vehicle"] ?? tags["toll"]
    return value != nil && value != "no"
  }

  /// Oneway direction: `1` forward only, `-1` backward only, `0` both ways; `nil` when closed
  /// (`reversible` or `alternating`, which a router cannot use safely).
  public static func oneway(_ tags: [String: String]) -> Int? {
    let value = tags["oneway:motorcar"] ?? tags["oneway:motor_vehicle"] ?? tags["oneway"]
    switch value {
    case "yes", "1", "true": return 1
    case "-1", "reverse": return -1
    case "reversible", "alternating": return nil
    case "no", "0", "false": return 0
    default: break
    }
    if tags["junction"] == "roundabout" || tags["junction"] == "circular" { return 1 }
    if tags["highway"] == "motorway" { return 1 }
    return 0
  }

  /// Parses `maxspeed`: numbers in km/h, `N mph`, `N knots`, `none`, `walk` and common zone
  /// values such as `FR:urban`, `DE:zone30`, `RU:living_street`.
  public static func maxspeed(_ value: String?) -> SpeedLimitValue? {
    guard var v = value?.trimmingWhitespace().lowercased(), !v.isEmpty else { return nil }
    if let semicolon = v.firstIndex(of: ";") { v = String(v[..<semicolon]) }
    if v == "none" { return .unlimited }
    if v == "walk" { return .known(5, .kilometersPerHour) }
    if v.hasSuffix("mph"), let n = Double(v.dropLast(3).trimmingWhitespace()) {
      return .known(n, .milesPerHour)
    }
    if v.hasSuffix("knots"), let n = Double(v.dropLast(5).trimmingWhitespace()) {
      return .known(n * 1.852, .kilometersPerHour)
    }
    if v.hasSuffix("km/h"), let n = Double(v.dropLast(4).trimmingWhitespace()) {
      return .known(n, .kilometersPerHour)
    }
    if let n = Double(v) { return .known(n, .kilometersPerHour) }
    if let zone = v.range(of: "zone"), let n = Double(v[zone.upperBound...]) {
      return .known(n, .kilometersPerHour)
    }
    let zones: [String: Double] = [
      "urban": 50, "rural": 90, "motorway": 130, "trunk": 110, "living_street": 20,
      "walk": 5, "bicycle_road": 30,
    ]
    if let colon = v.firstIndex(of: ":"), let n = zones[String(v[v.index(after: colon)...])] {
      let country = v[..<colon]
      if country == "de", v.hasSuffix("motorway") { return .unlimited }
      if country == "gb" || country == "us" {
        return .known(v.hasSuffix("motorway") ? 70 : v.hasSuffix("urban") ? 30 : 60, .milesPerHour)
      }
      return .known(n, .kilometersPerHour)
    }
    return nil
  }

  /// Parses a `turn:lanes` value (`left|through;right|right`) into lane indications.
  public static func turnLanes(_ value: String?) -> [[ManeuverDirection]]? {
    guard let value, !value.isEmpty else { return nil }
    return value.split(separator: "|", omittingEmptySubsequences: false).map { lane in
      let parts = lane.split(separator: ";").map { part -> ManeuverDirection in
        switch part.trimmingWhitespace() {
        case "left": return .left
        case "slight_left": return .slightLeft
        case "sharp_left": return .sharpLeft
        case "right": return .right
        case "slight_right": return .slightRight
        case "sharp_right": return .sharpRight
        case "through": return .straight
        case "reverse": return .uTurn
        case "merge_to_left": return .slightLeft
        case "merge_to_right": return .slightRight
        case "", "none": return .none
        default: return .other(String(part))
        }
      }
      return parts.isEmpty ? [.none] : parts
    }
  }
}

/// A parsed `maxspeed`: a number with its unit, or no limit.
public enum SpeedLimitValue: Sendable, Hashable {
  /// A posted limit.
  case known(Double, SpeedUnit)
  /// No limit.
  case unlimited

  /// The limit in km/h, nil when there is none.
  public var kilometersPerHour: Double? {
    guard case .known(let v, let unit) = self else { return nil }
    return unit == .milesPerHour ? v * 1.609344 : v
  }

  /// As NavigationCore's ``SpeedLimit``.
  public var speedLimit: SpeedLimit {
    switch self {
    case .known(let v, let unit): return .known(value: v, unit: unit)
    case .unlimited: return .none
    }
  }
}

extension StringProtocol {
  /// The string without leading and trailing spaces and tabs.
  package func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
