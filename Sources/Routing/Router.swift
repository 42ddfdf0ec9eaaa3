import NavigationCore

/// Why the router could not route.
public enum RoutingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A waypoint has no drivable road within the snap radius (index into the waypoints).
  case offMap(waypoint: Int, latitude: Double, longitude: Double)
  /// No path joins two waypoints (a leg index).
  case noRoute(leg: Int)
  /// Fewer than two waypoints.
  case tooFewWaypoints

  /// A message that says what and where.
  public var description: String {
    switch self {
    case .offMap(let i, let lat, let lon):
      return "waypoint \(i) (\(lat),\(lon)) is not near any drivable road on the map"
    case .noRoute(let leg): return "no drivable route for leg \(leg)"
    case .tooFewWaypoints: return "a route needs at least two waypoints"
    }
  }
}

/// Fastest paths by car on a ``RoadGraph``: edge-based, so turn costs, U-turns and turn
/// restrictions are exact. Plain queries use the contraction hierarchy when there is one, else
/// ALT: A* whose bound is the larger of the straight line at the fastest speed on the map and
/// the landmark (triangle inequality) bound from the ``activeLandmarks`` best landmarks.
public struct Router: Sendable {
  /// The graph routed on.
  public let graph: RoadGraph
  /// The nearest-edge index.
  public let index: SpatialIndex
  let maxSpeed: Double
  /// Per vertex: the seconds lost passing it (``RoadGraph/delay(atVertex:)``).
  let signalCost: [Float]
  /// Per vertex: how many roads meet there (distinct undirected edges), capped at 255.
  let roadCount: [UInt8]
  /// Whether traffic keeps left (turns to the right cross oncoming traffic).
  public let leftHandTraffic: Bool
  /// Per edge: where its turns start in `turnTable` (one per outgoing edge of its end vertex).
  var turnStart: [Int32] = []
  /// Every turn's cost (``turnCost(from:to:)``), infinity for a banned one; empty in a router
  /// built for turn costs only.
  var turnTable: [Float] = []
  /// Landmark distances for A* lower bounds.
  var landmarks: Landmarks
  /// How many landmarks a query uses: those giving the largest bound at its start.
  public var activeLandmarks = 4
  /// The contraction hierarchy for plain queries.
  var hierarchy: ContractionHierarchy

  /// A router over `graph`.
  ///
  /// - Parameters:
  ///   - hierarchy: Whether to contract the graph for fast queries (about 0.1 s for a city
  ///     extract, but it grows quickly on large uniform grids: see ``ContractionHierarchy``;
  ///     without it queries use A* with landmarks).
  ///   - landmarks: How many ALT landmarks to precompute (two searches over the edges each, and
  ///     8 bytes per edge each); 0 leaves A* with the straight-line bound only.
  ///   - leftHandTraffic: Whether traffic keeps left, which makes right turns the costly
  ///     ones.
  public init(
    graph: RoadGraph, hierarchy: Bool = true, landmarks: Int = 8, leftHandTraffic: Bool = false
  ) {
    self.graph = graph
    self.index = SpatialIndex(graph: graph)
    var fastest = 1.0
    for e in graph.edges where e.duration > 0 && e.length.isFinite {
      fastest = max(fastest, Double(e.length / e.duration))
    }
    self.maxSpeed = fastest
    (self.signalCost, self.roadCount) = Self.vertexTables(graph)
    self.leftHandTraffic = leftHandTraffic
    self.landmarks = Landmarks()
    self.hierarchy = ContractionHierarchy()
    var starts = [Int32](repeating: 0, count: graph.edges.count + 1)
    var table: [Float] = []
    for e in 0..<graph.edges.count {
      starts[e] = Int32(table.count)
      for out in graph.outgoing(Int(graph.edges[e].to)) {
        table.append(turnCost(from: e, to: out) ?? .infinity)
      }
    }
    starts[graph.edges.count] = Int32(table.count)
    self.turnStart = starts
    self.turnTable = table
    self.landmarks = Landmarks(router: self, count: landmarks)
    if hierarchy { self.hierarchy = ContractionHierarchy(router: self) }
  }

  /// A router without a spatial index, for turn costs only.
  init(graphOnly graph: RoadGraph, leftHandTraffic: Bool = false) {
    self.graph = graph
    self.index = SpatialIndex(empty: ())
    self.maxSpeed = 1
    (self.signalCost, self.roadCount) = Self.vertexTables(graph)
    self.leftHandTraffic = leftHandTraffic
    self.landmarks = Landmarks()
    self.hierarchy = ContractionHierarchy()
  }

