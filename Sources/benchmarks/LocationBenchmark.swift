import Foundation
import Location
import NavigationCore
import NavigationDevices
import NavigationUI
import Routing
import ViewKit

/// `benchmarks location [--runs N]`: one fix through the road snapper to route progress, and
/// map matching of a 1 Hz trace with 10 m noise, each beside a peer measured in the same
/// loop (the bare navigator's update and progress; the spatial index's nearest-edge query
/// that finds the matcher's candidates).
func runLocationBenchmark(_ arguments: [String]) throws {
  var runs = 20
  var rest = Arguments(arguments)
  while let argument = rest.next() {
    switch argument {
    case "--runs": runs = try rest.positiveInteger(after: argument)
    default: throw BenchmarkError(description: "unknown option \(argument)")
    }
  }
  let engine = try RouteEngine.bundled()
  let a = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  let b = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  let detour = CLLocationCoordinate2D(latitude: 43.7330, longitude: 7.4240)
  let route = try engine.route(through: [a, b])
  let driven = try engine.route(through: [a, detour, b])
  let onRoute = SimulatedDrive(route: route, noise: 10, correlation: 0, seed: 1).fixes()
  let trace = SimulatedDrive(route: driven, noise: 10, correlation: 0, seed: 2).fixes()
  let snapper = RoadSnapper(route: route, router: engine.router)
  let navigator = Navigator(route: route)
  let matcher = MapMatcher(router: engine.router)
  var sink = 0.0
  var snapRows: [Double] = []
  var navRows: [Double] = []
  var matchRows: [Double] = []
  var nearestRows: [Double] = []
  var engineRows: [Double] = []
  var sessionRows: [Double] = []
  for _ in 0..<runs {
    sessionRows.append(
      try MainActor.assumeIsolated { try sessionFixMicroseconds(onRoute, to: b, sink: &sink) })
    engineRows.append(
      MainActor.assumeIsolated {
        let manager = CLLocationManager(source: ReplayLocationSource(fixes: []))
        let location = RoadSnappedLocationEngine(locationManager: manager, routeEngine: engine)
        location.setRoute(route)
        return microseconds {
          for fix in onRoute {
            sink += location.receive(fix).location.coordinate.latitude
            sink += location.progress?.distanceRemaining ?? 0
          }
        }
      } / Double(onRoute.count))
    snapRows.append(
      microseconds {
        var state = snapper.start()
        for fix in onRoute {
          let (next, snapped) = snapper.update(state, with: fix)
          state = next
          sink += snapped.location.coordinate.latitude
          sink += snapper.progress(for: state, now: fix.timestamp)?.distanceRemaining ?? 0
        }
      } / Double(onRoute.count))
    navRows.append(
      microseconds {
        var state = navigator.start()
        for fix in onRoute {
          state = navigator.update(state, with: fix)
          sink += navigator.progress(for: state, now: fix.timestamp).distanceRemaining
        }
      } / Double(onRoute.count))
    matchRows.append(
      microseconds {
        for m in matcher.match(trace) { sink += m?.offset ?? 0 }
      } / Double(trace.count))
    nearestRows.append(
      microseconds {
        for fix in trace {
          sink += Double(
            engine.router.index.nearest(fix.coordinate, in: engine.router.graph, radius: 40).count)
        }
      } / Double(trace.count))
  }
  let seconds = (trace.last?.timestamp ?? 0) - (trace.first?.timestamp ?? 0)
  section(
    "location: Monaco, \(onRoute.count) fixes on the route, \(trace.count)-fix trace with a wrong turn (\(Int(seconds)) s at 1 Hz), 10 m noise, \(runs) runs; per fix"
  )
  let navigatorPeer = Peer(name: "navigator+progress", samples: Samples(navRows))
  report(
    "snapper+progress", Samples(snapRows), .µs, peer: navigatorPeer,
    note: "RoadSnapper.update + progress")
  report(
    "engine.receive", Samples(engineRows), .µs, peer: navigatorPeer,
    note: "RoadSnappedLocationEngine: snap, progress, observers")
  report(
    "session fix→NavInfo+UI", Samples(sessionRows), .µs, peer: navigatorPeer,
    note: "device fix: source, snapper, navigator, NavInfo, map view")
  report(
    "  peer navigator+progress", navigatorPeer.samples, .µs, note: "Navigator.update + progress")
  let nearest = Peer(name: "nearest-edge query", samples: Samples(nearestRows))
  report(
    "map matching", Samples(matchRows), .µs, peer: nearest, note: "MapMatcher (HMM), whole trace")
  report("  peer nearest-edge query", nearest.samples, .µs, note: "SpatialIndex.nearest 40 m")
  fact(
    "map matching speed",
    String(format: "%.0f× real time (1 Hz trace)", 1e6 / max(Samples(matchRows).median, 1e-9)))
  if sink == 42 { print("") }
}

/// Microseconds per fix for `fixes` (after the first) through a navigation session shown on a
/// map view in a window: the device source's manager on a manual clock, the road-snapped
/// provider's snapper, the navigator's progress and NavInfo feed, the map view's update.
@MainActor
func sessionFixMicroseconds(
  _ fixes: [CLLocation], to destination: CLLocationCoordinate2D, sink: inout Double
) throws -> Double {
  guard let session = GMSNavigationServices.createNavigationSession(), fixes.count > 1 else {
    throw BenchmarkError(description: "no navigation session")
  }
  let clock = ManualClock()
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
  let mapView = GMSMapView(frame: window.bounds)
  window.addSubview(mapView)
  session.clock = clock
  let start = fixes[0].timestamp
  let shifted = fixes.map { fix -> CLLocation in
    var copy = fix
    copy.timestamp -= start
    return copy
  }
  session.locationSource = RoadSnappedLocationSource(
    locationManager: CLLocationManager(source: ReplayLocationSource(fixes: shifted), clock: clock))
  _ = mapView.enableNavigation(with: session)
  session.isStarted = true
  let navigator = session.navigator
  navigator?.setDestinations([GMSNavigationWaypoint(location: destination, title: "B")!]) { _ in }
  clock.advance(by: 0)
  navigator?.isGuidanceActive = true
  let steps = shifted.count - 1
  let elapsed = microseconds {
    for _ in 0..<steps { clock.advance(by: 1) }
  }
  sink += navigator?.latestNavInfo?.distanceToFinalDestinationMeters ?? 0
  return elapsed / Double(steps)
}
