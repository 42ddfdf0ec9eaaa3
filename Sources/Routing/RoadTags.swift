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

  /// Whether a way with these tags is open to cars.
  public static func isDrivable(_ tags: [String: String]) -> Bool {
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
  func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
