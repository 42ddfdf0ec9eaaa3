import NavigationCore

/// What a road is, shared by all edges made from one OSM way.
public struct RoadAttributes: Sendable, Hashable {
  /// The OSM way id.
  public var wayID: Int64
  /// The `highway` class (`primary`, `residential`, `motorway_link`, …).
  public var highway: String
  /// `name`, or empty.
  public var name: String
  /// `ref`, when tagged.
  public var ref: String?
  /// `destination` (or `destination:forward`), when tagged.
  public var destinations: String?
  /// `maxspeed`, parsed, when tagged.
  public var maxspeed: SpeedLimitValue?
  /// The speed used for routing, km/h.
  public var speed: Double
  /// `lanes`, when tagged.
  public var lanes: Int?
  /// `turn:lanes` (forward direction), parsed, when tagged.
  public var turnLanesForward: [[ManeuverDirection]]?
  /// `turn:lanes:backward`, parsed, when tagged.
  public var turnLanesBackward: [[ManeuverDirection]]?
  /// Part of a roundabout (`junction=roundabout` or `circular`).
  public var isRoundabout: Bool
  /// `tunnel=yes` (or other non-`no` values).
  public var isTunnel: Bool
  /// `bridge=yes` (or other non-`no` values).
  public var isBridge: Bool
  /// A toll road: `toll=yes` (or `toll:motorcar`, `toll:motor_vehicle`).
  public var isToll = false
  /// A car ferry (`route=ferry` open to motor vehicles).
  public var isFerry = false

  /// Whether the class is a `*_link` ramp.
  public var isLink: Bool { highway.hasSuffix("_link") }

  /// Whether the class is `motorway` or `trunk` (not their links).
  public var isHighway: Bool { highway == "motorway" || highway == "trunk" }
}

/// A directed edge between two graph vertices, along one OSM way.
public struct RoadEdge: Sendable, Hashable {
  /// Start vertex.
  public var from: Int32
  /// End vertex.
  public var to: Int32
  /// Index into ``RoadGraph/roads``.
  public var road: Int32
  /// Start of the edge's shape in ``RoadGraph/shapeLatitudes`` (includes both end vertices).
  public var shapeStart: Int32
  /// Number of shape points.
  public var shapeCount: Int32
  /// Whether the shape is read backwards (the edge runs against the way).
  public var reversed: Bool
  /// Length in meters.
  public var length: Float
  /// Travel time in seconds.
  public var duration: Float
}

/// A road graph for cars: vertices at intersections and way ends, directed edges carrying
/// geometry and a road's attributes, turn restrictions as banned edge pairs.
///
/// Build one with ``RoadGraph/build(from:)``; save and load with ``RoadGraph/serialized()``
/// and ``RoadGraph/init(serialized:)``.
public struct RoadGraph: Sendable {
  /// Vertex latitudes.
  public var latitudes: [Double] = []
  /// Vertex longitudes.
  public var longitudes: [Double] = []
  /// OSM node id of each vertex.
  public var nodeIDs: [Int64] = []
  /// Directed edges, grouped by `from` vertex.
  public var edges: [RoadEdge] = []
  /// For vertex `v`, its outgoing edges are `firstOut[v]..<firstOut[v+1]`.
  public var firstOut: [Int32] = []
  /// Incoming edges of each vertex: `incoming[firstIn[v]..<firstIn[v+1]]` are edge indices.
  public var firstIn: [Int32] = []
  /// Incoming edge indices, grouped by `to` vertex.
  public var incoming: [Int32] = []
  /// Shape point latitudes, shared by edges.
  public var shapeLatitudes: [Double] = []
  /// Shape point longitudes.
  public var shapeLongitudes: [Double] = []
  /// Road attributes by index.
  public var roads: [RoadAttributes] = []
  /// Banned turns `(inEdge << 32) | outEdge` (from `no_*` and `only_*` restrictions), sorted.
  public var bannedTurns: [UInt64] = []
  /// Vertices with `highway=traffic_signals`, sorted.
  public var trafficSignals: [Int32] = []
  /// Vertices where a car loses time other than at signals (stop, give way, gate: see
  /// ``RoadTags/nodeDelay(_:signals:)``) or cannot pass (a barrier), sorted; parallel to
  /// ``delaySeconds``.
  public var delayVertices: [Int32] = []
  /// Seconds lost at each of ``delayVertices`` (infinity: only a U-turn is possible there).
  public var delaySeconds: [Float] = []
  /// Start and end bearing of each edge (derived).
  var edgeBearings: [Float] = []
  /// For each vertex, the number of edges in its (undirected) connected component (derived).
  var componentEdges: [Int32] = []

