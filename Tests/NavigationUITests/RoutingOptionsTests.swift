import Foundation
import NavigationCore
import NavigationUI
import Routing
import Testing
import ViewKit

/// The navigator's avoidance properties and the routing strategy reach the embedded router,
/// on the bundled map (its A8 motorway, La Provençale, is tolled west of 7.445° E).
@MainActor
@Suite struct RoutingOptionsTests {
  /// West of Monaco, beside the A8's tolled part, and its untolled eastern end.
  static let a8West = CLLocationCoordinate2D(latitude: 43.7442, longitude: 7.3491)
  static let a8East = CLLocationCoordinate2D(latitude: 43.7698, longitude: 7.4494)

  /// The route the navigator makes from `origin` to `destination` after `configure`.
  func route(
    from origin: CLLocationCoordinate2D, to destination: CLLocationCoordinate2D,
    options: GMSNavigationRoutingOptions? = nil, _ configure: (GMSNavigator) -> Void = { _ in }
  ) throws -> (route: Route, alternates: [Route]) {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    configure(h.navigator)
    h.mapView.locationSimulator?.simulateLocation(at: origin)
    var status: GMSRouteStatus?
    h.navigator.setDestinations(
      [GMSNavigationWaypoint(location: destination, title: "B")!], routingOptions: options
    ) { status = $0 }
    h.clock.advance(by: 0)
    try #require(status == .OK)
    return (try #require(h.navigator.currentRoute), h.navigator.alternateRoutes)
  }

  /// Whether `route` drives on a motorway (by its geometry on the bundled graph).
  func usesMotorway(_ route: Route) throws -> Bool {
    try onMotorway(route.legs.flatMap(\.geometry))
  }

  /// Whether one of `points` lies on a motorway or trunk road of the bundled graph.
  func onMotorway(_ points: [CLLocationCoordinate2D]) throws -> Bool {
    let router = try #require(EmbeddedRouteProvider.bundled.engine?.router)
    return points.contains { point in
      guard let snap = router.snap(point, radius: 2).first else { return false }
      let road = router.graph.roads[Int(router.graph.edges[snap.edge].road)]
      return road.isHighway && snap.distance < 0.5
    }
  }

  @Test func avoidingHighwaysOrTollsLeavesTheTolledA8() throws {
    let plain = try route(from: Self.a8West, to: Harness.casino).route
    #expect(try usesMotorway(plain))
    let noHighways = try route(from: Self.a8West, to: Harness.casino) {
      $0.avoidsHighways = true
    }.route
    let noTolls = try route(from: Self.a8West, to: Harness.casino) { $0.avoidsTolls = true }.route
    for avoided in [noHighways, noTolls] {
      #expect(try !usesMotorway(avoided))
      #expect(avoided.expectedTravelTime > plain.expectedTravelTime)
      #expect(avoided.distance > plain.distance + 1_000)
    }
  }

  /// The A8's eastern end is a motorway without a toll: avoiding tolls keeps it, avoiding
  /// highways does not.
  @Test func anUntolledMotorwayIsOnlyAvoidedAsAHighway() throws {
    let plain = try route(from: Self.a8East, to: Harness.origin).route
    let noTolls = try route(from: Self.a8East, to: Harness.origin) { $0.avoidsTolls = true }.route
    let noHighways = try route(from: Self.a8East, to: Harness.origin) {
      $0.avoidsHighways = true
    }.route
    #expect(try usesMotorway(plain) && usesMotorway(noTolls))
    #expect(noTolls.geometry == plain.geometry)
    #expect(try !usesMotorway(noHighways))
  }

  /// The shorter strategy is never longer than the default one, and shorter on most pairs.
  @Test func shorterIsNeverLongerThanTheDefault() throws {
    let places = [Self.a8West, Self.a8East, Harness.origin, Harness.casino]
    var strictlyShorter = 0
    for a in places {
      for b in places where a != b {
        let best = try route(from: a, to: b).route
        let shorter = try route(
          from: a, to: b,
          options: GMSNavigationRoutingOptions(
            routingStrategy: .shorter, alternateRoutesStrategy: .none)
        ).route
        #expect(shorter.distance <= best.distance + 1, "\(a) → \(b)")
        if shorter.distance < best.distance - 50 { strictlyShorter += 1 }
      }
    }
    #expect(strictlyShorter >= 3)
  }

  /// Alternates with the shorter strategy, the combination the original warns about: the
  /// shorter route alone (Guides/Decisions.md 16); the default strategy offers alternates.
  @Test func shorterStrategyGivesNoAlternates() throws {
    let withBest = try route(
      from: Self.a8West, to: Harness.casino,
      options: GMSNavigationRoutingOptions(alternateRoutesStrategy: .all))
    #expect(!withBest.alternates.isEmpty)
    let options = GMSNavigationRoutingOptions(routingStrategy: .shorter)
    #expect(
      options.alternateRoutesStrategy == .all && options.coreOptions.hasIncompatibleCombination)
    let withShorter = try route(from: Self.a8West, to: Harness.casino, options: options)
    #expect(withShorter.alternates.isEmpty)
  }

  /// The simulator's own avoidance properties apply to its new routes.
  @Test func simulatorAvoidsHighwaysOnItsRoute() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    let simulator = try #require(h.mapView.locationSimulator)
    var drivenOnMotorway: [Bool] = []
    for avoid in [false, true] {
      simulator.avoidsHighways = avoid
      simulator.simulateLocation(at: Self.a8West)
      var status: GMSRouteStatus?
      simulator.simulateAlongNewRoute(
        toDestinations: [GMSNavigationWaypoint(location: Harness.casino, title: "Casino")!]
      ) { status = $0 }
      h.clock.advance(by: 0)
      #expect(status == .OK)
      var points: [CLLocationCoordinate2D] = []
      for _ in 0..<400 where simulator.isSimulatingAlongRoute {
        h.clock.advance(by: 1)
        if let fix = h.navigator.lastLocation { points.append(fix.coordinate) }
      }
      drivenOnMotorway.append(try onMotorway(points))
    }
    #expect(drivenOnMotorway == [true, false])
  }
}

extension RoutingOptionsTests {
  /// Going on to the next destination keeps the routing strategy of the destinations.
  @Test func continuingKeepsTheShorterStrategy() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    h.mapView.locationSimulator?.simulateLocation(at: Self.a8West)
    var status: GMSRouteStatus?
    h.navigator.setDestinations(
      [
        GMSNavigationWaypoint(location: Self.a8East, title: "A8 east")!,
        GMSNavigationWaypoint(location: Harness.origin, title: "Fontvieille")!,
      ],
      routingOptions: GMSNavigationRoutingOptions(routingStrategy: .shorter)
    ) { status = $0 }
    h.clock.advance(by: 0)
    try #require(status == .OK)
    h.navigator.continueToNextDestination()
    let continued = try #require(h.navigator.currentRoute)
    #expect(h.navigator.alternateRoutes.isEmpty)
    let best = try route(from: Self.a8West, to: Harness.origin).route
    let shorter = try route(
      from: Self.a8West, to: Harness.origin,
      options: GMSNavigationRoutingOptions(routingStrategy: .shorter)
    ).route
    #expect(shorter.distance < best.distance - 50)
    #expect(abs(continued.distance - shorter.distance) < 1)
  }
}
