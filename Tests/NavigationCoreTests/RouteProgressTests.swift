import Testing

@testable import NavigationCore

@Suite struct RouteProgressTests {
  @Test func distancesFractionsAndETA() {
    let route = SyntheticRoutes.route([(90, 400), (0, 600)], speed: 10)
    let navigator = Navigator(route: route)
    var state = navigator.start()
    let (c, course) = navigator.track.coordinate(at: 300)
    state = navigator.update(
      state, with: CLLocation(coordinate: c, course: course, speed: 10, timestamp: 30))
    let p = navigator.progress(for: state, now: 1000)
    #expect(abs(p.distanceTraveled - 300) < 0.5)
    #expect(abs(p.distanceRemaining - 700) < 0.5)
    #expect(abs(p.fractionTraveled - 0.3) < 0.001)
    #expect(abs(p.durationRemaining - 70) < 0.1)
    #expect(abs(p.estimatedTimeOfArrival - 1070) < 0.1)
    #expect(abs(p.distanceToNextManeuver - 100) < 0.5)
    #expect(p.currentLegProgress.stepIndex == 0)
    #expect(p.upcomingStep?.name == "Road 1")
    #expect(p.currentLegProgress.followOnStep?.maneuver.type == .arrive)
    #expect(abs(p.currentLegProgress.currentStepProgress.fractionTraveled - 0.75) < 0.01)
  }

  @Test func durationScalesWithObservedPace() {
    let route = SyntheticRoutes.route([(90, 2000)], speed: 10)
    let navigator = Navigator(route: route)
    var state = navigator.start()
    // Drive at half the expected speed: 5 m/s for 100 s.
    for t in 0...100 {
      let (c, course) = navigator.track.coordinate(at: Double(t) * 5)
      state = navigator.update(
        state, with: CLLocation(coordinate: c, course: course, speed: 5, timestamp: Double(t)))
    }
    #expect(abs(state.paceFactor - 2) < 0.05)
    let p = navigator.progress(for: state, now: 100)
    // 1500 m left; expected 150 s, observed pace doubles it.
    #expect(abs(p.durationRemaining - 300) < 8)
  }

  @Test func lanesAndSpeedLimitsFromHelsinki() throws {
    let route = try TestData.route(
      "generated/helsinki-annankatu-kaivokatu-lanes.valhalla-osrm.json")
    let navigator = Navigator(route: route)
    let fixes = LocationSimulator(track: navigator.track).run()
    var state = navigator.start()
    var sawLanes = false
    var limits: Set<String> = []
    for fix in fixes {
      state = navigator.update(state, with: fix)
      let p = navigator.progress(for: state, now: fix.timestamp)
      if let lanes = p.currentLanes, lanes.contains(where: \.active) { sawLanes = true }
      if case .known(let v, let unit)? = p.currentSpeedLimit {
        limits.insert("\(Int(v)) \(unit.rawValue)")
      }
    }
    #expect(sawLanes)
    #expect(limits.sorted() == ["30 km/h", "40 km/h"])
  }

  @Test func osrmRouteHasNoSpeedLimit() throws {
    let route = try TestData.route("generated/monaco-fontvieille-casino.osrm.json")
    let navigator = Navigator(route: route)
    #expect(navigator.progress(for: navigator.start(), now: 0).currentSpeedLimit == nil)
  }

  @Test func remainingWaypointsShrink() {
    let route = SyntheticRoutes.route([(90, 400), (0, 400)], viaAfterMove: 0)
    var withWaypoints = route
    withWaypoints.waypoints = [
      Waypoint(location: SyntheticRoutes.origin, name: "A"),
      Waypoint(location: route.legs[0].geometry.last!, name: "B"),
      Waypoint(location: route.legs[1].geometry.last!, name: "C"),
    ]
    let navigator = Navigator(route: withWaypoints)
    var state = navigator.start()
    #expect(navigator.progress(for: state, now: 0).remainingWaypoints.map(\.name) == ["B", "C"])
    for fix in LocationSimulator(track: navigator.track).run() {
      state = navigator.update(state, with: fix)
      if state.waypointsReached == 1 { break }
    }
    let p = navigator.progress(for: state, now: 0)
    #expect(p.remainingWaypoints.map(\.name) == ["C"])
    #expect(p.legIndex == 1)
  }
}

@Suite struct InstructionTriggerTests {
  @Test func bannersAndAnnouncementsFollowDistanceRemaining() throws {
    let route = try TestData.route(
      "generated/helsinki-annankatu-kaivokatu-lanes.valhalla-osrm.json")
    let navigator = Navigator(route: route)
    var state = navigator.start()
    var spoken: [String] = []
    var banners: [String] = []
    for fix in LocationSimulator(track: navigator.track).run() {
      state = navigator.update(state, with: fix)
      let step = navigator.progress(for: state, now: fix.timestamp).currentLegProgress
        .currentStepProgress
      if let s = step.spokenInstruction?.text, spoken.last != s { spoken.append(s) }
      if let b = step.visualInstruction?.primary.text, banners.last != b { banners.append(b) }
    }
    let all = route.legs[0].steps.flatMap(\.spokenInstructions).map(\.text)
    // Every announcement is triggered, in order (consecutive repeats merged).
    var merged: [String] = []
    for s in all where merged.last != s { merged.append(s) }
    #expect(spoken == merged)
    #expect(banners.contains("Erottajankatu"))
  }
}
