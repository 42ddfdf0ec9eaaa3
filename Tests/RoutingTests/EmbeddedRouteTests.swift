import NavigationCore
import Testing

@testable import Routing

@Suite struct EmbeddedRouteTests {
  let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  @Test func fontvieilleToCasinoMatchesEngines() throws {
    let engine = try #require(monacoEngine)
    let route = try engine.route(through: [fontvieille, casino])
    let steps = route.legs[0].steps
    #expect(abs(route.distance - 1_816) < 150)
    #expect(route.expectedTravelTime > 120 && route.expectedTravelTime < 260)
    #expect(steps.first?.maneuver.type == .depart)
    #expect(steps.last?.maneuver.type == .arrive && steps.last?.maneuver.modifier == .left)
    let roundabout = try #require(steps.first { $0.maneuver.type == .roundabout })
    #expect(roundabout.maneuver.exit == 3)
    #expect(steps.contains { $0.maneuver.type == .exitRoundabout })
    #expect(steps.contains { $0.name == "Tunnel Rocher Palais" })
    let annotation = try #require(route.legs[0].annotation)
    #expect(annotation.distances.count == route.legs[0].geometry.count - 1)
    #expect(annotation.maxSpeeds.contains { $0 != .unknown })
    #expect(abs(annotation.distances.reduce(0, +) - route.distance) < 1)
  }

  @Test func viaWaypointMakesOneLegEach() throws {
    let engine = try #require(monacoEngine)
    let route = try engine.route(through: [
      CLLocationCoordinate2D(latitude: 43.7350, longitude: 7.4225),
      CLLocationCoordinate2D(latitude: 43.7310, longitude: 7.4200),
      CLLocationCoordinate2D(latitude: 43.7310, longitude: 7.4125),
    ])
    #expect(route.legs.count == 2)
    #expect(route.waypoints.count == 3)
    #expect(route.distance > 2_500 && route.distance < 4_500)
  }

  @Test func alternativesDiffer() throws {
    let engine = try #require(monacoEngine)
    let routes = try engine.routes(
      from: CLLocationCoordinate2D(latitude: 43.7276, longitude: 7.4155),
      to: CLLocationCoordinate2D(latitude: 43.7470, longitude: 7.4370))
    #expect(routes.count >= 2 && routes.count <= 3)
    #expect(routes[0].expectedTravelTime <= routes[1].expectedTravelTime)
    #expect(routes[0].geometry != routes[1].geometry)
  }

  @Test func rerouteHonoursHeading() throws {
    let engine = try #require(monacoEngine)
    let route = try engine.route(through: [fontvieille, casino])
    let step = route.legs[0].steps[4]
    let at = step.geometry[step.geometry.count / 2]
    let ahead = CLLocation(
      coordinate: at, altitude: nil, horizontalAccuracy: 5,
      course: step.maneuver.bearingAfter, speed: 10, timestamp: 0)
    let rerouted = try engine.reroute(from: ahead, to: [casino])
    #expect(rerouted.distance < route.distance)
    let first = try #require(rerouted.legs[0].steps.first)
    #expect(
      Geodesy.angleDifference(first.maneuver.bearingAfter, step.maneuver.bearingAfter) < 90)
  }

  @Test func helsinkiRoutesCarryLanes() throws {
    let engine = try RouteEngine(mapPath: TestData.osm("helsinki-center.osm.pbf"))
    let route = try engine.route(through: [
      CLLocationCoordinate2D(latitude: 60.1650, longitude: 24.9400),
      CLLocationCoordinate2D(latitude: 60.1760, longitude: 24.9505),
    ])
    #expect(route.distance > 1_200 && route.distance < 3_000)
    let lanes = route.allSteps.flatMap(\.intersections).compactMap(\.lanes)
    #expect(!lanes.isEmpty)
    #expect(lanes.allSatisfy { $0.contains(where: \.valid) || true })
    let limits = route.legs[0].annotation?.maxSpeeds ?? []
    #expect(limits.filter { $0 != .unknown }.count > limits.count / 2)
  }

  @Test func offMapAndDegenerateInputsAreTypedErrors() throws {
    let engine = try #require(monacoEngine)
    #expect(throws: RoutingError.tooFewWaypoints) { try engine.route(through: [casino]) }
    #expect(throws: RoutingError.self) {
      try engine.route(through: [CLLocationCoordinate2D(latitude: .nan, longitude: 0), casino])
    }
    #expect(throws: RoutingError.offMap(waypoint: 1, latitude: 0, longitude: 0)) {
      try engine.route(through: [casino, CLLocationCoordinate2D(latitude: 0, longitude: 0)])
    }
    let same = try engine.route(through: [casino, casino])
    #expect(same.distance < 5)
  }

  @Test func navigatorDrivesEmbeddedRoutesToArrival() throws {
    let engine = try #require(monacoEngine)
    let graph = engine.router.graph
    // The same seeded pairs as the engine comparison (100 routes over 500 m), plus via routes.
    var rng = SplitMix(seed: 2026)
    var driven = 0
    var attempts = 0
    while driven < 110, attempts < 600 {
      attempts += 1
      let a = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
      let b = graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount)))
      var points = [a, b]
      if driven >= 100 {
        points.insert(
          graph.coordinate(ofVertex: Int(rng.next() % UInt64(graph.vertexCount))), at: 1)
      }
      guard Geodesy.distance(a, b) > 500, let route = try? engine.route(through: points) else {
        continue
      }
      driven += 1
      let navigator = Navigator(route: route)
      var state = navigator.start()
      for fix in LocationSimulator(route: route).run() {
        state = navigator.update(state, with: fix)
        #expect(state.status != .offRoute, "route \(driven) went off route")
      }
      #expect(state.isComplete, "route \(driven) did not arrive")
    }
    #expect(driven == 110)
  }
}
