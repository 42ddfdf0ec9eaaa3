// Compiled in Swift 5 language mode (see Package.swift): a plugin-style session manager, as
// Google's Flutter plugin writes one, is a plain `NSObject` subclass with no actor annotation
// that calls the navigation API synchronously. Against the original (Objective-C headers
// without actor annotations) that compiles; the API's `@preconcurrency @MainActor` keeps it
// compiling here (at most warnings), while Swift 6 clients keep main-actor checking.
import Foundation
import NavigationUI
import Testing

final class PluginSessionManager: NSObject {
  private var session: GMSNavigationSession?
  private(set) var events: [String] = []

  func areTermsAccepted() -> Bool { GMSNavigationServices.areTermsAndConditionsAccepted() }

  func createSession() -> Bool {
    guard session == nil else { return true }
    session = GMSNavigationServices.createNavigationSession()
    session?.isStarted = true
    session?.navigator?.add(self)
    session?.navigator?.stopGuidanceAtArrival = false
    session?.navigator?.timeUpdateThreshold = TimeInterval.infinity
    session?.navigator?.distanceUpdateThreshold = CLLocationDistanceMax
    session?.roadSnappedLocationProvider?.add(self)
    session?.roadSnappedLocationProvider?.startUpdatingLocation()
    return session != nil
  }

  func configure() {
    guard let navigator = session?.navigator else { return }
    navigator.avoidsFerries = true
    navigator.avoidsTolls = false
    navigator.voiceGuidance = .alertsOnly
    navigator.audioDeviceType = .builtInOnly
    navigator.isVibrationEnabled = true
    let options = GMSNavigationMutableSpeedAlertOptions()
    options.severityUpgradeDurationSeconds = 5
    options.setSpeedAlertThresholdPercentage(0.05, for: .minor)
    options.setSpeedAlertThresholdPercentage(0.1, for: .major)
    navigator.speedAlertOptions = options
    session?.travelMode = .driving
  }

  func simulate(at coordinate: CLLocationCoordinate2D) {
    session?.locationSimulator?.speedMultiplier = 1.0
    session?.locationSimulator?.simulateLocation(at: coordinate)
  }

  func route(to placeID: String, clock: ManualClock, answer: @escaping (GMSRouteStatus) -> Void) {
    session?.clock = clock
    let waypoint = GMSNavigationWaypoint(placeID: placeID, title: "Destination")!
    session?.navigator?.setDestinations([waypoint]) { status in answer(status) }
  }

  func timeAndDistance() -> (TimeInterval, CLLocationDistance, GMSNavigationDelayCategory)? {
    guard let navigator = session?.navigator else { return nil }
    return (
      navigator.timeToNextDestination, navigator.distanceToNextDestination,
      navigator.delayCategoryToNextDestination
    )
  }

  func cleanup() {
    session?.roadSnappedLocationProvider?.remove(self)
    session?.locationSimulator?.stopSimulation()
    session?.navigator?.clearDestinations()
    session?.navigator?.isGuidanceActive = false
    session?.isStarted = false
    session = nil
  }
}

extension PluginSessionManager: GMSNavigatorListener {
  func navigatorDidChangeRoute(_ navigator: GMSNavigator) { events.append("route") }

  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
    events.append("navInfo \(navInfo.navState.rawValue)")
  }
}

extension PluginSessionManager: GMSRoadSnappedLocationProviderListener {
  func locationProvider(
    _ locationProvider: GMSRoadSnappedLocationProvider, didUpdate location: CLLocation
  ) {
    events.append("location")
  }
}

@Suite struct PluginStyleCallTests {
  @MainActor @Test func aNonisolatedManagerDrivesASession() throws {
    try GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    let manager = PluginSessionManager()
    #expect(manager.areTermsAccepted())
    #expect(manager.createSession())
    manager.configure()
    manager.simulate(at: CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168))
    #expect(manager.events.contains("location"))
    let clock = ManualClock()
    var status: GMSRouteStatus?
    manager.route(to: "43.7394,7.4275", clock: clock) { status = $0 }
    clock.advance(by: 0)
    #expect(status == .OK)
    #expect(manager.events.contains("route"))
    let (time, distance, _) = try #require(manager.timeAndDistance())
    #expect(time > 0 && time < CLTimeIntervalMax)
    #expect(distance > 0 && distance < CLLocationDistanceMax)
    manager.cleanup()
  }
}
