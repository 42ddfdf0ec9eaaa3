import NavigationCore
import Testing

@testable import Routing

/// The Monaco engine, built once for all tests.
let monacoEngine: RouteEngine? = try? RouteEngine(mapPath: TestData.osm("monaco.osm.pbf"))

@Suite struct RouterTests {
  let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  @Test func fontvieilleToCasino() throws {
    let engine = try #require(monacoEngine)
    let route = try engine.route(through: [fontvieille, casino])
    for step in route.legs[0].steps {
      print(step.maneuver.type, step.maneuver.modifier ?? .none, step.maneuver.exit ?? 0, step.name, Int(step.distance))
    }
    print(route.distance, route.expectedTravelTime)
    #expect(route.distance > 1_500 && route.distance < 2_500)
    #expect(route.legs[0].steps.first?.maneuver.type == .depart)
    #expect(route.legs[0].steps.last?.maneuver.type == .arrive)
  }
}