  /// Per vertex, the delay passing it and how many roads meet there.
  static func vertexTables(_ graph: RoadGraph) -> ([Float], [UInt8]) {
    var delays = [Float](repeating: 0, count: graph.vertexCount)
    for v in graph.trafficSignals where v >= 0 && Int(v) < delays.count { delays[Int(v)] += 2 }
    for (v, d) in zip(graph.delayVertices, graph.delaySeconds)
    where v >= 0 && Int(v) < delays.count && d >= 0 {
      delays[Int(v)] += d
    }
    var roads = [UInt8](repeating: 0, count: graph.vertexCount)
    var seen: [Int32] = []
    for v in 0..<graph.vertexCount {
      seen.removeAll(keepingCapacity: true)
      for e in graph.outgoing(v) { seen.append(graph.edges[e].shapeStart) }
      for e in graph.incomingEdges(v) { seen.append(graph.edges[Int(e)].shapeStart) }
      roads[v] = UInt8(min(255, Set(seen).count))
    }
    return (delays, roads)
  }

  /// Seconds added for turning from `inEdge` to `outEdge`, nil when the turn is not allowed.
  ///
  /// As OSRM's car profile (car.lua `process_turn`): the delay at the vertex (signals 2 s, stop
  /// 2 s, give way 1 s, gate 60 s); at a junction of more than two roads, or for a U-turn, a
  /// sigmoid of the angle up to 7.5 s, biased so turns away from oncoming traffic cost less,
  /// plus up to 2 s for a turn across oncoming traffic (not in roundabouts); a U-turn adds 20 s
  /// and is allowed only at a dead end or a barrier. Banned turns and passing a barrier are nil.
  public func turnCost(from inEdge: Int, to outEdge: Int) -> Float? {
    let a = graph.edges[inEdge]
    let b = graph.edges[outEdge]
    let v = Int(a.to)
    if !graph.bannedTurns.isEmpty, graph.isBanned(from: inEdge, to: outEdge) { return nil }
    var cost: Float = signalCost[v]
    let barrier = cost == .infinity
    let uTurn = b.to == a.from && b.shapeStart == a.shapeStart
    if uTurn {
      // Only at a dead end (no other way on) or in front of a barrier.
      guard barrier || graph.outgoing(v).count == 1 else { return nil }
      cost = barrier ? 0 : cost
    } else if barrier {
      return nil
    }
    var angle = Float(graph.startBearing(outEdge) - graph.endBearing(inEdge))
    while angle > 180 { angle -= 360 }
    while angle <= -180 { angle += 360 }
    if uTurn { angle = leftHandTraffic ? -180 : 180 }
    guard roadCount[v] > 2 || uTurn else { return cost }
    // Positive angles turn right; with left-hand traffic the bias mirrors.
    let bias: Float = leftHandTraffic ? 1 / 1.075 : 1.075
    let x = abs(angle) / 180
    if angle >= 0 {
      cost += 7.5 / (1 + exp(-(13 / bias * x - 6.5 * bias)))
    } else {
      cost += 7.5 / (1 + exp(-(13 * bias * x - 6.5 / bias)))
    }
    let crossesOncoming = leftHandTraffic ? angle > 0 : angle < 0
    if crossesOncoming, !uTurn, !graph.roads[Int(a.road)].isRoundabout,
      !graph.roads[Int(b.road)].isRoundabout
    {
      cost += 2 / (1 + exp(-(13 * x - 3.25)))
    }
    if uTurn { cost += 20 }
    return cost
  }

  /// ``turnCost(from:to:)`` from the table (infinity when banned); `out` must leave the end
  /// vertex of `inEdge`, whose first outgoing edge is `firstOut`.
  @inline(__always)
  func tableTurnCost(from inEdge: Int, to out: Int, firstOut: Int) -> Float {
    if turnTable.isEmpty { return turnCost(from: inEdge, to: out) ?? .infinity }
    return turnTable[Int(turnStart[inEdge]) + out - firstOut]
  }

  /// The default snap radius in meters: Valhalla's default search cutoff (35 km). OSRM has
  /// none; a point farther than this from every road is off the map.
  public static let defaultSnapRadius: Double = 35_000

