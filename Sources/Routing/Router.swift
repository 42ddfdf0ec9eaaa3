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
  /// Per vertex: 2 s when it has traffic signals, else 0.
  let signalCost: [Float]
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
  public init(graph: RoadGraph, hierarchy: Bool = true, landmarks: Int = 8) {
    self.graph = graph
    self.index = SpatialIndex(graph: graph)
    self.maxSpeed = (graph.roads.map(\.speed).max() ?? 50) / 3.6
    var signals = [Float](repeating: 0, count: graph.vertexCount)
    for v in graph.trafficSignals where Int(v) < signals.count { signals[Int(v)] = 2 }
    self.signalCost = signals
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
  init(graphOnly graph: RoadGraph) {
    self.graph = graph
    self.index = SpatialIndex(empty: ())
    self.maxSpeed = 1
    var signals = [Float](repeating: 0, count: graph.vertexCount)
    for v in graph.trafficSignals where Int(v) < signals.count { signals[Int(v)] = 2 }
    self.signalCost = signals
    self.landmarks = Landmarks()
    self.hierarchy = ContractionHierarchy()
  }

  /// Seconds added for turning from `inEdge` to `outEdge`, nil when the turn is not allowed.
  public func turnCost(from inEdge: Int, to outEdge: Int) -> Float? {
    let a = graph.edges[inEdge]
    let b = graph.edges[outEdge]
    let v = Int(a.to)
    if !graph.bannedTurns.isEmpty, graph.isBanned(from: inEdge, to: outEdge) { return nil }
    var cost: Float = signalCost[v]
    if b.to == a.from, b.road == a.road, b.shapeStart == a.shapeStart {
      // A U-turn along the same road: only at a dead end.
      return graph.outgoing(v).count == 1 ? cost + 20 : nil
    }
    var angle = graph.startBearing(outEdge) - graph.endBearing(inEdge)
    while angle > 180 { angle -= 360 }
    while angle <= -180 { angle += 360 }
    let sharpness = Float(abs(angle) / 180)
    if abs(angle) > 20 {
      // Right-hand traffic: left turns cross the oncoming lane and cost more.
      cost += (angle > 0 ? 6 : 9) * sharpness * sharpness.squareRoot() + 1
    }
    return cost
  }

  /// ``turnCost(from:to:)`` from the table (infinity when banned); `out` must leave the end
  /// vertex of `inEdge`, whose first outgoing edge is `firstOut`.
  @inline(__always)
  func tableTurnCost(from inEdge: Int, to out: Int, firstOut: Int) -> Float {
    if turnTable.isEmpty { return turnCost(from: inEdge, to: out) ?? .infinity }
    return turnTable[Int(turnStart[inEdge]) + out - firstOut]
  }

  /// Snaps a coordinate to the nearest drivable edges (both directions of a two-way road).
  ///
  /// - Parameter candidates: When above 1, the that many nearest edges instead of those
  ///   within 5 m of the nearest.
  public func snap(
    _ coordinate: CLLocationCoordinate2D, heading: Double? = nil, radius: Double = 250,
    candidates: Int = 1
  ) -> [EdgeSnap] {
    var snaps = index.nearest(coordinate, in: graph, radius: radius, heading: heading)
    if snaps.isEmpty, heading != nil {
      snaps = index.nearest(coordinate, in: graph, radius: radius)
    }
    let mainland = snaps.filter { !graph.isOnIsland($0.edge) }
    if !mainland.isEmpty { snaps = mainland }
    guard let nearest = snaps.first else { return [] }
    if candidates > 1 { return Array(snaps.prefix(candidates)) }
    return snaps.filter { $0.distance <= nearest.distance + 5 }
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
    let goal = targets.first?.coordinate ?? CLLocationCoordinate2D()
    let cosLat = cos(goal.latitude * .pi / 180)
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
      let dy = (graph.latitudes[v] - goal.latitude) * 111_195
      let dx = (graph.longitudes[v] - goal.longitude) * 111_195 * cosLat
      let straight = Float((dx * dx + dy * dy).squareRoot() / maxSpeed)
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
    bytes += g.bannedTurns.count * 8 + g.trafficSignals.count * 4
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
