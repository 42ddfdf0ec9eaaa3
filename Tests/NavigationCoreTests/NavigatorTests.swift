import Testing

@testable import NavigationCore

@Suite struct NavigatorTests {
  func drive(
    _ route: Route, _ config: LocationSimulator.Configuration = .init(),
    navigator nav: NavigatorConfiguration = NavigatorConfiguration()
  ) -> (TraceRunner, [NavigationStatus]) {
    var runner = TraceRunner(route: route)
    runner.navigator.configuration = nav
    let sim = LocationSimulator(track: runner.navigator.track, configuration: config)
    var statuses: [NavigationStatus] = []
    for fix in sim.run() {
      runner.feed(fix, expectOnRoute: false, file: "synthetic")
      if statuses.last != runner.state.status { statuses.append(runner.state.status) }
    }
    return (runner, statuses)
  }

  @Test func uTurnOnTheSameRoadDoesNotJumpAhead() {
    // East 500 m, back west 500 m over the same points, then north 300 m.
    let route = SyntheticRoutes.route([(90, 500), (270, 500), (0, 300)])
    let navigator = Navigator(route: route)
    var state = navigator.start()
    // A fix 100 m east of the origin, heading east: must be on the outbound step.
    let p = Geodesy.destination(from: SyntheticRoutes.origin, distance: 100, bearing: 90)
    state = navigator.update(
      state, with: CLLocation(coordinate: p, course: 90, speed: 10, timestamp: 0))
    #expect(abs(state.distanceTraveled - 100) < 1)
    #expect(navigator.progress(for: state, now: 0).currentLegProgress.stepIndex == 0)
    // Even without course, the nearer (outbound) candidate wins.
    var fresh = navigator.start()
    fresh = navigator.update(fresh, with: CLLocation(coordinate: p, timestamp: 0))
    #expect(abs(fresh.distanceTraveled - 100) < 1)
    let (runner, statuses) = drive(route)
    #expect(runner.state.status == .complete)
    #expect(!statuses.contains(.offRoute))
  }

  @Test func loopPassingTheStartAgainKeepsProgress() {
    // A square loop that comes back through the origin, then goes on south.
    let route = SyntheticRoutes.route([(90, 300), (0, 300), (270, 300), (180, 300), (180, 200)])
    let navigator = Navigator(route: route)
    var state = navigator.start()
    for k in 0...110 {
      let (c, course) = navigator.track.coordinate(at: Double(k) * 10)
      state = navigator.update(
        state, with: CLLocation(coordinate: c, course: course, speed: 10, timestamp: Double(k)))
    }
    #expect(abs(state.distanceTraveled - 1100) < 1)
    // At the origin again: progress stays near 1200 m, not 0.
    state = navigator.update(
      state,
      with: CLLocation(coordinate: SyntheticRoutes.origin, course: 180, speed: 10, timestamp: 120))
    #expect(state.distanceTraveled >= 1100)
    #expect(state.status == .navigating)
  }

  @Test func deviationGoesOffRouteThenRequestsReroute() {
    let route = SyntheticRoutes.route([(90, 800), (0, 400)])
    let config = LocationSimulator.Configuration(
      deviation: .init(atDistance: 300, duration: 20, angle: 90))
    let (runner, statuses) = drive(route, config)
    #expect(statuses.contains(.offRoute))
    #expect(statuses.contains(.reroutingRequested))
    let off = statuses.firstIndex(of: .offRoute) ?? 0
    let reroute = statuses.firstIndex(of: .reroutingRequested) ?? 0
    #expect(off < reroute)
    // After the vehicle comes back the navigator resumes and finishes.
    #expect(runner.state.status == .complete)
  }

