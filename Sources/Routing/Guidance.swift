import NavigationCore

/// Turns router paths into NavigationCore routes: geometry, steps with maneuvers computed from
/// the road graph (turns, forks, ramps, roundabouts with exit numbers, arrival side),
/// intersections with lanes, and per-segment annotations (distance, duration, speed, maxspeed).
///
/// Instruction text, banners and announcements come from NavigationCore's instruction
/// compiler (the osrm-text-instructions templates) when its data can be found, in English;
/// otherwise each maneuver gets a short built-in English sentence.
public struct Guidance: Sendable {
  /// The graph the paths run on.
  public let graph: RoadGraph
  /// Turn costs and rules (the routing router's, so durations are the ones it minimised).
  let turns: Router

  /// Guidance over a graph.
  public init(graph: RoadGraph) {
    self.graph = graph
    self.turns = Router(graphOnly: graph)
  }

  /// Guidance over a router's graph, with its turn costs.
  public init(router: Router) {
    self.graph = router.graph
    self.turns = router
  }

  /// One piece of a leg: an edge, travelled from `start` to `end` meters.
  struct Piece {
    var edge: Int
    var shape: [CLLocationCoordinate2D]
  }

  /// A route with one leg per path.
  public func route(legs paths: [EdgePath], waypoints: [CLLocationCoordinate2D]) -> Route {
    var legs: [RouteLeg] = []
    var snapped: [Waypoint] = []
    for (i, path) in paths.enumerated() {
      let leg = self.leg(path, destination: waypoints[min(i + 1, waypoints.count - 1)])
      if i == 0, let first = leg.steps.first {
        snapped.append(snappedWaypoint(waypoints.first, at: first))
      }
      if let last = leg.steps.last {
        snapped.append(snappedWaypoint(waypoints[min(i + 1, waypoints.count - 1)], at: last))
      }
      legs.append(leg)
    }
    var route = Route(legs: legs, waypoints: snapped, source: .other)
    if let compiler = Self.compiler {
      route = route.withGeneratedInstructions(language: "en", compiler: compiler)
    }
    for l in route.legs.indices {
      for s in route.legs[l].steps.indices where route.legs[l].steps[s].maneuver.instruction == nil
      {
        let step = route.legs[l].steps[s]
        route.legs[l].steps[s].maneuver.instruction = Self.instruction(
          step.maneuver, name: step.name)
      }
    }
    return route
  }

  /// The waypoint where a leg starts or ends: the snapped point, its road's name, and how far
  /// the requested point was from it.
  func snappedWaypoint(_ requested: CLLocationCoordinate2D?, at step: RouteStep) -> Waypoint {
    let location = step.maneuver.location
    return Waypoint(
      location: location, name: step.name,
      distance: requested.map { Geodesy.distance($0, location) })
  }

  /// The compiler over the default instruction data, loaded once (nil where it is missing).
  static let compiler: InstructionCompiler? = {
    guard let catalog = try? InstructionCatalog.loadDefault() else { return nil }
    return InstructionCompiler(catalog: catalog)
  }()

  /// The travelled part of each edge of a path, in order.
  func pieces(_ path: EdgePath) -> [Piece] {
    path.edges.enumerated().map { i, e in
      var shape = graph.shape(ofEdge: e)
      let length = Double(graph.edges[e].length)
      let from = i == 0 ? path.startOffset : 0
      let to = i == path.edges.count - 1 ? path.endOffset : length
      if from > 0 || to < length { shape = Self.cut(shape, from: from, to: to) }
      return Piece(edge: e, shape: shape)
    }
  }

  /// The part of a line between two distances along it.
  static func cut(
    _ line: [CLLocationCoordinate2D], from: Double, to: Double
  ) -> [CLLocationCoordinate2D] {
    var out: [CLLocationCoordinate2D] = []
    var walked = 0.0
    for k in 0..<(line.count - 1) {
      let d = Geodesy.distance(line[k], line[k + 1])
      let a = walked
      let b = walked + d
      walked = b
      if b < from || a > to { continue }
      let f0 = d > 0 ? max(0, (from - a) / d) : 0
      let f1 = d > 0 ? min(1, (to - a) / d) : 1
      let p0 = Geodesy.interpolate(line[k], line[k + 1], fraction: f0)
      if out.isEmpty || out.last != p0 { out.append(p0) }
      out.append(Geodesy.interpolate(line[k], line[k + 1], fraction: f1))
    }
    if out.isEmpty { out = [line[0]] }
    if out.count == 1 { out.append(out[0]) }
    return out
  }

