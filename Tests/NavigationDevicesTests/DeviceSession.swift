import Foundation
import Location
import NavigationCore
import NavigationDevices
import NavigationUI
import Routing
import Testing
import ViewKit

/// A navigation session on a `ManualClock` fed by a device source, and what it reported.
@MainActor
final class DeviceSession: GMSNavigatorListener, GMSRoadSnappedLocationProviderListener {
  static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  static let router = EmbeddedRouteProvider.bundled.engine?.router

  let clock: ManualClock
  let session: GMSNavigationSession
  let device: RoadSnappedLocationSource
  var snapped: [CLLocation] = []
  var arrivals: [String] = []
  var routeChanges = 0
  var stepNumbers: [Int] = []

  /// The kept NMEA log of the Monaco drive with a wrong turn.
  static func log() throws -> String {
    let url = try #require(Bundle.module.url(forResource: "monaco-drive", withExtension: "nmea"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  init(source: any LocationSource, clock: ManualClock = ManualClock()) throws {
    self.clock = clock
    session = try #require(GMSNavigationServices.createNavigationSession())
    session.clock = clock
    device = RoadSnappedLocationSource(
      locationManager: CLLocationManager(source: source, clock: clock))
    session.locationSource = device
    session.roadSnappedLocationProvider?.add(self)
    session.roadSnappedLocationProvider?.startUpdatingLocation()
    navigator.add(self)
  }

  var navigator: GMSNavigator { session.navigator! }

  /// Routes to the Casino from the device's location and starts guidance.
  func routeToCasino() -> GMSRouteStatus? {
    var status: GMSRouteStatus?
    navigator.setDestinations([GMSNavigationWaypoint(location: Self.casino, title: "Casino")!]) {
      status = $0
    }
    clock.advance(by: 0)
    navigator.isGuidanceActive = true
    return status
  }

  /// Meters from `c` to the nearest road of the bundled map.
  static func distanceToRoad(_ c: CLLocationCoordinate2D) -> Double {
    router?.snap(c, radius: 60).first?.distance ?? .infinity
  }

  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    snapped.append(location)
  }

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    arrivals.append(waypoint.title)
  }

  func navigatorDidChangeRoute(_ navigator: GMSNavigator) { routeChanges += 1 }

  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    if let step = navInfo.currentStep?.stepNumber, step != stepNumbers.last {
      stepNumbers.append(step)
    }
  }
}
