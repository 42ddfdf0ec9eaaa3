import NavigationCore

extension Guidance {
  /// A maneuver placed on the leg's geometry.
  struct PlacedManeuver {
    var maneuver: Maneuver
    var geometryIndex: Int
    var piece: Int
    var intersection: Intersection?
  }

  /// The direction for a turn angle (degrees, positive to the right).
  static func direction(_ angle: Double) -> ManeuverDirection {
    let a = abs(angle)
    if a < 20 { return .straight }
    if a > 170 { return .uTurn }
    let right = angle > 0
    if a < 60 { return right ? .slightRight : .slightLeft }
    if a < 140 { return right ? .right : .left }
    return right ? .sharpRight : .sharpLeft
  }

  static func turnAngle(_ before: Double, _ after: Double) -> Double {
    var a = after - before
    while a > 180 { a -= 360 }
    while a <= -180 { a += 360 }
    return a
  }

  /// Outgoing edges at the end of `inEdge` that a car may take (no U-turn, no banned turn).
  func options(after inEdge: Int) -> [Int] {
    let router = turns
    return graph.outgoing(Int(graph.edges[inEdge].to)).filter { out in
      let e = graph.edges[out]
      let a = graph.edges[inEdge]
      let uTurn = e.to == a.from && e.road == a.road && e.shapeStart == a.shapeStart
      return !uTurn && router.turnCost(from: inEdge, to: out) != nil
    }
  }

  func maneuvers(
    _ pieces: [Piece], pieceStart: [Int], destination: CLLocationCoordinate2D,
    passed: inout [(geometryIndex: Int, intersection: Intersection)]
  ) -> [PlacedManeuver] {
    var out: [PlacedManeuver] = []
    let first = pieces[0]
    let departBearing = Geodesy.bearing(first.shape[0], first.shape[min(1, first.shape.count - 1)])
    out.append(
      PlacedManeuver(
        maneuver: Maneuver(
          type: .depart, bearingBefore: 0, bearingAfter: departBearing.rounded(),
          location: first.shape[0]), geometryIndex: 0, piece: 0, intersection: nil))
    var i = 1
    while i < pieces.count {
      let a = pieces[i - 1].edge
      let b = pieces[i].edge
      let ra = graph.roads[Int(graph.edges[a].road)]
      let rb = graph.roads[Int(graph.edges[b].road)]
      let before = graph.endBearing(a)
      let after = graph.startBearing(b)
      let angle = Self.turnAngle(before, after)
      let choices = options(after: a)
      var type: ManeuverType?
      var modifier = Self.direction(angle)
      var exit: Int?
      if rb.isRoundabout && !ra.isRoundabout {
        exit = 0
        var k = i
        while k < pieces.count, graph.roads[Int(graph.edges[pieces[k].edge].road)].isRoundabout {
          let exits = options(after: pieces[k].edge).filter {
            !graph.roads[Int(graph.edges[$0].road)].isRoundabout
          }
          if !exits.isEmpty { exit = (exit ?? 0) + 1 }
          k += 1
        }
        if k == pieces.count { exit = nil }
        let exitName =
          k < pieces.count ? graph.roads[Int(graph.edges[pieces[k].edge].road)].name : ""
        let named = !rb.name.isEmpty && rb.name != ra.name && rb.name != exitName
        type = named ? .rotary : .roundabout
        let outBearing =
          k < pieces.count ? graph.startBearing(pieces[k].edge) : after
        modifier = Self.direction(Self.turnAngle(before, outBearing))
      } else if ra.isRoundabout && rb.isRoundabout {
        type = nil
      } else if ra.isRoundabout {
        type =
          out.last { $0.maneuver.type == .rotary || $0.maneuver.type == .roundabout }?
            .maneuver.type == .rotary ? .exitRotary : .exitRoundabout
      } else if rb.isLink && !ra.isLink
        && (ra.isHighway || rb.highway.hasPrefix("motorway")
          || rb.highway.hasPrefix("trunk"))
      {
        type = ra.isHighway ? .offRamp : .onRamp
      } else if ra.isLink && !rb.isLink && rb.isHighway {
        type = .merge
        modifier = angle > 0 ? .slightRight : .slightLeft
      } else {
        type = classify(a, b, ra, rb, angle, choices)
        if type == .fork {
          let others = choices.filter { $0 != b }.map {
            Self.turnAngle(before, graph.startBearing($0))
          }
          modifier = others.allSatisfy { $0 > angle } ? .slightLeft : .slightRight
        }
      }
      if let type {
        let v = Int(graph.edges[a].to)
        var maneuver = Maneuver(
          type: type, modifier: modifier, bearingBefore: before.rounded(),
          bearingAfter: after.rounded(), location: graph.coordinate(ofVertex: v), exit: exit)
        if type == .newName || type == .continue, modifier == .uTurn { maneuver.type = .turn }
        out.append(
          PlacedManeuver(
            maneuver: maneuver, geometryIndex: pieceStart[i], piece: i,
            intersection: intersection(a, b, modifier)))
      } else if graph.outgoing(Int(graph.edges[a].to)).count > 1 || ra.turnLanesForward != nil {
        passed.append((pieceStart[i], intersection(a, b, .straight)))
      }
      i += 1
    }
    let last = pieces[pieces.count - 1]
    let end = last.shape[last.shape.count - 1]
    let endBearing = Geodesy.bearing(last.shape[max(0, last.shape.count - 2)], end)
    let side = Self.turnAngle(endBearing, Geodesy.bearing(end, destination))
    let geometryEnd = pieceStart[pieces.count - 1] + last.shape.count - 1
    out.append(
      PlacedManeuver(
        maneuver: Maneuver(
          type: .arrive,
          modifier: Geodesy.distance(end, destination) < 1
            ? .straight : (side > 0 ? .right : .left),
          bearingBefore: endBearing.rounded(), bearingAfter: 0, location: end),
        geometryIndex: geometryEnd, piece: pieces.count - 1, intersection: nil))
    return out
  }

