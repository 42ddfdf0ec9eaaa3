import Foundation
import NavigationUI

/// navuibench: NavigationUI's speed targets (DESIGN "Targets", issue 6 "Speed").
///
/// Usage: `swift run -c release navuibench [--json]`
@MainActor
func measure(_ name: String, target: Double, samples: Int, _ body: () -> Double) -> String {
  var times: [Double] = []
  for _ in 0..<3 { _ = body() }
  for _ in 0..<samples { times.append(body()) }
  times.sort()
  let median = times[times.count / 2]
  let verdict = median < target ? "ok" : "OVER"
  return String(
    format: "%-34@ median %8.2f µs  min %8.2f  max %8.2f  target < %.0f µs  %@",
    name as NSString, median, times.first!, times.last!, target, verdict as NSString)
}

@MainActor
func microseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
}

@MainActor
func run() {
  let clock = ManualClock()
  let window = UIWindow(
    frame: CGRect(x: 0, y: 0, width: 390, height: 844),
    safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), clock: clock)
  let mapView = GMSMapView(frame: window.bounds)
  window.addSubview(mapView)
  try? mapView.setLayoutDelegate(BenchDelegate())
  mapView.shouldDisplaySpeedometer = true
  mapView.shouldDisplaySpeedLimit = true
  try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
  mapView.isNavigationEnabled = true
  let navigator = mapView.navigator!
  mapView.locationSimulator?.simulateLocation(
    at: CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168))
  navigator.setDestinations([
    GMSNavigationWaypoint(
      location: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), title: "Casino")!
  ]) { _ in }
  clock.advance(by: 0)
  window.layoutIfNeeded()
  var lines: [String] = []
  let only = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") }
  func wanted(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }

  if wanted("transition") {
    lines.append(
      measure("transition enable+startGuidance", target: 1000, samples: 200) {
        mapView.isNavigationEnabled = false
        window.layoutIfNeeded()
        return microseconds {
          mapView.isNavigationEnabled = true
          navigator.isGuidanceActive = true
          window.layoutIfNeeded()
        }
      })
  }

  if wanted("prompt") {
    lines.append(
      measure("prompt slide frame (1/60 s)", target: 10, samples: 200) {
        navigator.showPrompt(.incident(title: "Accident ahead"))
        clock.advance(by: 0.1)
        let prompt = mapView.currentPromptView!
        let t = microseconds {
          clock.advance(by: 1.0 / 60)
          _ = prompt.layer.presentation()?.frame
        }
        navigator.dismissPrompt()
        clock.advance(by: 0.5)
        return t
      })
  }

  if wanted("tick") {
    mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    clock.advance(by: 2)
    lines.append(
      measure("navigator tick (all components)", target: 50, samples: only == nil ? 60 : 3000) {
        if !navigator.isGuidanceActive || mapView.locationSimulator?.isSimulatingAlongRoute != true
        {
          navigator.isGuidanceActive = true
          mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
        }
        return microseconds { clock.advance(by: 1) }
      })
  }
  if CommandLine.arguments.contains("--json") {
    let json = lines.map { "\"\($0)\"" }.joined(separator: ",\n  ")
    print("[\n  \(json)\n]")
  } else {
    for line in lines { print(line) }
  }
}

MainActor.assumeIsolated { run() }
