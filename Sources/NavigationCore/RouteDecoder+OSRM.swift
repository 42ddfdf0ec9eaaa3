extension RouteDecoder {
  static func osrm(
    _ root: JSONCursor, source: RouteSource, precision: Int?
  ) throws(RouteDecodingError) -> [Route] {
    if let code = try root.optionalString("code"), code != "Ok" {
      let message = (try? root.optionalString("message")) ?? nil
      throw RouteDecodingError.noRoute(path: "code", reason: message ?? code)
    }
    let routes = try root.required("routes").array()
    guard !routes.isEmpty else { throw .noRoute(path: "routes", reason: "empty routes array") }
    var waypoints: [Waypoint] = []
    if let list = root.optional("waypoints") {
      for w in try list.array() {
        waypoints.append(
          Waypoint(
            location: try w.required("location").lonLat(), name: try w.optionalString("name") ?? "",
            distance: try w.optionalDouble("distance")))
      }
    }
    var precision = precision ?? 0
    if precision == 0 { precision = try detectPrecision(routes[0], waypoints: waypoints) }
    var out: [Route] = []
    for r in routes {
      out.append(try osrmRoute(r, waypoints: waypoints, source: source, precision: precision))
    }
    return out
  }

  /// Picks 6 when the first shape decoded at 1e-6 lands near the first known location, else 5.
  static func detectPrecision(
    _ route: JSONCursor, waypoints: [Waypoint]
  ) throws(RouteDecodingError) -> Int {
    var reference = waypoints.first?.location
    var encoded: String?
    if let legs = try? route.required("legs").array(), let leg = legs.first,
      let steps = try leg.optional("steps")?.array(), let step = steps.first
    {
      if let loc = try? step.required("maneuver").required("location").lonLat() { reference = loc }
      if case .string(let s)? = step.value["geometry"], !s.isEmpty { encoded = s }
    }
    if encoded == nil, case .string(let s)? = route.value["geometry"] { encoded = s }
    guard let text = encoded, let ref = reference else { return 6 }
    if let p6 = try? Polyline.decode(text, precision: 6), let first = p6.first,
      Geodesy.distance(first, ref) < 5_000
    {
      return 6
    }
    return 5
  }

  static func geometry(
    _ c: JSONCursor, precision: Int
  ) throws(RouteDecodingError) -> [CLLocationCoordinate2D] {
    switch c.value {
    case .string(let s):
      do { return try Polyline.decode(s, precision: precision) } catch {
        throw .invalidPolyline(path: c.path, error: error)
      }
    case .object:
      var out: [CLLocationCoordinate2D] = []
      for p in try c.required("coordinates").array() { out.append(try p.lonLat()) }
      return out
    default:
      throw c.mismatch("encoded polyline or GeoJSON LineString")
    }
  }

  static func osrmRoute(
    _ r: JSONCursor, waypoints: [Waypoint], source: RouteSource, precision: Int
  ) throws(RouteDecodingError) -> Route {
    let legCursors = try r.required("legs").array()
    guard !legCursors.isEmpty else {
      throw .invalidValue(path: r.childPath("legs"), reason: "a route needs at least one leg")
    }
    var legs: [RouteLeg] = []
    for l in legCursors { legs.append(try osrmLeg(l, precision: precision)) }
    if legs.contains(where: { $0.steps.isEmpty }) {
      guard let g = r.optional("geometry") else {
        throw .missingField(path: r.childPath("geometry"))
      }
      let shape = try geometry(g, precision: precision)
      guard shape.count >= 2 else {
        throw .invalidValue(path: g.path, reason: "a route shape needs at least two points")
      }
      split(shape, into: &legs)
    }
    for (n, leg) in legs.enumerated() where leg.geometry.count < 2 {
      throw .invalidValue(
        path: "\(legCursors[n].path).steps", reason: "the leg's shape has fewer than two points")
    }
    if waypoints.count == legs.count + 1 {
      for n in legs.indices {
        legs[n].source = waypoints[n]
        legs[n].destination = waypoints[n + 1]
      }
    }
    var route = Route(
      legs: legs, distance: try r.quantity("distance"),
      expectedTravelTime: try r.quantity("duration"), waypoints: waypoints, source: source)
    route.typicalTravelTime = try r.optionalQuantity("duration_typical")
    route.voiceLocale = try r.optionalString("voiceLocale")
    return route
  }

  /// Gives step-less legs their part of the route's shape, split by the legs' distances.
  static func split(_ shape: [CLLocationCoordinate2D], into legs: inout [RouteLeg]) {
    var cumulative = [0.0]
    cumulative.reserveCapacity(shape.count)
    for i in 1..<shape.count {
      cumulative.append(cumulative[i - 1] + Geodesy.distance(shape[i - 1], shape[i]))
    }
    let declared = legs.reduce(0) { $0 + $1.distance }
    let scale = declared > 0 ? (cumulative.last ?? 0) / declared : 0
    var start = 0
    var target = 0.0
    for n in legs.indices {
      target += legs[n].distance * scale
      var end = start + 1
      if n == legs.count - 1 {
        end = shape.count - 1
      } else {
        while end < shape.count - 1, cumulative[end] < target - 0.5 { end += 1 }
      }
      end = min(max(end, start + 1), shape.count - 1)
      if legs[n].steps.isEmpty { legs[n].geometry = Array(shape[start...end]) }
      start = min(end, shape.count - 2)
    }
  }

  static func osrmLeg(_ l: JSONCursor, precision: Int) throws(RouteDecodingError) -> RouteLeg {
    var steps: [RouteStep] = []
    if let s = l.optional("steps") {
      for c in try s.array() { steps.append(try osrmStep(c, precision: precision)) }
    }
    var leg = RouteLeg(
      steps: steps, distance: try l.quantity("distance"),
      expectedTravelTime: try l.quantity("duration"),
      summary: try l.optionalString("summary") ?? "")
    leg.typicalTravelTime = try l.optionalQuantity("duration_typical")
    if let a = l.optional("annotation") { leg.annotation = try annotation(a) }
    if let list = l.optional("incidents") {
      for i in try list.array() {
        leg.incidents.append(
          Incident(
            identifier: try i.optionalString("id") ?? "", type: try i.optionalString("type") ?? "",
            description: try i.optionalString("description"),
            impact: try i.optionalString("impact"),
            geometryIndexStart: try i.optionalInt("geometry_index_start"),
            geometryIndexEnd: try i.optionalInt("geometry_index_end")))
      }
    }
    if let list = l.optional("notifications") {
      for i in try list.array() {
        var details: String?
        if let d = i.optional("details") {
          if case .string(let s) = d.value {
            details = s
          } else {
            details = try d.optionalString("message")
          }
        }
        leg.notifications.append(
          RouteNotification(
            type: try i.optionalString("type") ?? "", subtype: try i.optionalString("subtype"),
            details: details, geometryIndexStart: try i.optionalInt("geometry_index_start"),
            geometryIndexEnd: try i.optionalInt("geometry_index_end")))
      }
    }
    return leg
  }

  static func annotation(_ a: JSONCursor) throws(RouteDecodingError) -> RouteLegAnnotation {
    var out = RouteLegAnnotation()
    if let c = a.optional("distance") {
      for x in try c.array() { out.distances.append(try x.double(in: 0...1e9)) }
    }
    if let c = a.optional("duration") {
      for x in try c.array() { out.durations.append(try x.double(in: 0...1e9)) }
    }
    if let c = a.optional("speed") {
      for x in try c.array() { out.speeds.append(try x.double(in: 0...1e4)) }
    }
    if let c = a.optional("maxspeed") {
      for x in try c.array() {
        if try x.optionalBool("unknown") == true {
          out.maxSpeeds.append(.unknown)
        } else if try x.optionalBool("none") == true {
          out.maxSpeeds.append(.none)
        } else {
          let value = try x.required("speed").double(in: 0...1000)
          let unitText = try x.optionalString("unit") ?? "km/h"
          guard let unit = SpeedUnit(rawValue: unitText) else {
            throw .invalidValue(path: x.childPath("unit"), reason: "unknown speed unit \(unitText)")
          }
          out.maxSpeeds.append(.known(value: value, unit: unit))
        }
      }
    }
    if let c = a.optional("congestion") {
      for x in try c.array() { out.congestion.append(CongestionLevel(rawValue: try x.string())) }
    }
    if let c = a.optional("congestion_numeric") {
      for x in try c.array() {
        out.congestionNumeric.append(x.value == .null ? nil : try x.int(in: 0...100))
      }
    }
    return out
  }
}
