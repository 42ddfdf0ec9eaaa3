import Foundation
import Testing

@testable import NavigationCore

/// Seeded mutation fuzzing: decoders must return a route or a typed error, never crash.
@Suite struct RobustnessTests {
  static let files = [
    "generated/monaco-fontvieille-casino.valhalla-osrm.json",
    "generated/monaco-fontvieille-casino.valhalla.json",
    "ferrostar/standard_osrm_polyline6_response.json",
    "graphhopper-leipzig-test1.gpx",
  ]

  @Test(arguments: files)
  func mutatedFilesNeverCrash(file: String) throws {
    let path = file.hasSuffix(".gpx") ? "gpx/" + file : file
    let original = [UInt8](try TestData.data(path))
    var rng = SplitMix64(seed: 2024)
    var decoded = 0
    var failed = 0
    for _ in 0..<150 {
      var bytes = original
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        let i = Int(rng.next() % UInt64(bytes.count))
        switch rng.next() % 4 {
        case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
        case 1: bytes.remove(at: i)
        case 2: bytes.insert(UInt8(ascii: "9"), at: i)
        default: bytes = Array(bytes[0..<i])
        }
        if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
      }
      do {
        let routes = try RouteDecoder.decode(Data(bytes))
        decoded += 1
        // Whatever decodes must also be navigable.
        let navigator = Navigator(route: routes[0])
        var state = navigator.start()
        for fix in LocationSimulator(track: navigator.track).run(maximumSteps: 50) {
          state = navigator.update(state, with: fix)
        }
        _ = navigator.progress(for: state, now: 0)
      } catch {
        failed += 1
        #expect(!error.description.isEmpty)
      }
    }
    #expect(decoded + failed == 150)
  }

  @Test func rerouteStartsANewRouteFromHere() {
    let route = SyntheticRoutes.route([(90, 800), (0, 400)])
    let navigator = Navigator(route: route)
    var state = navigator.start()
    var t = 0.0
    for k in 0..<20 {
      let (c, course) = navigator.track.coordinate(at: Double(k) * 10)
      state = navigator.update(
        state, with: CLLocation(coordinate: c, course: course, speed: 10, timestamp: t))
      t += 1
    }
    let turnOff = state.snappedLocation
    for k in 1...10 {
      let away = Geodesy.destination(from: turnOff, distance: Double(k) * 12, bearing: 180)
      state = navigator.update(
        state, with: CLLocation(coordinate: away, course: 180, speed: 12, timestamp: t))
      t += 1
    }
    #expect(state.status == .reroutingRequested)
    let here = state.lastFix?.coordinate ?? turnOff
    // The new route starts where the vehicle is.
    var newRoute = SyntheticRoutes.route([(0, 300)])
    newRoute.legs[0].steps[0].geometry[0] = here
    let rerouted = Navigator(route: newRoute)
    var fresh = rerouted.start()
    fresh = rerouted.update(fresh, with: CLLocation(coordinate: here, timestamp: t))
    #expect(fresh.status == .navigating)
    #expect(fresh.distanceTraveled < 1)
  }

  @Test func degenerateRoutesDoNotCrash() {
    let p = SyntheticRoutes.origin
    let single = Route(legs: [
      RouteLeg(steps: [], geometry: [p], distance: 0, expectedTravelTime: 0)
    ])
    let empty = Route(legs: [])
    for route in [single, empty] {
      let navigator = Navigator(route: route)
      var state = navigator.start()
      state = navigator.update(state, with: CLLocation(coordinate: p, timestamp: 1))
      let progress = navigator.progress(for: state, now: 1)
      #expect(progress.distanceRemaining == 0)
      _ = LocationSimulator(track: navigator.track).run(maximumSteps: 10)
    }
  }

  /// Fuzzer finding (gpx target, 2026-12-01): a `<rte>` whose only child is not a `rtept`
  /// made `GPXRoute.asRoute()` index an empty list. The input, byte for byte:
  static let gpxRouteWithoutPoints = """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="x"><wpt lat="1" lon="2"><name>A &amp; B &#233; &#x41;</name>\
    </wpt><rte><name><![CDATA[r<1>]]></name><r lon="-7.43"/></rte><!-- c --></gpx>

    """

  @Test func gpxRouteWithoutPointsIsAZeroLengthRoute() throws {
    let document = try RouteDecoder.decodeGPX(Data(Self.gpxRouteWithoutPoints.utf8))
    let route = try #require(document.routes.first)
    #expect(route.points.isEmpty)
    let converted = route.asRoute()
    #expect(converted.distance == 0)
    #expect(converted.legs.count == 1)
    let one = GPXRoute(name: nil, points: [document.waypoints[0]]).asRoute()
    #expect(one.legs[0].steps.first?.maneuver.location == document.waypoints[0].coordinate)
    #expect(one.distance == 0)
  }
}
