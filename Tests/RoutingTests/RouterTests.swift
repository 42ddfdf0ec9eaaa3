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