  /// For each vertex, its strongly connected part (derived; ids index `strongEdges`).
  var strongComponent: [Int32] = []
  /// For each strongly connected part, the edges inside it (derived).
  var strongEdges: [Int32] = []
  /// The largest of `strongEdges` (derived).
  var largestStrongEdges: Int32 = 0

  /// Whether an edge lies on an island of the network, which snapping never relies on alone
  /// (OSRM's "tiny components"): it is not inside a strongly connected part (a oneway into a
  /// dead end), or its part has under 50 edges (a yard, a private loop) or under a quarter of
  /// the largest part's (roads an extract cut off from the rest at its boundary, oneways that
  /// only lead out).
  public func isOnIsland(_ e: Int) -> Bool {
    let a = strongComponent[Int(edges[e].from)]
    guard a == strongComponent[Int(edges[e].to)] else { return true }
    let size = strongEdges[Int(a)]
    return size < 50 || size < largestStrongEdges / 4
  }

  /// An empty graph.
  public init() {}

  /// The number of vertices.
  public var vertexCount: Int { latitudes.count }

  /// The coordinate of a vertex.
  public func coordinate(ofVertex v: Int) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitudes[v], longitude: longitudes[v])
  }

  /// The outgoing edge indices of a vertex.
  public func outgoing(_ v: Int) -> Range<Int> { Int(firstOut[v])..<Int(firstOut[v + 1]) }

  /// The incoming edge indices of a vertex.
  public func incomingEdges(_ v: Int) -> ArraySlice<Int32> {
    incoming[Int(firstIn[v])..<Int(firstIn[v + 1])]
  }

  /// The shape of an edge in travel direction.
  public func shape(ofEdge e: Int) -> [CLLocationCoordinate2D] {
    let edge = edges[e]
    let start = Int(edge.shapeStart)
    var out = (start..<(start + Int(edge.shapeCount))).map {
      CLLocationCoordinate2D(latitude: shapeLatitudes[$0], longitude: shapeLongitudes[$0])
    }
    if edge.reversed { out.reverse() }
    return out
  }

  /// Whether turning from `inEdge` to `outEdge` is banned by a restriction.
  public func isBanned(from inEdge: Int, to outEdge: Int) -> Bool {
    let key = UInt64(inEdge) << 32 | UInt64(outEdge)
    var lo = 0
    var hi = bannedTurns.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if bannedTurns[mid] < key { lo = mid + 1 } else { hi = mid }
    }
    return lo < bannedTurns.count && bannedTurns[lo] == key
  }

  /// Whether a vertex has traffic signals.
  public func hasTrafficSignal(_ v: Int) -> Bool {
    var lo = 0
    var hi = trafficSignals.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if trafficSignals[mid] < Int32(v) { lo = mid + 1 } else { hi = mid }
    }
    return lo < trafficSignals.count && trafficSignals[lo] == Int32(v)
  }

  /// Seconds lost passing vertex `v`: 2 at traffic signals, plus its entry in
  /// ``delaySeconds`` (infinity at a barrier).
  public func delay(atVertex v: Int) -> Float {
    var cost: Float = hasTrafficSignal(v) ? 2 : 0
    var lo = 0
    var hi = delayVertices.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if delayVertices[mid] < Int32(v) { lo = mid + 1 } else { hi = mid }
    }
    if lo < delayVertices.count, delayVertices[lo] == Int32(v), lo < delaySeconds.count {
      cost += delaySeconds[lo]
    }
    return cost
  }

  /// Bearing (degrees) at the start of an edge, leaving its `from` vertex.
  public func startBearing(_ e: Int) -> Double { Double(edgeBearings[2 * e]) }

  /// Bearing (degrees) at the end of an edge, arriving at its `to` vertex.
  public func endBearing(_ e: Int) -> Double { Double(edgeBearings[2 * e + 1]) }

  /// Tarjan's strongly connected components of the vertices along the directed edges
  /// (iterative), as a component id per vertex.
  func stronglyConnectedComponents() -> [Int32] {
    let n = vertexCount
    var index = [Int32](repeating: -1, count: n)
    var low = [Int32](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n)
    var component = [Int32](repeating: -1, count: n)
    var stack: [Int32] = []
    var calls: [(vertex: Int, next: Int)] = []
    var counter: Int32 = 0
    var components: Int32 = 0
    func open(_ v: Int) {
      index[v] = counter
      low[v] = counter
      counter += 1
      stack.append(Int32(v))
      onStack[v] = true
      calls.append((v, Int(firstOut[v])))
    }
    for start in 0..<n where index[start] < 0 {
      open(start)
      while let (v, next) = calls.last {
        if next < Int(firstOut[v + 1]) {
          calls[calls.count - 1].next = next + 1
          let w = Int(edges[next].to)
          if index[w] < 0 {
            open(w)
          } else if onStack[w] {
            low[v] = min(low[v], index[w])
          }
          continue
        }
        calls.removeLast()
        if let parent = calls.last { low[parent.vertex] = min(low[parent.vertex], low[v]) }
        if low[v] == index[v] {
          while let w = stack.popLast() {
            onStack[Int(w)] = false
            component[Int(w)] = components
            if Int(w) == v { break }
          }
          components += 1
        }
      }
    }
    return component
  }

  /// Recomputes derived arrays (bearings, incoming lists) from the stored ones.
  mutating func finalize() {
    edgeBearings = []
    edgeBearings.reserveCapacity(edges.count * 2)
    for e in edges.indices {
      let s = shape(ofEdge: e)
      edgeBearings.append(Float(Geodesy.bearing(s[0], s[min(1, s.count - 1)])))
      edgeBearings.append(Float(Geodesy.bearing(s[max(0, s.count - 2)], s[s.count - 1])))
    }
    var parent = Array(0..<vertexCount)
    func root(_ v: Int) -> Int {
      var v = v
      while parent[v] != v {
        parent[v] = parent[parent[v]]
        v = parent[v]
      }
      return v
    }
    for edge in edges {
      let a = root(Int(edge.from))
      let b = root(Int(edge.to))
      if a != b { parent[max(a, b)] = min(a, b) }
    }
    var sizes = [Int32](repeating: 0, count: vertexCount)
    for edge in edges { sizes[root(Int(edge.from))] += 1 }
    componentEdges = (0..<vertexCount).map { sizes[root($0)] }
    strongComponent = stronglyConnectedComponents()
    strongEdges = [Int32](repeating: 0, count: Int(strongComponent.max() ?? -1) + 1)
    for edge in edges where strongComponent[Int(edge.from)] == strongComponent[Int(edge.to)] {
      strongEdges[Int(strongComponent[Int(edge.from)])] += 1
    }
    largestStrongEdges = strongEdges.max() ?? 0
    var counts = [Int32](repeating: 0, count: vertexCount + 1)
    for edge in edges { counts[Int(edge.to) + 1] += 1 }
    for v in 0..<vertexCount { counts[v + 1] += counts[v] }
    firstIn = counts
    var fill = counts
    incoming = [Int32](repeating: 0, count: edges.count)
    for (e, edge) in edges.enumerated() {
      incoming[Int(fill[Int(edge.to)])] = Int32(e)
      fill[Int(edge.to)] += 1
    }
  }
}
