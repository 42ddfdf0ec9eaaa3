import Foundation
import NavigationCore
import Testing

@testable import OSM
@testable import Routing

/// Snapping as OSRM and Valhalla do: to the nearest point of the nearest road (by projection),
/// within a radius (Valhalla's 35 km by default), reporting how far the point moved; and route
/// choice that does not turn around in a dead end to leave in the other direction.
@Suite struct SnappingTests {
  /// Points off the road network (Port Hercule, the sea)
  /// snap to the nearest road and route; the reported snap distance is the straight distance
  /// from the point to the snapped location.
  @Test func pointsAwayFromRoadsSnapAndRoute() throws {
    let engine = try #require(monacoEngine)
    let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    for (point, least) in [
      (CLLocationCoordinate2D(latitude: 43.7340, longitude: 7.4250), 50.0),  // Port Hercule
      (CLLocationCoordinate2D(latitude: 43.7300, longitude: 7.4300), 200.0),  // the sea
    ] {
      let route = try engine.route(through: [point, casino])
      let w = try #require(route.waypoints.first)
      let d = try #require(w.distance)
      #expect(d >= least, "\(point): snapped \(d) m")
      #expect(abs(d - Geodesy.distance(point, w.location)) < 0.5)
      // The snapped point is the nearest point of any road: no edge is nearer.
      let nearest = engine.router.index.nearest(point, in: engine.router.graph, radius: 5_000)
      #expect(abs((nearest.first?.distance ?? -1) - d) < 1, "\(point)")
    }
  }

  /// Snapping projects onto the edge: a point beside the middle of a long edge snaps to the
  /// edge's middle, not to the nearer of its end vertices.
  /// The index's answers are every edge in reach, by exact projection: its cheap planar
  /// first test drops no edge the exact test keeps (checked against all segments of the map
  /// for noisy points along Monaco's streets, at the map matcher's 40 m and at 200 m).
  @Test func nearestFindsEveryEdgeInReach() throws {
    let engine = try #require(monacoEngine)
    let graph = engine.router.graph
    var generator = SystemRandomNumberGenerator()
    var checked = 0
    for _ in 0..<25 {
      let edge = graph.edges[Int.random(in: 0..<graph.edges.count, using: &generator)]
      let k = Int(edge.shapeStart)
      let point = CLLocationCoordinate2D(
        latitude: graph.shapeLatitudes[k] + Double.random(in: -0.0004...0.0004),
        longitude: graph.shapeLongitudes[k] + Double.random(in: -0.0004...0.0004))
      for radius in [40.0, 200.0] {
        var expected: [Int: Double] = [:]
        for (e, candidate) in graph.edges.enumerated() {
          let start = Int(candidate.shapeStart)
          for s in 0..<max(0, Int(candidate.shapeCount) - 1) {
            let a = CLLocationCoordinate2D(
              latitude: graph.shapeLatitudes[start + s],
              longitude: graph.shapeLongitudes[start + s])
            let b = CLLocationCoordinate2D(
              latitude: graph.shapeLatitudes[start + s + 1],
              longitude: graph.shapeLongitudes[start + s + 1])
            let d = Geodesy.project(point, ontoSegmentFrom: a, to: b).distance
            if d <= radius { expected[e] = min(expected[e] ?? .infinity, d) }
          }
        }
        let found = engine.router.index.nearest(point, in: graph, radius: radius)
        #expect(Set(found.map(\.edge)) == Set(expected.keys), "\(point) within \(radius) m")
        for snap in found {
          #expect(abs(snap.distance - (expected[snap.edge] ?? -1)) < 1e-6)
        }
        checked += expected.count
      }
    }
    #expect(checked > 100)
  }

