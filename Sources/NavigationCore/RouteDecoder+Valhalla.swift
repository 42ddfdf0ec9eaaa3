extension RouteDecoder {
  /// Valhalla's numeric maneuver types mapped onto the OSRM vocabulary.
  static func valhallaManeuver(_ code: Int) -> (ManeuverType, ManeuverDirection?) {
    switch code {
    case 1: return (.depart, nil)
    case 2: return (.depart, .right)
    case 3: return (.depart, .left)
    case 4: return (.arrive, nil)
    case 5: return (.arrive, .right)
    case 6: return (.arrive, .left)
    case 7: return (.newName, .straight)
    case 8: return (.continue, .straight)
    case 9: return (.turn, .slightRight)
    case 10: return (.turn, .right)
    case 11: return (.turn, .sharpRight)
    case 12, 13: return (.turn, .uTurn)
    case 14: return (.turn, .sharpLeft)
    case 15: return (.turn, .left)
    case 16: return (.turn, .slightLeft)
    case 17: return (.onRamp, .straight)
    case 18: return (.onRamp, .right)
    case 19: return (.onRamp, .left)
    case 20: return (.offRamp, .right)
    case 21: return (.offRamp, .left)
    case 22: return (.fork, .straight)
    case 23: return (.fork, .right)
    case 24: return (.fork, .left)
    case 25: return (.merge, nil)
    case 26: return (.roundabout, nil)
    case 27: return (.exitRoundabout, nil)
    case 28, 29: return (.notification, .straight)
    case 37: return (.merge, .right)
    case 38: return (.merge, .left)
    default: return (.other("valhalla:\(code)"), nil)
    }
  }

  static func valhalla(_ root: JSONCursor) throws(RouteDecodingError) -> Route {
    let trip = try root.required("trip")
    if let status = try trip.optionalInt("status"), status != 0 {
      throw .noRoute(
        path: trip.childPath("status"),
        reason: try trip.optionalString("status_message") ?? "status \(status)")
    }
    let units = try trip.optionalString("units") ?? "kilometers"
    let meters: Double
    switch units {
    case "kilometers", "km": meters = 1000
    case "miles", "mi": meters = 1609.344
    default: throw .invalidValue(path: trip.childPath("units"), reason: "unknown units \(units)")
    }
    var waypoints: [Waypoint] = []
    if let list = trip.optional("locations") {
      for c in try list.array() {
        waypoints.append(
          Waypoint(
            location: CLLocationCoordinate2D(
              latitude: try c.required("lat").double(in: -90...90),
              longitude: try c.required("lon").double(in: -180...180)),
            name: try c.optionalString("name") ?? ""))
      }
    }
    let legCursors = try trip.required("legs").array()
    guard !legCursors.isEmpty else {
      throw .invalidValue(path: trip.childPath("legs"), reason: "a trip needs at least one leg")
    }
    var legs: [RouteLeg] = []
    for l in legCursors { legs.append(try valhallaLeg(l, meters: meters)) }
    if waypoints.count == legs.count + 1 {
      for n in legs.indices {
        legs[n].source = waypoints[n]
        legs[n].destination = waypoints[n + 1]
      }
    }
    let summary = try trip.required("summary")
    return Route(
      legs: legs, distance: try summary.quantity("length") * meters,
      expectedTravelTime: try summary.quantity("time"), waypoints: waypoints, source: .valhalla)
  }

  static func valhallaLeg(_ l: JSONCursor, meters: Double) throws(RouteDecodingError) -> RouteLeg {
    let shapeCursor = try l.required("shape")
    let shape: [CLLocationCoordinate2D]
    do { shape = try Polyline.decode(try shapeCursor.string(), precision: 6) } catch let e
      as RouteDecodingError
    {
      throw e
    } catch let e as Polyline.DecodingError {
      throw .invalidPolyline(path: shapeCursor.path, error: e)
    } catch {
      throw .invalidValue(path: shapeCursor.path, reason: "\(error)")
    }
    guard shape.count >= 2 else {
      throw .invalidValue(path: shapeCursor.path, reason: "a leg shape needs at least two points")
    }
    let maneuvers = try l.required("maneuvers").array()
    guard !maneuvers.isEmpty else {
      throw .invalidValue(
        path: l.childPath("maneuvers"), reason: "a leg needs at least one maneuver")
    }
    var steps: [RouteStep] = []
    for (n, m) in maneuvers.enumerated() {
      let begin = try m.required("begin_shape_index").int(in: 0...(shape.count - 1))
      let end = try m.required("end_shape_index").int(in: begin...(shape.count - 1))
      let (type, modifier) = valhallaManeuver(try m.required("type").int(in: 0...1000))
      var geometry = Array(shape[begin...end])
      if geometry.count == 1 { geometry.append(geometry[0]) }
      var maneuver = Maneuver(
        type: type, modifier: modifier,
        bearingBefore: Geodesy.normalized(
          try m.optional("bearing_before")?.double(in: -360...360) ?? 0),
        bearingAfter: Geodesy.normalized(
          try m.optional("bearing_after")?.double(in: -360...360) ?? 0),
        location: shape[begin], instruction: try m.optionalString("instruction"))
      if type == .roundabout {
        maneuver.exit = try m.optional("roundabout_exit_count")?.int(in: 0...1000)
      }
      let names = try m.optional("street_names")?.strings() ?? []
      let distance = try m.quantity("length") * meters
      var step = RouteStep(
        maneuver: maneuver, geometry: geometry, distance: distance,
        expectedTravelTime: try m.quantity("time"), name: names.joined(separator: "/"),
        mode: TransportMode(rawValue: try m.optionalString("travel_mode") ?? "drive"))
      if let post = try m.optionalString("verbal_post_transition_instruction") {
        step.spokenInstructions.append(SpokenInstruction(distanceAlongStep: distance, text: post))
      }
      if n + 1 < maneuvers.count,
        let pre = try maneuvers[n + 1].optionalString("verbal_pre_transition_instruction")
      {
        step.spokenInstructions.append(
          SpokenInstruction(distanceAlongStep: min(distance, 100), text: pre))
      }
      steps.append(step)
    }
    let summary = try l.required("summary")
    return RouteLeg(
      steps: steps, geometry: shape, distance: try summary.quantity("length") * meters,
      expectedTravelTime: try summary.quantity("time"))
  }

  static func geoJSON(_ root: JSONCursor, speed: CLLocationSpeed = 13.9) throws(RouteDecodingError)
    -> Route
  {
    var c = root
    let type = try c.required("type").string()
    if type == "FeatureCollection" {
      let features = try c.required("features").array()
      guard let first = features.first else {
        throw .invalidValue(path: c.childPath("features"), reason: "no features")
      }
      c = first
    }
    if try c.optionalString("type") == "Feature" { c = try c.required("geometry") }
    let geometryType = try c.required("type").string()
    guard geometryType == "LineString" else {
      throw .invalidValue(
        path: c.childPath("type"), reason: "expected LineString, found \(geometryType)")
    }
    var line: [CLLocationCoordinate2D] = []
    for p in try c.required("coordinates").array() { line.append(try p.lonLat()) }
    guard line.count >= 2 else {
      throw .invalidValue(path: c.childPath("coordinates"), reason: "a LineString needs two points")
    }
    return lineRoute(line, times: nil, speed: speed, source: .geoJSON)
  }

  /// A one-leg route along `line`: a depart step covering it and an arrive step at its end.
  static func lineRoute(
    _ line: [CLLocationCoordinate2D], times: [Double]?, speed: CLLocationSpeed, source: RouteSource
  ) -> Route {
    let length = Geodesy.length(of: line)
    var duration = length / max(speed, 0.1)
    if let t = times, let a = t.first, let b = t.last, b > a { duration = b - a }
    let first = line[0]
    let last = line[line.count - 1]
    let depart = RouteStep(
      maneuver: Maneuver(
        type: .depart, bearingAfter: Geodesy.bearing(first, line[1]), location: first),
      geometry: line, distance: length, expectedTravelTime: duration)
    let arrive = RouteStep(
      maneuver: Maneuver(
        type: .arrive, bearingBefore: Geodesy.bearing(line[line.count - 2], last), location: last),
      geometry: [last, last], distance: 0, expectedTravelTime: 0)
    let leg = RouteLeg(steps: [depart, arrive], distance: length, expectedTravelTime: duration)
    return Route(
      legs: [leg], waypoints: [Waypoint(location: first), Waypoint(location: last)], source: source)
  }
}
