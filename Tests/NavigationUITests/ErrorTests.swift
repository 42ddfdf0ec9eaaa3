import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
struct ErrorTests {
  @Test func delegateWhileNavigationEnabledThrows() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    #expect(throws: GMSMapViewNavigationLayoutError(.cannotSetDelegateWhileNavigationEnabled)) {
      try h.mapView.setLayoutDelegate(BasicLayoutDelegate())
    }
    #expect(h.mapView.layoutDelegate == nil)
    h.mapView.isNavigationEnabled = false
    try h.mapView.setLayoutDelegate(BasicLayoutDelegate())
    #expect(h.mapView.layoutDelegate != nil)
  }

  @Test func nilWhileEnabledThrowsAndKeepsDelegate() throws {
    let delegate = BasicLayoutDelegate()
    let h = try Harness(delegate: delegate)
    h.mapView.isNavigationEnabled = true
    do {
      try h.mapView.setLayoutDelegate(nil)
      Issue.record("expected an error")
    } catch let error as GMSMapViewNavigationLayoutError {
      #expect(error.code == .cannotSetDelegateWhileNavigationEnabled)
      #expect(error.errorCode == 1)
      #expect(
        GMSMapViewNavigationLayoutError.errorDomain == "GMSMapViewNavigationLayoutErrorDomain")
      #expect(error.description.contains("navigation is enabled"))
    }
    #expect(h.mapView.layoutDelegate === delegate)
    h.mapView.isNavigationEnabled = false
    try h.mapView.setLayoutDelegate(nil)
    #expect(h.mapView.layoutDelegate == nil)
  }

  @Test func carPlayScreenRefusesDelegate() throws {
    let screen = UIScreen(
      bounds: CGRect(x: 0, y: 0, width: 800, height: 480), scale: 2, idiom: .carPlay)
    let mapView = GMSMapView(options: GMSMapViewOptions(frame: screen.bounds, screen: screen))
    #expect(mapView.isCarPlayScreen)
    do {
      try mapView.setLayoutDelegate(BasicLayoutDelegate())
      Issue.record("expected an error")
    } catch let error as GMSMapViewNavigationLayoutError {
      #expect(error.code == .cannotSetDelegateOnCarPlayScreen)
      #expect(error.errorCode == 2)
    }
    #expect(mapView.layoutDelegate == nil)
  }

  @Test func delegateIsRetainedStrongly() throws {
    let h = try Harness(delegate: nil)
    weak var weakDelegate: BasicLayoutDelegate?
    do {
      let delegate = BasicLayoutDelegate()
      weakDelegate = delegate
      try h.mapView.setLayoutDelegate(delegate)
    }
    #expect(weakDelegate != nil)
  }

  @Test func promptsSuppressedWhenShouldDisplayPromptsIsFalse() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    #expect(h.navigator.shouldDisplayPrompts)
    h.navigator.shouldDisplayPrompts = false
    #expect(!h.navigator.showPrompt(.incident(title: "Crash")))
    #expect(!h.navigator.showPrompt(.traffic(title: "Jam", distance: 100)))
    #expect(!h.navigator.showPrompt(.betterRoute(title: "Faster", savings: 300)))
    h.clock.advance(by: 5)
    #expect(recorder.prompts.isEmpty)
    #expect(!h.mapView.layoutCallbackLog.contains("showPrompt"))
    h.navigator.shouldDisplayPrompts = true
    #expect(h.navigator.showPrompt(.incident(title: "Crash")))
    h.navigator.shouldDisplayPrompts = false
    #expect(h.mapView.layoutCallbackLog.suffix(2) == ["showPrompt", "hidePrompt"])
  }

  @Test func promptsOnlyDuringGuidance() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    #expect(!h.navigator.showPrompt(.incident(title: "Crash")))
    #expect(recorder.prompts.isEmpty)
  }

  @Test func buttonsAreFoundByTypeNotIndex() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let buttons = try #require(recorder.guidance?.buttons)
    let compass = try #require(buttons.first { $0.type == .compass })
    let report = try #require(buttons.first { $0.type == .reporting })
    #expect(compass.view !== report.view)
    #expect(compass.view === recorder.ready?.buttons.first { $0.type == .compass }?.view)
    #expect(recorder.ready?.buttons.contains { $0.type == .reporting } == false)
    #expect(NavigationButtonKnownType.compass.rawValue == 0)
    #expect(NavigationButtonKnownType.reporting.rawValue == 1)
    let unknown = NavigationButtonKnownType(rawValue: 42)
    #expect(unknown.rawValue == 42 && unknown != .compass && unknown.description == "unknown(42)")
    #expect(compass.view.accessibilityLabel?.isEmpty == false)
    #expect(report.view.accessibilityLabel == "Report an incident")
  }

  @Test func routeStatusErrors() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    var statuses: [GMSRouteStatus] = []
    let casino = GMSNavigationWaypoint(location: Harness.casino, title: "Casino")!
    h.navigator.setDestinations([casino]) { statuses.append($0) }
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    h.navigator.setDestinations([]) { statuses.append($0) }
    let paris = GMSNavigationWaypoint(
      location: CLLocationCoordinate2D(latitude: 48.85, longitude: 2.35), title: "Paris")!
    h.navigator.setDestinations([paris]) { statuses.append($0) }
    h.navigator.setDestinations([casino, casino]) { statuses.append($0) }
    #expect(statuses.isEmpty)  // callbacks come on the next clock turn
    h.clock.advance(by: 0)
    #expect(
      statuses == [
        .locationUnavailable, .noWaypointsError, .waypointError, .duplicateWaypointsError,
      ])
    #expect(
      GMSNavigationWaypoint(
        location: CLLocationCoordinate2D(latitude: 91, longitude: 0), title: "x") == nil)
    #expect(h.navigator.isGuidanceActive == false)
  }

  @Test func noCallbacksWithoutDelegateOrBeforeEnable() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.mapView.frame = CGRect(x: 0, y: 0, width: 300, height: 600)
    h.window.layoutIfNeeded()
    #expect(recorder.log.isEmpty)
    #expect(h.mapView.layoutCallbackLog.isEmpty)
  }
}
