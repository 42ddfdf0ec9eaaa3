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
  /// Start and end bearing of each edge (derived).
  var edgeBearings: [Float] = []
  /// For each vertex, the number of edges in its (undirected) connected component (derived).
  var componentEdges: [Int32] = []

  /// Whether an edge lies on a small island of the network (under 50 edges: a yard, a private
  /// loop), which snapping avoids when a bigger road is in reach.
  public func isOnIsland(_ e: Int) -> Bool { componentEdges[Int(edges[e].from)] < 50 }

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

  /// Bearing (degrees) at the start of an edge, leaving its `from` vertex.
  public func startBearing(_ e: Int) -> Double { Double(edgeBearings[2 * e]) }

  /// Bearing (degrees) at the end of an edge, arriving at its `to` vertex.
  public func endBearing(_ e: Int) -> Double { Double(edgeBearings[2 * e + 1]) }

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
