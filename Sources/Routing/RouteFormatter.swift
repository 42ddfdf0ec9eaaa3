import Foundation
import NavigationCore

/// Writes routes as OSRM v5 route-service JSON, GeoJSON or a text summary. Keys come in a fixed
/// order and numbers with fixed precision, so the output is deterministic.
public enum RouteFormatter {
  /// OSRM v5 JSON: `code`, `routes` (distance m, duration s, polyline6 geometry, legs, steps
  /// with maneuvers and intersections, annotations) and `waypoints`.
  public static func osrmJSON(_ routes: [Route]) -> String {
    let waypoints =
      routes.first?.waypoints.map {
        "{\"name\":\(quote($0.name)),\"location\":\(point($0.location)),"
          + "\"distance\":\(num($0.distance ?? 0))}"
      } ?? []
    return "{\"code\":\"Ok\",\"routes\":[" + routes.map(route).joined(separator: ",")
      + "],\"waypoints\":[" + waypoints.joined(separator: ",") + "]}"
  }

  static func route(_ r: Route) -> String {
    "{\"distance\":\(num(r.distance)),\"duration\":\(num(r.expectedTravelTime)),"
      + "\"weight\":\(num(r.expectedTravelTime)),\"weight_name\":\"duration\","
      + "\"geometry\":\(quote(Polyline.encode(r.geometry, precision: 6))),\"legs\":["
      + r.legs.map(leg).joined(separator: ",") + "]}"
  }

  static func leg(_ l: RouteLeg) -> String {
    var s = "{\"distance\":\(num(l.distance)),\"duration\":\(num(l.expectedTravelTime)),"
    s += "\"weight\":\(num(l.expectedTravelTime)),\"summary\":\(quote(l.summary)),\"steps\":["
    s += l.steps.map(step).joined(separator: ",") + "]"
    if let a = l.annotation {
      let speeds = a.maxSpeeds.map { limit -> String in
        switch limit {
        case .known(let v, let unit): return "{\"speed\":\(num(v)),\"unit\":\"\(unit.rawValue)\"}"
        case .none: return "{\"none\":true}"
        case .unknown: return "{\"unknown\":true}"
        }
      }
      s += ",\"annotation\":{\"distance\":[\(a.distances.map(num).joined(separator: ","))],"
      s += "\"duration\":[\(a.durations.map(num).joined(separator: ","))],"
      s += "\"speed\":[\(a.speeds.map(num).joined(separator: ","))],"
      s += "\"maxspeed\":[\(speeds.joined(separator: ","))]}"
    }
    return s + "}"
  }

  static func step(_ st: RouteStep) -> String {
    let m = st.maneuver
    var man = "{\"type\":\(quote(m.type.rawValue)),"
    if let mod = m.modifier { man += "\"modifier\":\(quote(mod.rawValue))," }
    if let exit = m.exit { man += "\"exit\":\(exit)," }
    if let text = m.instruction { man += "\"instruction\":\(quote(text))," }
    man += "\"bearing_before\":\(Int(m.bearingBefore)),\"bearing_after\":\(Int(m.bearingAfter)),"
    man += "\"location\":\(point(m.location))}"
    var s = "{\"distance\":\(num(st.distance)),\"duration\":\(num(st.expectedTravelTime)),"
    s += "\"weight\":\(num(st.expectedTravelTime)),\"name\":\(quote(st.name)),"
    if let ref = st.ref { s += "\"ref\":\(quote(ref))," }
    if let d = st.destinations { s += "\"destinations\":\(quote(d))," }
    if let r = st.rotaryName { s += "\"rotary_name\":\(quote(r))," }
    s += "\"mode\":\"driving\",\"driving_side\":\(quote(st.drivingSide)),"
    s += "\"geometry\":\(quote(Polyline.encode(st.geometry, precision: 6))),\"maneuver\":\(man),"
    s += "\"intersections\":[" + st.intersections.map(intersection).joined(separator: ",") + "]}"
    return s
  }

  static func intersection(_ i: Intersection) -> String {
    var s =
      "{\"location\":\(point(i.location)),\"bearings\":[\(i.bearings.map(String.init).joined(separator: ","))],"
    s += "\"entry\":[\(i.entry.map { $0 ? "true" : "false" }.joined(separator: ","))]"
    if let v = i.inIndex { s += ",\"in\":\(v)" }
    if let v = i.outIndex { s += ",\"out\":\(v)" }
    if !i.classes.isEmpty { s += ",\"classes\":[\(i.classes.map(quote).joined(separator: ","))]" }
    if let lanes = i.lanes {
      s +=
        ",\"lanes\":["
        + lanes.map { lane in
          "{\"indications\":[\(lane.indications.map { quote($0.rawValue) }.joined(separator: ","))],"
            + "\"valid\":\(lane.valid)"
            + (lane.validIndication.map { ",\"valid_indication\":\(quote($0.rawValue))" } ?? "")
            + "}"
        }.joined(separator: ",") + "]"
    }
    return s + "}"
  }

  /// A GeoJSON FeatureCollection: the route's line, then one point per maneuver.
  public static func geoJSON(_ route: Route) -> String {
    let line = route.geometry.map(point).joined(separator: ",")
    var features = [
      "{\"type\":\"Feature\",\"properties\":{\"distance\":\(num(route.distance)),"
        + "\"duration\":\(num(route.expectedTravelTime))},\"geometry\":{\"type\":\"LineString\","
        + "\"coordinates\":[\(line)]}}"
    ]
    for step in route.allSteps {
      let m = step.maneuver
      features.append(
        "{\"type\":\"Feature\",\"properties\":{\"type\":\(quote(m.type.rawValue)),"
          + "\"modifier\":\(quote(m.modifier?.rawValue ?? "")),\"name\":\(quote(step.name))},"
          + "\"geometry\":{\"type\":\"Point\",\"coordinates\":\(point(m.location))}}")
    }
    return "{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",")
      + "]}"
  }

  /// A human-readable summary: totals, then one line per step.
  public static func summary(_ route: Route) -> String {
    var lines = [
      "distance: \(num(route.distance)) m, duration: \(num(route.expectedTravelTime)) s, "
        + "legs: \(route.legs.count), steps: \(route.allSteps.count)"
    ]
    for (i, w) in route.waypoints.enumerated() {
      if let d = w.distance {
        lines.append(
          "waypoint \(i)  snapped \(num(d)) m to \(fixed(w.location.latitude, 6)),"
            + "\(fixed(w.location.longitude, 6))  \(w.name.isEmpty ? "-" : w.name)")
      }
    }
    for (l, leg) in route.legs.enumerated() {
      for step in leg.steps {
        let m = step.maneuver
        var kind = m.type.rawValue
        if let mod = m.modifier { kind += " \(mod.rawValue)" }
        if let exit = m.exit { kind += " (exit \(exit))" }
        lines.append(
          "leg \(l + 1)  \(kind)  \(step.name.isEmpty ? "-" : step.name)  \(num(step.distance)) m")
      }
    }
    lines.append(openStreetMapAttribution)
    return lines.joined(separator: "\n") + "\n"
  }

  static func point(_ c: CLLocationCoordinate2D) -> String {
    "[\(fixed(c.longitude, 6)),\(fixed(c.latitude, 6))]"
  }

  static func num(_ v: Double) -> String { fixed(v, 1) }

  static func fixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "0" }
    let scale = pow(10.0, Double(digits))
    let r = (v * scale).rounded() / scale
    var s = "\(r)"
    if s.contains("e") { s = String(format: "%.\(digits)f", r) }
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          out += String(format: "\\u%04x", u.value)
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}