  /// Snaps a coordinate to the nearest drivable edges (both directions of a two-way road), by
  /// projection onto the edges' shapes, as OSRM and Valhalla do.
  ///
  /// The answer holds the nearest edge and every edge within 5 m of it; when the nearest lies
  /// on a small island of the network (``RoadGraph/isOnIsland(_:)``: a yard, a private loop),
  /// also the nearest edges of the main network within the radius, so a route can always
  /// start on a road that reaches the rest of the map.
  ///
  /// - Parameters:
  ///   - heading: Prefer edges whose travel direction is within 60° of it (any edge when none
  ///     is).
  ///   - radius: The farthest a road may be, meters; nothing farther is snapped to.
  ///   - candidates: When above 1, the that many nearest edges instead of those within 5 m of
  ///     the nearest.
  public func snap(
    _ coordinate: CLLocationCoordinate2D, heading: Double? = nil,
    radius: Double = Router.defaultSnapRadius, candidates: Int = 1
  ) -> [EdgeSnap] {
    let limit = max(candidates, 1)
    let slack = candidates > 1 ? 0.0 : 5.0
    func nearest(_ heading: Double?, _ accept: ((Int) -> Bool)?) -> [EdgeSnap] {
      let found = index.nearest(
        coordinate, in: graph, radius: radius, heading: heading, limit: limit, slack: slack,
        where: accept)
      guard found.isEmpty, heading != nil else { return found }
      return index.nearest(
        coordinate, in: graph, radius: radius, limit: limit, slack: slack, where: accept)
    }
    var snaps = nearest(heading, nil)
    if snaps.contains(where: { graph.isOnIsland($0.edge) }) {
      let mainland = nearest(heading) { !graph.isOnIsland($0) }
      snaps += mainland.filter { m in !snaps.contains { $0.edge == m.edge } }
    }
    return snaps
  }

  /// The fastest path between two snapped positions.
  ///
  /// - Parameter penalties: Multipliers on some edges' durations (used for alternatives).
  public func path(
    from sources: [EdgeSnap], to targets: [EdgeSnap], penalties: [Int: Float] = [:]
  ) -> EdgePath? {
    if penalties.isEmpty, !hierarchy.isEmpty {
      return hierarchyPath(from: sources, to: targets)
    }
    return searchPath(from: sources, to: targets, penalties: penalties)
  }

  /// The fastest path by A* (landmark and straight-line bounds); honours `penalties`.
  public func searchPath(
    from sources: [EdgeSnap], to targets: [EdgeSnap], penalties: [Int: Float] = [:]
  ) -> EdgePath? {
    var settled = 0
    return searchPath(from: sources, to: targets, penalties: penalties, settled: &settled)
  }

  /// How many landmarks the router keeps, and the bytes of their tables.
  public var landmarkSize: (count: Int, bytes: Int) { (landmarks.count, landmarks.byteCount) }

  /// ``searchPath(from:to:penalties:)`` that also counts the edges it settled.
  public func searchPath(
    from sources: [EdgeSnap], to targets: [EdgeSnap], penalties: [Int: Float] = [:],
    settled: inout Int
  ) -> EdgePath? {
    search(from: sources, to: targets, penalties: penalties, bounded: true, settled: &settled)
  }

  /// The fastest path by plain Dijkstra (no bounds, exact keys), the reference for tests.
  func dijkstraPath(
    from sources: [EdgeSnap], to targets: [EdgeSnap], penalties: [Int: Float] = [:]
  ) -> EdgePath? {
    var settled = 0
    return search(
      from: sources, to: targets, penalties: penalties, bounded: false, settled: &settled)
  }

