import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// The view controller of Google's Navigation SDK codelab for iOS, step for step: a map from
/// options with a camera, the listener added before navigation is enabled, the terms dialog,
/// a place-ID destination, guidance, simulation and the following camera. Changes: the
/// imports, the place ID (one this resolver knows), a `UIAction` instead of `#selector`, and
/// no CoreLocation/notification permission requests (Linux has none to ask). The print
/// statements are kept as a log the test reads.
@MainActor
final class CodelabViewController: UIViewController, GMSNavigatorListener {
  var mapView: GMSMapView!
  var log: [String] = []

  override func loadView() {
    let camera = GMSCameraPosition.camera(withLatitude: 43.7384, longitude: 7.4246, zoom: 14)
    let options = GMSMapViewOptions()
    options.camera = camera
    options.frame = .zero
    mapView = GMSMapView(options: options)
    mapView.navigator?.add(self)
    let companyName = "Navigation SDK Codelab"
    GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(withCompanyName: companyName) {
      termsAccepted in
      if termsAccepted {
        self.mapView.isNavigationEnabled = true
      } else {
        self.log.append("terms rejected")
      }
    }
    view = mapView
    makeButton()
  }

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    log.append("You have arrived at: \(waypoint.title)")
  }

  func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    log.append("The route has changed.")
  }

  func startNav() {
    var destinations = [GMSNavigationWaypoint]()
    destinations.append(
      GMSNavigationWaypoint.init(placeID: "osm:node/272637923", title: "Place du Casino")!)
    mapView.navigator?.setDestinations(destinations) { routeStatus in
      guard routeStatus == .OK else {
        switch routeStatus {
        case .locationUnavailable: self.log.append("Location unavailable.")
        case .noRouteFound: self.log.append("No route found.")
        case .waypointError: self.log.append("Waypoint error")
        default: self.log.append("Not sure what happened")
        }
        return
      }
      self.mapView.navigator?.isGuidanceActive = true
      self.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
      self.mapView.cameraMode = .following
    }
  }

  var navButton: UIButton!

  func makeButton() {
    let navButton = UIButton(frame: CGRect(x: 5, y: 150, width: 200, height: 35))
    navButton.backgroundColor = .blue
    navButton.alpha = 0.5
    navButton.setTitle("Start navigation", for: .normal)
    navButton.addAction(UIAction { [weak self] _ in self?.startNav() }, for: .touchUpInside)
    self.mapView.addSubview(navButton)
    self.navButton = navButton
  }
}

@MainActor
@Suite struct CodelabTests {
  /// A device with a GPS fix at the Monaco heliport side of town (the codelab relies on the
  /// phone's location for the route's start).
  static let start = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)

  func launch(clock: ManualClock) -> (UIWindow, CodelabViewController) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
    let controller = CodelabViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return (window, controller)
  }

  @Test func firstLaunchAcceptsTermsSecondDrivesToArrivalWithEvents() throws {
    GMSNavigationSession.defaultLocationSource = { ScriptedLocationSource(initial: Self.start) }
    defer { GMSNavigationSession.defaultLocationSource = nil }
    try withTemporaryConfiguration { folder in
      GMSNavigationServices.configurationDirectory = folder
      // First launch: the dialog shows; the user taps Accept; navigation is enabled. (As in
      // the original, the listener added before acceptance had no navigator to join.)
      let clock = ManualClock()
      let (window, first) = launch(clock: clock)
      let dialog = try #require(GMSNavigationServices.presentedTermsDialog)
      #expect(dialog.window === window)
      tapWindow(window, at: centreInWindow(dialog.acceptButton))
      #expect(first.mapView.isNavigationEnabled)
      tapWindow(window, at: centreInWindow(first.navButton))
      clock.advance(by: 0)
      #expect(first.mapView.navigator?.isGuidanceActive == true)

      // Second launch: acceptance remembered in the XDG folder, no dialog, the listener
      // joins before navigation is enabled and hears the whole trip.
      let clock2 = ManualClock()
      let (window2, second) = launch(clock: clock2)
      #expect(GMSNavigationServices.presentedTermsDialog == nil)
      #expect(second.mapView.isNavigationEnabled)
      tapWindow(window2, at: centreInWindow(second.navButton))
      clock2.advance(by: 0)
      #expect(second.log == ["The route has changed."])
      #expect(second.mapView.navigator?.isGuidanceActive == true)
      #expect(second.mapView.cameraMode == .following)
      #expect(second.mapView.navigationUIPhase == .activeGuidance)
      clock2.advance(by: 900)
      #expect(second.log.last == "You have arrived at: Place du Casino")
      #expect(second.mapView.navigator?.isGuidanceActive == false)
      let end = try #require(second.mapView.navigator?.lastLocation?.coordinate)
      #expect(
        Geodesy.distance(end, CLLocationCoordinate2D(latitude: 43.7399476, longitude: 7.4275372))
          < 80)
    }
  }

  /// With the default (terms not required before navigation), the codelab runs to arrival on
  /// its first launch: the dialog still shows and is accepted, and the listener added before
  /// navigation is enabled hears the whole trip.
  @Test func firstLaunchRunsToArrivalWithTheListenerAddedEarly() throws {
    GMSNavigationSession.defaultLocationSource = { ScriptedLocationSource(initial: Self.start) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("codelab-terms-\(UUID().uuidString)")
    GMSNavigationServices.configurationDirectory = folder
    defer {
      GMSNavigationSession.defaultLocationSource = nil
      try? FileManager.default.removeItem(at: folder)
      GMSNavigationServices.configurationDirectory = nil
      GMSNavigationServices.presentationWindow = nil
      try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    }
    #expect(!GMSNavigationServices.requiresTermsAndConditionsAcceptance)
    let clock = ManualClock()
    let (window, controller) = launch(clock: clock)
    let dialog = try #require(GMSNavigationServices.presentedTermsDialog)
    tapWindow(window, at: centreInWindow(dialog.acceptButton))
    #expect(GMSNavigationServices.areTermsAndConditionsAccepted())
    #expect(controller.mapView.isNavigationEnabled)
    tapWindow(window, at: centreInWindow(controller.navButton))
    clock.advance(by: 0)
    #expect(controller.log == ["The route has changed."])
    clock.advance(by: 900)
    #expect(controller.log.last == "You have arrived at: Place du Casino")
  }
}
