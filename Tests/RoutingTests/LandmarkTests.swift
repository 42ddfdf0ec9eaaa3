import Foundation
import NavigationCore
import Testing

@testable import Routing

/// ALT (A* with landmarks) against plain Dijkstra: the same costs on graphs with oneways, turn
/// restrictions, dead-end sinks and a separate component.
@Suite struct LandmarkTests {
  /// A `size` × `size` grid 400 m apart at (lat0, lon0): seeded oneway rows and columns (either
  /// direction), a primary every fourth line, and seeded no-left/only-straight restrictions.
  static func grid(
    size: Int, seed: UInt64, firstNode: Int64 = 1, firstWay: Int64 = 1, lat0: Double = 45,
    lon0: Double = 7
  ) -> OSMData {
    var data = OSMData()
    var rng = SplitMix(seed: seed)
    let dLat = 400 / 111_195.0
    let dLon = dLat / cos(45 * Double.pi / 180)
    func node(_ r: Int, _ c: Int) -> Int64 { firstNode + Int64(r * size + c) }
    for r in 0..<size {
      for c in 0..<size {
        data.nodeIDs.append(node(r, c))
        data.latitudes.append(lat0 + Double(r) * dLat)
        data.longitudes.append(lon0 + Double(c) * dLon)
      }
    }
    var way = firstWay
    for line in 0..<(2 * size) {
      let i = line % size
      let nodes = (0..<size).map { line < size ? node(i, $0) : node($0, i) }
      var tags = ["highway": i % 4 == 0 ? "primary" : "residential"]
      switch rng.next() % 5 {
      case 0: tags["oneway"] = "yes"
      case 1: tags["oneway"] = "-1"
      default: break
      }
      data.ways.append(OSMWay(id: way, nodeIDs: nodes, tags: tags))
      way += 1
    }
    // Restrictions at seeded inner crossings, from a row to a column.
    for k in 0..<(size / 2) {
      let r = 1 + Int(rng.next() % UInt64(size - 2))
      let c = 1 + Int(rng.next() % UInt64(size - 2))
      let kind = k % 2 == 0 ? "no_left_turn" : "only_straight_on"
      let to = kind == "only_straight_on" ? firstWay + Int64(r) : firstWay + Int64(size + c)
      data.relations.append(
        OSMRelation(
          id: firstWay + Int64(k),
          members: [
            OSMMember(type: .way, ref: firstWay + Int64(r), role: "from"),
            OSMMember(type: .node, ref: node(r, c), role: "via"),
            OSMMember(type: .way, ref: to, role: "to"),
          ], tags: ["type": "restriction", "restriction": kind]))
    }
    return data
  }

  /// Checks `count` seeded vertex pairs: ALT and Dijkstra agree on whether a path exists and on
  /// its cost (up to rounding), and the ALT path takes only allowed turns.
  func expectSameCosts(
    _ router: Router, pairs count: Int, seed: UInt64, vertices: [Int]? = nil
  ) -> (routed: Int, unrouted: Int) {
    let graph = router.graph
    let pool = vertices ?? Array(0..<graph.vertexCount)
    var rng = SplitMix(seed: seed)
    var routed = 0
    var unrouted = 0
    for _ in 0..<count {
      let a = pool[Int(rng.next() % UInt64(pool.count))]
      let b = pool[Int(rng.next() % UInt64(pool.count))]
      let sa = router.snap(graph.coordinate(ofVertex: a))
      let sb = router.snap(graph.coordinate(ofVertex: b))
      let x = router.searchPath(from: sa, to: sb)
      let y = router.dijkstraPath(from: sa, to: sb)
      #expect((x == nil) == (y == nil), "\(a) → \(b): ALT \(String(describing: x?.cost))")
      guard let x, let y else {
        unrouted += 1
        continue
      }
      routed += 1
      let slack = 1e-3 + 1e-5 * y.cost
      #expect(abs(x.cost - y.cost) <= slack, "\(a) → \(b): ALT \(x.cost) vs Dijkstra \(y.cost)")
      for (e, f) in zip(x.edges, x.edges.dropFirst()) {
        #expect(graph.edges[e].to == graph.edges[f].from)
        #expect(router.turnCost(from: e, to: f) != nil, "\(a) → \(b) turns \(e) → \(f)")
      }
    }
    return (routed, unrouted)
  }

  @Test func altMatchesDijkstraOnTheRestrictionGrid() throws {
    let graph = RoadGraph.build(from: GridRestrictionTests.data)
    let router = Router(graph: graph, hierarchy: false, landmarks: 4)
    #expect(router.landmarks.count == 4)
    let result = expectSameCosts(router, pairs: 300, seed: 11)
    #expect(result.routed == 300)
  }