  @Test func deviationRecordsDistanceAndDuration() {
    let route = SyntheticRoutes.route([(90, 800)])
    let navigator = Navigator(route: route)
    var state = navigator.start()
    let away = Geodesy.destination(from: SyntheticRoutes.origin, distance: 120, bearing: 0)
    state = navigator.update(state, with: CLLocation(coordinate: away, timestamp: 10))
    #expect(state.status == .offRoute)
    #expect(abs((state.deviation?.distanceFromRoute ?? 0) - 120) < 1)
    state = navigator.update(state, with: CLLocation(coordinate: away, timestamp: 13))
    #expect(state.deviation?.duration == 3)
    #expect(state.status == .offRoute)
    state = navigator.update(state, with: CLLocation(coordinate: away, timestamp: 16))
    #expect(state.status == .reroutingRequested)
    #expect(state.distanceTraveled == 0)
  }

  @Test func noisyFixesStayOnRouteAndFinish() {
    let route = SyntheticRoutes.route([(90, 600), (0, 600), (45, 400)])
    for seed in [1, 2, 3] as [UInt64] {
      let (runner, statuses) = drive(route, .init(noise: 8, seed: seed))
      #expect(!statuses.contains(.reroutingRequested), "seed \(seed)")
      #expect(runner.state.status == .complete, "seed \(seed)")
    }
  }

  @Test func tunnelGapIsBridged() {
    let route = SyntheticRoutes.route([(90, 1500), (0, 500)])
    let (runner, statuses) = drive(route, .init(gaps: [400...1300]))
    #expect(!statuses.contains(.offRoute))
    #expect(runner.state.status == .complete)
  }

  @Test func viaWaypointArrival() {
    let route = SyntheticRoutes.route([(90, 400), (0, 400), (90, 300)], viaAfterMove: 1)
    #expect(route.legs.count == 2)
    let (runner, statuses) = drive(route)
    #expect(statuses.contains(.arrivedAtWaypoint(legIndex: 0)))
    #expect(runner.arrivals == [0])
    #expect(runner.state.waypointsReached == 2)
  }

  @Test func gapOverAViaWaypointStillReportsBothArrivals() {
    let route = SyntheticRoutes.route([(90, 400), (0, 400), (90, 300)], viaAfterMove: 1)
    let (runner, _) = drive(route, .init(gaps: [700...900]))
    #expect(runner.state.waypointsReached == 2)
    #expect(runner.state.status == .complete)
  }

  @Test func invalidFixesAreIgnored() {
    let route = SyntheticRoutes.route([(90, 400)])
    let navigator = Navigator(route: route)
    let state = navigator.update(
      navigator.start(), with: CLLocation(latitude: 43.73, longitude: 7.4205))
    let bad = [
      CLLocation(latitude: .nan, longitude: 7.42),
      CLLocation(coordinate: .init(latitude: 43.73, longitude: 7.42), horizontalAccuracy: -1),
      CLLocation(coordinate: .init(latitude: 43.73, longitude: 7.42), timestamp: .infinity),
      CLLocation(coordinate: .init(latitude: 43.73, longitude: 7.42), timestamp: -5),
      CLLocation(latitude: 91, longitude: 7.42),
    ]
    for fix in bad { #expect(navigator.update(state, with: fix) == state) }
    #expect(navigator.update(.idle, with: CLLocation(latitude: 43.73, longitude: 7.42)) == .idle)
  }

  @Test func completeIsFinal() {
    let route = SyntheticRoutes.route([(90, 100)])
    let navigator = Navigator(route: route)
    let end = navigator.track.points[navigator.track.points.count - 1]
    let done = navigator.update(navigator.start(), with: CLLocation(coordinate: end, timestamp: 1))
    #expect(done.status == .complete)
    let after = navigator.update(
      done, with: CLLocation(coordinate: SyntheticRoutes.origin, timestamp: 2))
    #expect(after == done)
  }

  @Test func windowIsBoundedOnLongRoutes() {
    let route = SyntheticRoutes.straight(points: 20_000)
    let navigator = Navigator(route: route)
    // A fix far ahead (10 km) is off route: the window never scans the whole route.
    let far = navigator.track.points[1000]
    let state = navigator.update(navigator.start(), with: CLLocation(coordinate: far, timestamp: 1))
    #expect(state.status == .offRoute)
    #expect(state.distanceTraveled == 0)
  }
}
