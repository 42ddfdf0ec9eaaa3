extension RouteDecoder {
  static func osrmStep(_ s: JSONCursor, precision: Int) throws(RouteDecodingError) -> RouteStep {
    let m = try s.required("maneuver")
    var maneuver = Maneuver(
      type: ManeuverType(rawValue: try m.required("type").string()),
      modifier: try m.optionalString("modifier").map(ManeuverDirection.init(rawValue:)),
      bearingBefore: try m.optional("bearing_before")?.double(in: -360...360) ?? 0,
      bearingAfter: try m.optional("bearing_after")?.double(in: -360...360) ?? 0,
      location: try m.required("location").lonLat(),
      exit: try m.optional("exit")?.int(in: 0...1000),
      instruction: try m.optionalString("instruction"))
    maneuver.bearingBefore = Geodesy.normalized(maneuver.bearingBefore)
    maneuver.bearingAfter = Geodesy.normalized(maneuver.bearingAfter)
    var shape = try geometry(try s.required("geometry"), precision: precision)
    if shape.isEmpty { shape = [maneuver.location] }
    if shape.count == 1 { shape.append(shape[0]) }
    var step = RouteStep(
      maneuver: maneuver, geometry: shape, distance: try s.quantity("distance"),
      expectedTravelTime: try s.quantity("duration"), name: try s.optionalString("name") ?? "",
      mode: TransportMode(rawValue: try s.optionalString("mode") ?? "driving"))
    step.typicalTravelTime = try s.optionalQuantity("duration_typical")
    step.ref = try s.optionalString("ref")
    step.destinations = try s.optionalString("destinations")
    step.exits = try s.optionalString("exits")
    step.rotaryName = try s.optionalString("rotary_name")
    step.drivingSide = try s.optionalString("driving_side") ?? "right"
    step.speedLimitSign = try s.optionalString("speedLimitSign").map(SpeedLimitSign.init(rawValue:))
    if let u = s.optional("speedLimitUnit") {
      let text = try u.string()
      guard let unit = SpeedUnit(rawValue: text) else {
        throw .invalidValue(path: u.path, reason: "unknown speed unit \(text)")
      }
      step.speedLimitUnit = unit
    }
    if let list = s.optional("intersections") {
      for c in try list.array() { step.intersections.append(try intersection(c)) }
    }
    if let list = s.optional("bannerInstructions") {
      for c in try list.array() {
        step.visualInstructions.append(
          VisualInstruction(
            distanceAlongStep: try c.quantity("distanceAlongGeometry"),
            primary: try bannerLine(try c.required("primary")),
            secondary: try c.optional("secondary").map { (x) throws(RouteDecodingError) in
              try bannerLine(x)
            },
            sub: try c.optional("sub").map { (x) throws(RouteDecodingError) in try bannerLine(x) }))
      }
    }
    if let list = s.optional("voiceInstructions") {
      for c in try list.array() {
        step.spokenInstructions.append(
          SpokenInstruction(
            distanceAlongStep: try c.quantity("distanceAlongGeometry"),
            text: try c.required("announcement").string(),
            ssmlText: try c.optionalString("ssmlAnnouncement")))
      }
    }
    return step
  }

  static func intersection(_ c: JSONCursor) throws(RouteDecodingError) -> Intersection {
    var x = Intersection(location: try c.required("location").lonLat())
    if let b = c.optional("bearings") {
      var bearings: [Int] = []
      for v in try b.array() { bearings.append(try v.int(in: 0...360)) }
      x.bearings = bearings
    }
    if let e = c.optional("entry") {
      var entry: [Bool] = []
      for v in try e.array() { entry.append(try v.bool()) }
      x.entry = entry
    }
    x.inIndex = try c.optional("in")?.int(in: 0...64)
    x.outIndex = try c.optional("out")?.int(in: 0...64)
    x.geometryIndex = try c.optionalInt("geometry_index")
    if let cl = c.optional("classes") { x.classes = try cl.strings() }
    if let t = c.optional("toll_collection") {
      x.tollCollection = TollCollection(
        type: try t.optionalString("type") ?? "toll_booth", name: try t.optionalString("name"))
    }
    if let lanes = c.optional("lanes") {
      var out: [Lane] = []
      for l in try lanes.array() {
        out.append(
          Lane(
            indications: try l.required("indications").strings().map(
              ManeuverDirection.init(rawValue:)),
            valid: try l.optionalBool("valid") ?? false,
            active: try l.optionalBool("active") ?? false,
            validIndication: try l.optionalString("valid_indication").map(
              ManeuverDirection.init(rawValue:))))
      }
      x.lanes = out
    }
    return x
  }

  static func bannerLine(_ c: JSONCursor) throws(RouteDecodingError) -> VisualInstructionLine {
    var line = VisualInstructionLine(
      text: try c.optionalString("text") ?? "",
      maneuverType: try c.optionalString("type").map(ManeuverType.init(rawValue:)),
      maneuverDirection: try c.optionalString("modifier").map(ManeuverDirection.init(rawValue:)),
      degrees: try c.optional("degrees")?.double(in: -360...360))
    if let list = c.optional("components") {
      for p in try list.array() {
        var comp = VisualInstructionComponent(
          type: try p.optionalString("type") ?? "text", text: try p.optionalString("text") ?? "",
          abbreviation: try p.optionalString("abbr"),
          active: try p.optionalBool("active"),
          activeDirection: try p.optionalString("active_direction").map(
            ManeuverDirection.init(rawValue:)))
        if let d = p.optional("directions") {
          comp.directions = try d.strings().map(ManeuverDirection.init(rawValue:))
        }
        line.components.append(comp)
      }
    }
    return line
  }
}
