import Testing

@testable import NavigationCore

@Suite struct AheadTests {
  func routeWithIncidents() -> Route {
    // 100 points 10 m apart east, one step.
    var route = SyntheticRoutes.route([(90, 990)])
    route.legs[0].incidents = [
      Incident(identifier: "b", type: "construction", geometryIndexStart: 60, geometryIndexEnd: 70),
      Incident(identifier: "a", type: "accident", geometryIndexStart: 20, geometryIndexEnd: 25),
    ]
    var annotation = RouteLegAnnotation()
    annotation.congestion = Array(repeating: .low, count: 99)
    annotation.congestion[40] = .heavy
    annotation.congestion[80] = .severe
    route.legs[0].annotation = annotation
    return route
  }

  func state(at distance: Double, _ navigator: Navigator) -> NavigationState {
    var s = navigator.start()
    var t = 0.0
    var d = 0.0
    while d <= distance {
      let (c, course) = navigator.track.coordinate(at: d)
      s = navigator.update(
        s, with: CLLocation(coordinate: c, course: course, speed: 10, timestamp: t))
      d += 10
      t += 1
    }
    return s
  }

  @Test func incidentsAheadNearestFirst() {
    let navigator = Navigator(route: routeWithIncidents())
    let start = navigator.start()
    let all = navigator.incidentsAhead(of: start, within: 1000)
    #expect(all.map(\.incident.identifier) == ["a", "b"])
    #expect(abs(all[0].distance - 200) < 0.5)
    #expect(navigator.incidentsAhead(of: start, within: 100).isEmpty)
    // Inside incident "a" it counts at distance 0; past it, it is gone.
    let inside = state(at: 220, navigator)
    #expect(navigator.incidentsAhead(of: inside, within: 50).map(\.distance) == [0])
    let past = state(at: 300, navigator)
    #expect(navigator.incidentsAhead(of: past, within: 1000).map(\.incident.identifier) == ["b"])
  }

  @Test func congestionAhead() {
    let navigator = Navigator(route: routeWithIncidents())
    let start = navigator.start()
    #expect(abs((navigator.congestionAhead(of: start, within: 1000) ?? 0) - 400) < 0.5)
    #expect(
      abs((navigator.congestionAhead(of: start, within: 1000, atLeast: .severe) ?? 0) - 800) < 0.5)
    #expect(navigator.congestionAhead(of: start, within: 300) == nil)
    let plain = Navigator(route: SyntheticRoutes.route([(90, 500)]))
    #expect(plain.congestionAhead(of: plain.start(), within: 1000) == nil)
  }

  @Test func realRouteCongestionAndOffsets() throws {
    let route = try TestData.route("mapbox-directions-swift/routeRefreshRoute.json")
    let navigator = Navigator(route: route)
    #expect(navigator.track.legShapeOffset.count == 2)
    #expect(navigator.congestionAhead(of: navigator.start(), within: 5000) != nil)
  }

  @Test func betterRouteThreshold() {
    let policy = PromptPolicy()
    #expect(policy.isBetterRoute(currentDurationRemaining: 1800, alternativeDuration: 1500))
    #expect(!policy.isBetterRoute(currentDurationRemaining: 1800, alternativeDuration: 1700))
    #expect(!policy.isBetterRoute(currentDurationRemaining: 3600, alternativeDuration: 3400))
  }
}