  /// Turn, continue, new name, fork, end of road, or nothing, at an ordinary intersection.
  func classify(
    _ a: Int, _ b: Int, _ ra: RoadAttributes, _ rb: RoadAttributes, _ angle: Double,
    _ choices: [Int]
  ) -> ManeuverType? {
    let renamed = ra.name != rb.name || ra.ref != rb.ref
    let before = graph.endBearing(a)
    let minor = ["service", "living_street"]
    let others = choices.filter {
      $0 != b
        && (minor.contains(ra.highway)
          || !minor.contains(graph.roads[Int(graph.edges[$0].road)].highway))
    }.map { Self.turnAngle(before, graph.startBearing($0)) }
    if others.isEmpty {
      if renamed { return abs(angle) > 45 ? .turn : .newName }
      return abs(angle) > 100 ? .continue : nil
    }
    if abs(angle) < 30 {
      let nearStraight = others.filter { abs($0) < 45 }
      let continues = !ra.name.isEmpty && ra.name == rb.name
      if !nearStraight.isEmpty, !continues, nearStraight.allSatisfy({ abs($0 - angle) > 10 }) {
        return .fork
      }
      return renamed ? .newName : nil
    }
    let roadContinues = others.contains { abs($0) < 45 }
    if !roadContinues, others.allSatisfy({ abs($0) > 60 }),
      others.contains(where: {
        ($0 > 0) != (angle > 0)
      })
    {
      return .endOfRoad
    }
    return renamed ? .turn : .continue
  }

  /// The intersection at the end of `a`, entered by `b`, with lanes when tagged.
  func intersection(_ a: Int, _ b: Int, _ modifier: ManeuverDirection) -> Intersection {
    let v = Int(graph.edges[a].to)
    let router = turns
    var roads: [(bearing: Int, entry: Bool, edge: Int)] = []
    for out in graph.outgoing(v) {
      roads.append(
        (
          Int(graph.startBearing(out).rounded()) % 360, router.turnCost(from: a, to: out) != nil,
          out
        ))
    }
    for inEdge in graph.incomingEdges(v) {
      let back = (Int((graph.endBearing(Int(inEdge)) + 180).rounded())) % 360
      if !roads.contains(where: { abs($0.bearing - back) <= 1 }) {
        roads.append((back, false, -1 - Int(inEdge)))
      }
    }
    roads.sort { ($0.bearing, $0.edge) < ($1.bearing, $1.edge) }
    let backIn = Int((graph.endBearing(a) + 180).rounded()) % 360
    let inIndex = roads.indices.min {
      Geodesy.angleDifference(Double(roads[$0].bearing), Double(backIn))
        < Geodesy.angleDifference(Double(roads[$1].bearing), Double(backIn))
    }
    let outIndex = roads.firstIndex { $0.edge == b }
    let road = graph.roads[Int(graph.edges[a].road)]
    let tagged = graph.edges[a].reversed ? road.turnLanesBackward : road.turnLanesForward
    let lanes = tagged.map { lanes in
      lanes.map { indications in
        let valid =
          indications.contains(modifier)
          || (modifier == .straight && indications.contains(.none))
          || (modifier == .slightLeft && indications.contains(.left))
          || (modifier == .slightRight && indications.contains(.right))
        return Lane(
          indications: indications, valid: valid, active: valid,
          validIndication: valid ? modifier : nil)
      }
    }
    return Intersection(
      location: graph.coordinate(ofVertex: v), bearings: roads.map(\.bearing),
      entry: roads.map(\.entry), inIndex: inIndex, outIndex: outIndex, lanes: lanes,
      classes: [road.isTunnel ? "tunnel" : nil, road.highway == "motorway" ? "motorway" : nil]
        .compactMap { $0 })
  }

  /// A short English instruction (a fallback until the instruction compiler replaces it).
  static func instruction(_ m: Maneuver, name: String) -> String {
    let onto = name.isEmpty ? "" : " onto \(name)"
    let dir = m.modifier?.rawValue ?? ""
    switch m.type {
    case .depart: return "Head out\(name.isEmpty ? "" : " on \(name)")"
    case .arrive:
      return "You have arrived" + (dir == "left" || dir == "right" ? ", on the \(dir)" : "")
    case .roundabout, .rotary:
      return "Enter the roundabout and take the \(ordinal(m.exit ?? 1)) exit\(onto)"
    case .exitRoundabout, .exitRotary: return "Exit the roundabout\(onto)"
    case .fork: return "Keep \(dir.replacingOccurrences(of: "slight ", with: ""))\(onto)"
    case .merge: return "Merge\(onto)"
    case .onRamp, .offRamp: return "Take the ramp\(onto)"
    case .newName, .continue: return "Continue\(onto)"
    default: return dir == "uturn" ? "Make a U-turn\(onto)" : "Turn \(dir)\(onto)"
    }
  }

  static func ordinal(_ n: Int) -> String {
    let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd"][min(n % 10, 4) % 4]
    return "\(n)\(n % 10 > 3 || n % 10 == 0 ? "th" : suffix)"
  }
}