  private func search(
    from sources: [EdgeSnap], to targets: [EdgeSnap], penalties: [Int: Float], bounded: Bool,
    settled: inout Int
  ) -> EdgePath? {
    let edgeCount = graph.edges.count
    var dist = [Float](repeating: .infinity, count: edgeCount)
    var parent = [Int32](repeating: -1, count: edgeCount)
    var heap = EdgeHeap()
    // The straight-line bound is to the nearest of the targets (they may lie apart: an island
    // snap and the main network's).
    var goals: [CLLocationCoordinate2D] = []
    for t in targets where !goals.contains(where: { Geodesy.distance($0, t.coordinate) < 1 }) {
      goals.append(t.coordinate)
    }
    if goals.isEmpty { goals = [CLLocationCoordinate2D()] }
    let cosLat = cos(goals[0].latitude * .pi / 180)
    func duration(_ e: Int) -> Float {
      graph.edges[e].duration * (penalties.isEmpty ? 1 : penalties[e] ?? 1)
    }
    func fraction(_ e: Int, _ offset: Double) -> Float {
      let length = graph.edges[e].length
      return length > 0 ? Float(offset) / length : 0
    }
    // Landmark costs are for unpenalized durations: still lower bounds when penalties only
    // raise durations (alternatives use 1.6), not when some lower them.
    let useLandmarks =
      bounded && !landmarks.isEmpty && penalties.values.allSatisfy { $0 >= 1 }
    let alt =
      useLandmarks
      ? landmarks.query(
        sources: sources.map(\.edge),
        targets: targets.map {
          ($0.edge, (1 - fraction($0.edge, $0.offset)) * graph.edges[$0.edge].duration)
        }, active: activeLandmarks)
      : Landmarks.Query()
    func bound(_ e: Int) -> Float {
      guard bounded else { return 0 }
      let v = Int(graph.edges[e].to)
      var nearest = Double.infinity
      for goal in goals {
        let dy = (graph.latitudes[v] - goal.latitude) * 111_195
        let dx = (graph.longitudes[v] - goal.longitude) * 111_195 * cosLat
        nearest = min(nearest, dx * dx + dy * dy)
      }
      let straight = Float(nearest.squareRoot() / maxSpeed)
      // Infinity (no target reachable from `e`) keeps `e` out of the heap.
      return useLandmarks ? max(straight, landmarks.bound(e, alt)) : straight
    }
    var best: Float = .infinity
    var bestEnd: (edge: Int, offset: Double, parent: Int)?
    var targetList: [(edge: Int, offset: Double)] = []
    for t in targets where !targetList.contains(where: { $0.edge == t.edge }) {
      targetList.append((t.edge, t.offset))
    }
    func targetOffset(_ e: Int) -> Double? {
      for t in targetList where t.edge == e { return t.offset }
      return nil
    }
    for s in sources {
      let cost = (1 - fraction(s.edge, s.offset)) * duration(s.edge)
      if cost < dist[s.edge] {
        dist[s.edge] = cost
        let h = bound(s.edge)
        heap.push(cost + h, Int32(s.edge), tie: h)
      }
      if let t = targetOffset(s.edge), t >= s.offset {
        let direct = (fraction(s.edge, t) - fraction(s.edge, s.offset)) * duration(s.edge)
        if direct < best {
          best = direct
          bestEnd = (s.edge, t, -1)
        }
      }
    }
    while let (key, item, h) = heap.popWithTie() {
      let e = Int(item)
      if key >= best { break }
      let base = dist[e]
      // A stale entry (the edge was reached more cheaply since); the bound is its tie.
      if key > base + h { continue }
      settled += 1
      let outs = graph.outgoing(Int(graph.edges[e].to))
      for out in outs {
        let turn = tableTurnCost(from: e, to: out, firstOut: outs.lowerBound)
        if turn == .infinity { continue }
        let atStart = base + turn
        if let t = targetOffset(out) {
          let candidate = atStart + fraction(out, t) * duration(out)
          if candidate < best {
            best = candidate
            bestEnd = (out, t, e)
          }
        }
        let cost = atStart + duration(out)
        if cost < dist[out] {
          dist[out] = cost
          parent[out] = Int32(e)
          let h = bound(out)
          if cost + h < best { heap.push(cost + h, Int32(out), tie: h) }
        }
      }
    }
    guard let end = bestEnd else { return nil }
    var edges = [end.edge]
    if end.parent >= 0 {
      var e = end.parent
      var guardCount = 0
      while e >= 0, guardCount <= edgeCount {
        edges.append(e)
        if sources.contains(where: { $0.edge == e }) && dist[e] == sourceCost(e, sources, duration)
        {
          break
        }
        e = Int(parent[e])
        guardCount += 1
      }
      edges.reverse()
    }
    let start = sources.first { $0.edge == edges[0] }?.offset ?? 0
    return EdgePath(edges: edges, startOffset: start, endOffset: end.offset, cost: Double(best))
  }

  private func sourceCost(
    _ e: Int, _ sources: [EdgeSnap], _ duration: (Int) -> Float
  ) -> Float {
    guard let s = sources.first(where: { $0.edge == e }) else { return -1 }
    let length = graph.edges[e].length
    return (1 - (length > 0 ? Float(s.offset) / length : 0)) * duration(e)
  }
}

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension Router {
  /// Approximate bytes held by the graph, the spatial index and the landmark tables.
  public var memoryFootprint: Int {
    let g = graph
    var bytes = (g.latitudes.count + g.longitudes.count + g.nodeIDs.count) * 8
    bytes += g.edges.count * MemoryLayout<RoadEdge>.stride
    bytes += (g.firstOut.count + g.firstIn.count + g.incoming.count) * 4
    bytes += (g.shapeLatitudes.count + g.shapeLongitudes.count) * 8
    bytes += g.bannedTurns.count * 8 + g.trafficSignals.count * 4 + roadCount.count
    bytes += g.delayVertices.count * 8
    bytes += g.edgeBearings.count * 4 + g.componentEdges.count * 4 + signalCost.count * 4
    bytes += g.roads.reduce(0) {
      $0 + MemoryLayout<RoadAttributes>.stride + $1.name.utf8.count + $1.highway.utf8.count
        + ($1.ref?.utf8.count ?? 0) + ($1.destinations?.utf8.count ?? 0)
    }
    bytes += index.entries.count * 8 + index.cellStart.count * 4
    bytes += landmarks.byteCount + (turnStart.count + turnTable.count) * 4
    let arc = MemoryLayout<ContractionHierarchy.Arc>.stride
    bytes += (hierarchy.upArcs.count + hierarchy.downArcs.count) * arc
    bytes += (hierarchy.upFirst.count + hierarchy.downFirst.count + hierarchy.rank.count) * 4
    return bytes
  }
}