  @Test func altMatchesDijkstraOnASeededOnewayGrid() throws {
    let graph = RoadGraph.build(from: Self.grid(size: 16, seed: 3))
    #expect(graph.bannedTurns.count > 0)
    #expect(graph.edges.count < 4 * 16 * 15)  // some lines are oneway
    let router = Router(graph: graph, hierarchy: false, landmarks: 8)
    let result = expectSameCosts(router, pairs: 300, seed: 12)
    #expect(result.routed > 250)
    // With penalties that raise durations (as alternatives use), the bounds still hold.
    var rng = SplitMix(seed: 21)
    var penalties: [Int: Float] = [:]
    for _ in 0..<200 { penalties[Int(rng.next() % UInt64(graph.edges.count))] = 1.6 }
    var changed = 0
    for _ in 0..<60 {
      let sa = router.snap(graph.coordinate(ofVertex: Int(rng.next() % 256)))
      let sb = router.snap(graph.coordinate(ofVertex: Int(rng.next() % 256)))
      let x = router.searchPath(from: sa, to: sb, penalties: penalties)
      let y = router.dijkstraPath(from: sa, to: sb, penalties: penalties)
      #expect((x == nil) == (y == nil))
      if let x, let y { #expect(abs(x.cost - y.cost) <= 1e-3 + 1e-5 * y.cost) }
      if let y, let free = router.dijkstraPath(from: sa, to: sb), y.cost > free.cost + 1 {
        changed += 1
      }
    }
    #expect(changed > 5)  // the penalties matter on these pairs
  }

  @Test func altMatchesDijkstraOnMonaco() throws {
    let engine = try #require(monacoEngine)
    let result = expectSameCosts(engine.router, pairs: 150, seed: 13)
    #expect(result.routed > 100)
  }

  @Test func landmarksAreDeterministicAndOnTheMainComponent() throws {
    var data = Self.grid(size: 10, seed: 4)
    // A separate 8 × 8 grid 20 km north (a component of its own, above the island size).
    let island = Self.grid(size: 8, seed: 5, firstNode: 1_000, firstWay: 1_000, lat0: 45.2)
    data.nodeIDs += island.nodeIDs
    data.latitudes += island.latitudes
    data.longitudes += island.longitudes
    data.ways += island.ways
    data.relations += island.relations
    let graph = RoadGraph.build(from: data)
    let a = Router(graph: graph, hierarchy: false, landmarks: 6)
    let b = Router(graph: graph, hierarchy: false, landmarks: 6)
    #expect(a.landmarks.edges == b.landmarks.edges)
    #expect(a.landmarks.table == b.landmarks.table)
    let main = graph.componentEdges.max()
    for e in a.landmarks.edges {
      #expect(graph.componentEdges[Int(graph.edges[e].from)] == main)
    }
    // Each landmark is at cost 0 from and to itself.
    for (l, e) in a.landmarks.edges.enumerated() {
      #expect(a.landmarks.forward(l, e) == 0)
      #expect(a.landmarks.backward(l, e) == 0)
    }
    // Every pair, within and across the components: ALT agrees with Dijkstra, and the
    // cross-component pairs find no route.
    let result = expectSameCosts(a, pairs: 300, seed: 14)
    #expect(result.unrouted > 50)
    #expect(result.routed > 100)
    // Within the separate grid, where no landmark reaches (no bound but the straight line).
    let islandVertices = (0..<graph.vertexCount).filter {
      graph.componentEdges[$0] != main && !graph.outgoing($0).isEmpty
    }
    #expect(islandVertices.count > 50 && islandVertices.count <= 64)
    let inside = expectSameCosts(a, pairs: 60, seed: 15, vertices: islandVertices)
    #expect(inside.routed > 40)
  }

  @Test func onewaySinkIsReachableButHasNoWayOut() throws {
    var data = GridRestrictionTests.data
    // A oneway spur from the grid's corner to a sink vertex: no landmark can be reached from it.
    data.nodeIDs.append(9_999)
    data.latitudes.append(data.latitudes[0] - 0.004)
    data.longitudes.append(data.longitudes[0])
    data.ways.append(
      OSMWay(
        id: 9_999, nodeIDs: [GridRestrictionTests.node(0, 0), 9_999],
        tags: ["highway": "residential", "oneway": "yes"]))
    let graph = RoadGraph.build(from: data)
    let router = Router(graph: graph, hierarchy: false, landmarks: 4)
    let sink = try #require(graph.nodeIDs.firstIndex(of: 9_999))
    let sinkEdge = try #require(graph.incomingEdges(sink).first)
    for l in 0..<router.landmarks.count {
      #expect(router.landmarks.backward(l, Int(sinkEdge)) == .infinity)
      #expect(router.landmarks.forward(l, Int(sinkEdge)).isFinite)
    }
    let sinkSnap = router.snap(graph.coordinate(ofVertex: sink))
    var rng = SplitMix(seed: 16)
    for _ in 0..<20 {
      let v = Int(rng.next() % UInt64(GridRestrictionTests.size * GridRestrictionTests.size))
      let grid = router.snap(graph.coordinate(ofVertex: v))
      let there = try #require(router.searchPath(from: grid, to: sinkSnap), "\(v) → sink")
      let exact = try #require(router.dijkstraPath(from: grid, to: sinkSnap))
      #expect(abs(there.cost - exact.cost) <= 1e-3 + 1e-5 * exact.cost)
      let sinkStart = router.snap(graph.coordinate(ofVertex: sink))
      let leaving = sinkStart.filter { graph.edges[$0.edge].to == Int32(sink) }
      #expect(router.searchPath(from: leaving, to: grid) == nil)
    }
  }
}