  @Test func snapsByProjectionNotToNodes() throws {
    let engine = try #require(monacoEngine)
    let graph = engine.router.graph
    let e = try #require(
      graph.edges.indices.max { graph.edges[$0].length < graph.edges[$1].length })
    let shape = graph.shape(ofEdge: e)
    let mid = Geodesy.interpolate(shape[shape.count / 2 - 1], shape[shape.count / 2], fraction: 0.5)
    let off = CLLocationCoordinate2D(latitude: mid.latitude + 0.000_1, longitude: mid.longitude)
    let snaps = engine.router.snap(off)
    let s = try #require(snaps.first)
    #expect(s.distance < 12)
    let ends = [shape.first!, shape.last!].map { Geodesy.distance(off, $0) }
    #expect(s.distance < ends.min()! - 1)
  }

  /// The radius is a hard limit per waypoint in the engine; farther points are off the map
  /// (`navui route --snap-radius`: `RouteCommandTests.snapRadiusLimitsSnapping`).
  @Test func radiusLimitsSnapping() throws {
    let engine = try #require(monacoEngine)
    let sea = CLLocationCoordinate2D(latitude: 43.7300, longitude: 7.4300)
    let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
    #expect(throws: RoutingError.self) {
      try engine.route(through: [sea, casino], radii: [100, nil])
    }
    #expect(try engine.route(through: [sea, casino], radii: [nil, 100]).distance > 500)
    var near = engine
    near.snapRadius = 50
    #expect(
      throws: RoutingError.offMap(waypoint: 0, latitude: sea.latitude, longitude: sea.longitude)
    ) {
      try near.route(through: [sea, casino])
    }
  }

  /// The Helsinki case: from the corner of Kaivokatu and Mannerheimintie the nearest
  /// edge leads west on a oneway; OSRM (and we, before) drove 176 m into a dead end, turned
  /// around and came back. Starting on Mannerheimintie 12 m away goes straight there.
  @Test func helsinkiStartAvoidsDeadEndUTurn() throws {
    let engine = try RouteEngine(mapPath: TestData.osm("helsinki-center.osm.pbf"))
    let route = try engine.route(through: [
      CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384),
      CLLocationCoordinate2D(latitude: 60.1675, longitude: 24.9525),
    ])
    let steps = route.legs[0].steps
    #expect(!steps.contains { (s: RouteStep) in s.maneuver.modifier == ManeuverDirection.uTurn })
    #expect(route.distance < 1_100, "\(route.distance)")
    #expect(route.expectedTravelTime < 250)
    #expect(steps.first?.name == "Mannerheimintie")
    // No consecutive edges of the path turn around.
    let path = try engine.paths(through: [
      CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9384),
      CLLocationCoordinate2D(latitude: 60.1675, longitude: 24.9525),
    ])[0]
    let graph = engine.router.graph
    for (x, y) in zip(path.edges, path.edges.dropFirst()) {
      #expect(graph.edges[y].shapeStart != graph.edges[x].shapeStart)
    }
  }

  /// Points whose nearest roads an extract cut off from the network, or that only lead out of
  /// it, snap to the main network too (OSRM's big component): these pairs of the agreement
  /// test got "no drivable route" although OSRM routes them (its distance in meters given).
  @Test(arguments: [
    (43.725548, 7.453763, 43.756394, 7.393456, 10_542.0),
    (43.759200, 7.406654, 43.755799, 7.396482, 1_587.0),
    (43.715359, 7.428547, 43.756037, 7.392788, 10_489.0),
    (43.740236, 7.436801, 43.751917, 7.396529, 8_322.0),
    (43.760468, 7.365966, 43.724913, 7.388103, 7_457.0),
  ])
  func pointsNearCutOffRoadsRoute(
    fromLatitude: Double, fromLongitude: Double, toLatitude: Double, toLongitude: Double,
    osrmDistance: Double
  ) throws {
    let engine = try #require(monacoEngine)
    let route = try engine.route(through: [
      CLLocationCoordinate2D(latitude: fromLatitude, longitude: fromLongitude),
      CLLocationCoordinate2D(latitude: toLatitude, longitude: toLongitude),
    ])
    #expect(abs(route.distance - osrmDistance) <= 0.15 * osrmDistance, "\(route.distance)")
  }

  /// The strongly connected parts: a oneway that leads into a dead end (reachable, never left)
  /// is on an island, so a point beside it also snaps to a road that leads somewhere.
  @Test func onewayDeadEndIsAnIsland() throws {
    var data = OSMData()
    for i in 0..<4 {
      data.appendNode(id: Int64(i + 1), latitude: 43.73, longitude: 7.42 + Double(i) * 0.001)
    }
    data.ways = [
      OSMWay(id: 1, nodeIDs: [1, 2, 3], tags: ["highway": "residential"]),
      OSMWay(id: 2, nodeIDs: [3, 4], tags: ["highway": "residential", "oneway": "yes"]),
    ]
    let graph = RoadGraph.build(from: data)
    let oneway = try #require(
      graph.edges.indices.first { graph.roads[Int(graph.edges[$0].road)].wayID == 2 })
    #expect(graph.isOnIsland(oneway))
  }
}
