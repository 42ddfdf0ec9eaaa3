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
  let runs = try Arguments.runs(in: arguments, fallback: 20)
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
  var freeRows: [Double] = []
  var sessionCPURows: [Double] = []
  for _ in 0..<runs {
    let guided = try MainActor.assumeIsolated {
      try sessionFixMicroseconds(onRoute, to: b, sink: &sink)
    }
    sessionRows.append(guided.wall)
    sessionCPURows.append(guided.cpu)
    freeRows.append(
      try MainActor.assumeIsolated {
        try sessionFixMicroseconds(onRoute, to: nil, sink: &sink).wall
      })
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
  let rows: [(String, [Double], String)] = [
    ("snapper+progress", snapRows, "RoadSnapper.update + progress"),
    ("engine.receive", engineRows, "RoadSnappedLocationEngine: snap, progress, observers"),
    (
      "session fix→NavInfo+UI", sessionRows,
      "device fix: source, snapper, navigator, NavInfo, map view"
    ),
    (
      "  same, CPU time", sessionCPURows,
      "the same fixes in process CPU time: preemption by other processes left out"
    ),
    (
      "session fix, no route", freeRows,
      "free driving: the snapper map-matches each fix, map view"
    ),
  ]
  for (name, samples, note) in rows {
    report(name, Samples(samples), .µs, peer: navigatorPeer, note: note)
  }
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

/// Microseconds per fix (wall clock and process CPU time) for `fixes` (after the first) through a navigation session shown on a
/// map view in a window: the device source's manager on a manual clock, the road-snapped
/// provider's snapper, the navigator's progress and NavInfo feed, the map view's update. With
/// `destination` nil there is no route: the snapper map-matches every fix (free driving).
@MainActor
func sessionFixMicroseconds(
  _ fixes: [CLLocation], to destination: CLLocationCoordinate2D?, sink: inout Double
) throws -> (wall: Double, cpu: Double) {
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
  // The first fix arrives on the clock's first turn; routing needs it (else
  // `.locationUnavailable`, and the fixes would be matched on a session without a route).
  clock.advance(by: 0)
  guard let navigator = session.navigator else {
    throw BenchmarkError(description: "no navigator")
  }
  if let destination {
    var status: GMSRouteStatus?
    navigator.setDestinations([GMSNavigationWaypoint(location: destination, title: "B")!]) {
      status = $0
    }
    clock.advance(by: 0)
    guard status == .OK else {
      throw BenchmarkError(description: "session route: \(status.map { "\($0)" } ?? "no answer")")
    }
    navigator.isGuidanceActive = true
  }
  let steps = shifted.count - 1
  var infos = 0
  let counter = NavInfoCounter { infos += 1 }
  navigator.add(counter)
  let cpuStart = cpuSeconds()
  let elapsed = withExtendedLifetime(counter) {
    microseconds {
      for _ in 0..<steps { clock.advance(by: 1) }
    }
  }
  let cpu = (cpuSeconds() - cpuStart) * 1e6
  if destination != nil, infos < steps / 2 {
    throw BenchmarkError(description: "session sent \(infos) NavInfo for \(steps) fixes")
  }
  sink += navigator.latestNavInfo?.distanceToFinalDestinationMeters ?? 0
  sink += Double(infos)
  return (elapsed / Double(steps), cpu / Double(steps))
}

/// Counts the NavInfo updates a session sends (the work being measured must produce them).
@MainActor
final class NavInfoCounter: GMSNavigatorListener {
  let tick: () -> Void
  init(_ tick: @escaping () -> Void) { self.tick = tick }
  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) { tick() }
}
