import Foundation
import NavigationCore
import NavigationUI
import ViewKit

/// Taps the window at `point` as a finger would: the hit-tested view, or its nearest control
/// ancestor, gets the tap (`touchUpInside`).
@MainActor
@discardableResult
func tapWindow(_ window: UIWindow, at point: CGPoint) -> UIControl? {
  window.layoutIfNeeded()
  var view = window.hitTest(point, with: nil)
  while let current = view, !(current is UIControl) { view = current.superview }
  guard let control = view as? UIControl else { return nil }
  control.simulateTap()
  return control
}

/// The centre of `view` in its window's coordinates.
@MainActor
func centreInWindow(_ view: UIView) -> CGPoint {
  view.window?.layoutIfNeeded()
  return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
}

/// Runs `body` with the terms required, as an app that shows the dialog asks, and stored in a
/// fresh temporary folder; then goes back to the default (terms not required, accepted in
/// memory).
@MainActor
func withTemporaryConfiguration(_ body: (URL) throws -> Void) rethrows {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("navapi-terms-\(UUID().uuidString)")
  GMSNavigationServices.configurationDirectory = folder
  GMSNavigationServices.requiresTermsAndConditionsAcceptance = true
  defer {
    GMSNavigationServices.requiresTermsAndConditionsAcceptance = false
    try? FileManager.default.removeItem(at: folder)
    GMSNavigationServices.configurationDirectory = nil
    GMSNavigationServices.presentationWindow = nil
    try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
  }
  try body(folder)
}

/// A location source that reports fixed positions on demand (a stand-in for a GPS).
@MainActor
final class ScriptedLocationSource: GMSLocationSource {
  private var deliver: (@MainActor (CLLocation) -> Void)?
  private(set) var starts = 0
  private(set) var stops = 0
  let initial: CLLocationCoordinate2D?

  init(initial: CLLocationCoordinate2D? = nil) { self.initial = initial }

  func startUpdatingLocation(_ deliver: @escaping @MainActor (CLLocation) -> Void) {
    starts += 1
    self.deliver = deliver
    if let initial { send(initial) }
  }

  func stopUpdatingLocation() {
    stops += 1
    deliver = nil
  }

  var isRunning: Bool { deliver != nil }

  func send(_ coordinate: CLLocationCoordinate2D, speed: Double = 0) {
    deliver?(CLLocation(coordinate: coordinate, horizontalAccuracy: 5, timestamp: 0))
  }
}

/// Records every navigator and road-snapped callback.
@MainActor
final class RecordingListener: GMSNavigatorListener, GMSRoadSnappedLocationProviderListener {
  var events: [String] = []
  var navInfos: [GMSNavigationNavInfo] = []
  var arrivals: [GMSNavigationWaypoint] = []
  var times: [TimeInterval] = []
  var distances: [CLLocationDistance] = []
  var speeding: [CGFloat] = []
  var severities: [GMSNavigationSpeedAlertSeverity] = []
  var snapped: [CLLocation] = []

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    arrivals.append(waypoint)
    events.append("arrive \(waypoint.title)")
  }
  func navigatorDidChangeRoute(_ navigator: GMSNavigator) { events.append("route") }
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
    times.append(time)
  }
  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {
    distances.append(distance)
  }
  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    navInfos.append(navInfo)
  }
  func navigator(
    _ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat
  ) {
    speeding.append(percentageAboveLimit)
  }
  func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {
    severities.append(speedAlertSeverity)
  }
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    snapped.append(location)
  }
}