  func leg(_ path: EdgePath, destination: CLLocationCoordinate2D) -> RouteLeg {
    let pieces = self.pieces(path)
    var geometry: [CLLocationCoordinate2D] = []
    var annotation = RouteLegAnnotation()
    var pieceStart: [Int] = []  // geometry index where each piece starts
    for (k, piece) in pieces.enumerated() {
      let edge = graph.edges[piece.edge]
      let road = graph.roads[Int(edge.road)]
      // The edge's own pace (its speed, with signals and stops along it spread out).
      let secondsPerMeter = edge.length > 0 ? Double(edge.duration / edge.length) : 0
      // The turn onto this edge costs what the router charged for it.
      var turn =
        k > 0 ? Double(turns.turnCost(from: pieces[k - 1].edge, to: piece.edge) ?? 0) : 0
      if !turn.isFinite { turn = 0 }
      var shape = piece.shape[...]
      if let last = geometry.last, last == shape.first { shape = shape.dropFirst() }
      pieceStart.append(max(0, geometry.count - 1))
      for c in shape {
        if let last = geometry.last {
          let d = Geodesy.distance(last, c)
          let seconds = d * secondsPerMeter + turn
          turn = 0
          annotation.distances.append(d)
          annotation.durations.append(seconds)
          annotation.speeds.append(seconds > 0 ? d / seconds : road.speed / 3.6)
          annotation.maxSpeeds.append(road.maxspeed?.speedLimit ?? .unknown)
        }
        geometry.append(c)
      }
    }
    if geometry.count == 1 { geometry.append(geometry[0]) }
    var passed: [(geometryIndex: Int, intersection: Intersection)] = []
    var maneuvers = self.maneuvers(
      pieces, pieceStart: pieceStart, destination: destination, passed: &passed)
    maneuvers.sort { $0.geometryIndex < $1.geometryIndex }
    var steps: [RouteStep] = []
    for (k, m) in maneuvers.enumerated() {
      let end = k + 1 < maneuvers.count ? maneuvers[k + 1].geometryIndex : geometry.count - 1
      let range = m.geometryIndex..<max(end, m.geometryIndex)
      var stepShape = Array(geometry[m.geometryIndex...max(end, m.geometryIndex)])
      if stepShape.count == 1 { stepShape.append(stepShape[0]) }
      let distance = range.reduce(0.0) { $0 + annotation.distances[$1] }
      let duration = range.reduce(0.0) { $0 + annotation.durations[$1] }
      let road = graph.roads[Int(graph.edges[pieces[m.piece].edge].road)]
      var step = RouteStep(
        maneuver: m.maneuver, geometry: stepShape, distance: distance,
        expectedTravelTime: duration, name: road.name)
      step.ref = road.ref
      step.destinations = road.destinations
      if m.maneuver.type == .rotary { step.rotaryName = road.name }
      step.intersections =
        (m.intersection.map { [$0] } ?? [])
        + passed.filter { $0.geometryIndex > m.geometryIndex && $0.geometryIndex < end }
        .map(\.intersection)
      step.speedLimitSign = .vienna
      step.speedLimitUnit = .kilometersPerHour
      steps.append(step)
    }
    let distance = annotation.distances.reduce(0, +)
    let duration = annotation.durations.reduce(0, +)
    var leg = RouteLeg(
      steps: steps, distance: distance, expectedTravelTime: duration,
      summary: summary(pieces))
    leg.annotation = annotation
    return leg
  }

  /// The names of the two longest roads of a leg.
  func summary(_ pieces: [Piece]) -> String {
    var lengths: [String: Double] = [:]
    var order: [String] = []
    for p in pieces {
      let name = graph.roads[Int(graph.edges[p.edge].road)].name
      guard !name.isEmpty else { continue }
      if lengths[name] == nil { order.append(name) }
      lengths[name, default: 0] += Geodesy.length(of: p.shape)
    }
    let top = order.enumerated().sorted {
      (-lengths[$0.element]!, $0.offset) < (-lengths[$1.element]!, $1.offset)
    }.prefix(2).sorted { $0.offset < $1.offset }
    return top.map(\.element).joined(separator: ", ")
  }
}
