import Foundation
import NavigationUI

/// `benchmarks navui [transition|prompt|tick]`: NavigationUI on the navigation screen's
/// delegate (``NavScreenDelegate``) in a 390 × 844 window, against the design's targets
/// (Guides/Performance.md): enabling navigation and starting guidance, one frame of a
/// prompt sliding in, and one navigator tick with every component updating. A name keeps
/// the results that contain it.
@MainActor
func runNavUIBenchmark(_ args: [String]) throws {
  var only: String?
  var rest = Arguments(args)
  while let argument = rest.next() {
    if argument.hasPrefix("-") { throw BenchmarkError(description: "unknown option \(argument)") }
    only = argument
  }
  let clock = ManualClock()
  let window = NavScreen.window(clock: clock)
  let mapView = GMSMapView(frame: window.bounds)
  window.addSubview(mapView)
  try mapView.setLayoutDelegate(NavScreenDelegate())
  mapView.shouldDisplaySpeedometer = true
  mapView.shouldDisplaySpeedLimit = true
  try GMSNavigationServices.acceptTermsAndConditions(persisting: false)
  mapView.isNavigationEnabled = true
  guard let navigator = mapView.navigator else {
    throw BenchmarkError(description: "navui: no navigator after enabling navigation")
  }
  mapView.locationSimulator?.simulateLocation(
    at: CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168))
  navigator.setDestinations([
    GMSNavigationWaypoint(
      location: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), title: "Casino")!
  ]) { _ in }
  clock.advance(by: 0)
  window.layoutIfNeeded()
  func wanted(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }
  /// Three untimed rounds, then `samples` rounds; each round times its own part.
  func target(_ name: String, below target: Double, samples: Int, _ round: () -> Double) {
    for _ in 0..<3 { _ = round() }
    let times = Samples((0..<samples).map { _ in round() })
    let verdict = times.median < target ? "ok" : "OVER"
    report(name, times, .µs, note: "target < \(Int(target)) µs: \(verdict)")
  }

  if wanted("transition") {
    target("transition enable+startGuidance", below: 1000, samples: 200) {
      mapView.isNavigationEnabled = false
      window.layoutIfNeeded()
      return elapsed(in: .µs) {
        mapView.isNavigationEnabled = true
        navigator.isGuidanceActive = true
        window.layoutIfNeeded()
      }
    }
  }
  if wanted("prompt") {
    target("prompt slide frame (1/60 s)", below: 10, samples: 200) {
      navigator.showPrompt(.incident(title: "Accident ahead"))
      clock.advance(by: 0.1)
      let prompt = mapView.currentPromptView
      let time = elapsed(in: .µs) {
        clock.advance(by: 1.0 / 60)
        _ = prompt?.layer.presentation()?.frame
      }
      navigator.dismissPrompt()
      clock.advance(by: 0.5)
      return time
    }
  }
  if wanted("tick") {
    mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    clock.advance(by: 2)
    target("navigator tick (all components)", below: 50, samples: only == nil ? 60 : 3000) {
      if !navigator.isGuidanceActive || mapView.locationSimulator?.isSimulatingAlongRoute != true {
        navigator.isGuidanceActive = true
        mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
      }
      return elapsed(in: .µs) { clock.advance(by: 1) }
    }
  }
}
