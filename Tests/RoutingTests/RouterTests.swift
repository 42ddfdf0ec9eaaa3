import Foundation
import NavigationCore
import Testing

@testable import Routing

/// The Monaco engine, built once for all tests.
let monacoEngine: RouteEngine? = try? RouteEngine(mapPath: TestData.osm("monaco.osm.pbf"))

@Suite struct RouterTests {
  @Test func bundledMapIsFoundAndRoutes() throws {
    let path = try #require(RouteEngine.bundledMapPath())
    #expect(path.hasSuffix("monaco.osm.pbf"))
    #expect(openStreetMapAttribution.contains("ODbL 1.0"))
  }

  @Test func routesAreDeterministic() throws {
    let engine = try #require(monacoEngine)
    let a = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
    let b = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    let first = RouteFormatter.osrmJSON([try engine.route(through: [a, b])])
    let second = RouteFormatter.osrmJSON([try engine.route(through: [a, b])])
    #expect(first == second)
  }

  @Test func pathCostMatchesDijkstraWithoutBounds() throws {
    // The A* bounds (straight line, landmarks) must not change the optimum.
    let engine = try #require(monacoEngine)
    let router = engine.router
    var plain = router
    plain.landmarks = Landmarks()
    var rng = SplitMix(seed: 5)
    for _ in 0..<40 {
      let a = router.graph.coordinate(ofVertex: Int(rng.next() % UInt64(router.graph.vertexCount)))
      let b = router.graph.coordinate(ofVertex: Int(rng.next() % UInt64(router.graph.vertexCount)))
      let sa = router.snap(a)
      let sb = router.snap(b)
      let x = router.searchPath(from: sa, to: sb)
      let y = plain.searchPath(from: sa, to: sb)
      let z = router.hierarchyPath(from: sa, to: sb)
      #expect((z == nil) == (y == nil))
      if let z, let y {
        #expect(abs(z.cost - y.cost) < 0.01 * max(1, y.cost), "hierarchy \(z.cost) vs \(y.cost)")
        for (e, f) in zip(z.edges, z.edges.dropFirst()) {
          #expect(router.turnCost(from: e, to: f) != nil)
        }
      }
      #expect((x == nil) == (y == nil))
      if let x, let y { #expect(abs(x.cost - y.cost) < 0.01 * max(1, y.cost)) }
    }
  }
}

/// A 7 × 7 grid of two-way streets 300 m apart, with a oneway row and two turn restrictions,
/// routed by the contraction hierarchy and by plain Dijkstra.
@Suite struct GridRestrictionTests {
  static let size = 7

  static func node(_ r: Int, _ c: Int) -> Int64 { Int64(r * size + c + 1) }

  static let data: OSMData = {
    var data = OSMData()
    let dLat = 300 / 111_195.0
    let dLon = dLat / cos(45 * Double.pi / 180)
    for r in 0..<size {
      for c in 0..<size {
        data.nodeIDs.append(node(r, c))
        data.latitudes.append(45 + Double(r) * dLat)
        data.longitudes.append(7 + Double(c) * dLon)
      }
    }
    for r in 0..<size {
      var tags = ["highway": r == 0 ? "primary" : "residential"]
      if r == 3 { tags["oneway"] = "yes" }
      data.ways.append(
        OSMWay(id: 100 + Int64(r), nodeIDs: (0..<size).map { node(r, $0) }, tags: tags))
    }
    for c in 0..<size {
      data.ways.append(
        OSMWay(
          id: 200 + Int64(c), nodeIDs: (0..<size).map { node($0, c) },
          tags: ["highway": "residential"]))
    }
    data.relations.append(
      OSMRelation(
        id: 1,
        members: [
          OSMMember(type: .way, ref: 102, role: "from"),
          OSMMember(type: .node, ref: node(2, 4), role: "via"),
          OSMMember(type: .way, ref: 204, role: "to"),
        ], tags: ["type": "restriction", "restriction": "no_left_turn"]))
    data.relations.append(
      OSMRelation(
        id: 2,
        members: [
          OSMMember(type: .way, ref: 202, role: "from"),
          OSMMember(type: .node, ref: node(4, 2), role: "via"),
          OSMMember(type: .way, ref: 202, role: "to"),
        ], tags: ["type": "restriction", "restriction": "only_straight_on"]))
    return data
  }()

  @Test func hierarchyHonoursOnewaysAndRestrictions() throws {
    let graph = RoadGraph.build(from: Self.data)
    #expect(graph.bannedTurns.count >= 6)
    let router = Router(graph: graph)
    #expect(router.hierarchySize.nodes == graph.edges.count)
    var plain = Router(graph: graph, hierarchy: false)
    plain.landmarks = Landmarks()
    let oneway = graph.roads.firstIndex { $0.wayID == 103 }
    var usedRestricted = 0
    for a in 0..<graph.vertexCount {
      for b in 0..<graph.vertexCount where a != b && (a + 3 * b) % 4 == 0 {
        let sa = router.snap(graph.coordinate(ofVertex: a))
        let sb = router.snap(graph.coordinate(ofVertex: b))
        let x = try #require(router.path(from: sa, to: sb), "no path \(a) → \(b)")
        let y = try #require(plain.searchPath(from: sa, to: sb))
        #expect(abs(x.cost - y.cost) < 1e-3 * max(1, y.cost), "\(a) → \(b): \(x.cost) vs \(y.cost)")
        for (e, f) in zip(x.edges, x.edges.dropFirst()) {
          #expect(graph.edges[e].to == graph.edges[f].from)
          #expect(!graph.isBanned(from: e, to: f), "\(a) → \(b) turns \(e) → \(f)")
          #expect(router.turnCost(from: e, to: f) != nil)
        }
        for e in x.edges where Int(graph.edges[e].road) == oneway {
          #expect(!graph.edges[e].reversed, "\(a) → \(b) drives against the oneway")
          usedRestricted += 1
        }
      }
    }
    // The oneway row is part of some fastest routes (the check above is not vacuous).
    #expect(usedRestricted > 0)
  }

  @Test func bannedLeftTurnForcesADetour() throws {
    let graph = RoadGraph.build(from: Self.data)
    let router = Router(graph: graph)
    var unrestricted = Self.data
    unrestricted.relations = []
    let free = Router(graph: RoadGraph.build(from: unrestricted))
    // Eastbound on row 2 (between columns 1 and 2) to column 4, row 6: fastest is east to
    // column 4, then north (the banned left turn); with the ban, one more turn is needed.
    let a = graph.coordinate(ofVertex: 2 * Self.size + 1)
    let b = graph.coordinate(ofVertex: 2 * Self.size + 2)
    let from = CLLocationCoordinate2D(
      latitude: a.latitude, longitude: (a.longitude + b.longitude) / 2)
    let to = graph.coordinate(ofVertex: 6 * Self.size + 4)
    let restricted = try #require(
      router.path(from: router.snap(from, heading: 90), to: router.snap(to)))
    let open = try #require(free.path(from: free.snap(from, heading: 90), to: free.snap(to)))
    #expect(restricted.cost > open.cost + 1, "\(restricted.cost) vs \(open.cost)")
    let turns = zip(restricted.edges, restricted.edges.dropFirst())
    #expect(!turns.contains { graph.isBanned(from: $0.0, to: $0.1) })
  }
}
