import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// The embedded route from the origin to the casino.
@MainActor func embeddedRoute() throws -> Route {
  try EmbeddedRouteProvider.bundled.routes(
    through: [Harness.origin, Harness.casino], heading: nil, alternates: 0)[0]
}

@MainActor
struct NavigatorTests {
  @Test func simulatorPausesAndScalesSpeed() throws {
    let (h, _) = try guiding()
    let simulator = try #require(h.mapView.locationSimulator)
    simulator.simulateLocationsAlongExistingRoute()
    #expect(simulator.isSimulatingAlongRoute)
    h.clock.advance(by: 10)
    let d1 = h.navigator.routeProgress!.distanceTraveled
    #expect(d1 > 0)
    simulator.isPaused = true
    h.clock.advance(by: 10)
    let d2 = h.navigator.routeProgress!.distanceTraveled
    #expect(abs(d2 - d1) < 1)
    simulator.isPaused = false
    simulator.speedMultiplier = 2
    h.clock.advance(by: 10)
    let d3 = h.navigator.routeProgress!.distanceTraveled
    #expect(d3 - d2 > (d1 - 0) * 1.3)
    simulator.stopSimulation()
    h.clock.advance(by: 10)
    #expect(h.navigator.routeProgress!.distanceTraveled == d3)
  }

  @Test func sdkRaisesIncidentPromptsFromRouteData() throws {
    var route = try embeddedRoute()
    route.legs[0].incidents = [
      Incident(
        identifier: "i1", type: "accident", description: "Accident on Boulevard",
        geometryIndexStart: 3, geometryIndexEnd: 4)
    ]
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.mapView.isNavigationEnabled = true
    h.navigator.routeProvider = FixedRouteProvider(routes: [route])
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    h.navigator.promptPolicy.quietDistanceBeforeManeuver = 0
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 3)
    #expect(h.mapView.layoutCallbackLog.contains("showPrompt"))
    #expect(h.navigator.currentPrompt == .incident(title: "Accident on Boulevard"))
    h.clock.advance(by: 15)  // SDK prompts hide on their own (autoDismissAfter 10 s)
    #expect(h.mapView.layoutCallbackLog.last == "hidePrompt")
    #expect(h.navigator.currentPrompt == nil)
  }

  @Test func listenersHearPromptsLightingAndRouteChanges() throws {
    final class Listener: GMSNavigatorListener {
      var events: [String] = []
      func navigatorWillPresentPrompt(_ navigator: GMSNavigator) { events.append("will") }
      func navigatorDidDismissPrompt(_ navigator: GMSNavigator) { events.append("did") }
      func navigatorDidChangeRoute(_ navigator: GMSNavigator) { events.append("route") }
      func navigator(
        _ navigator: GMSNavigator,
        didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
      ) {
        events.append("light \(lightingMode.rawValue)")
      }
    }
    let h = try Harness(delegate: BasicLayoutDelegate())
    h.mapView.isNavigationEnabled = true
    let listener = Listener()
    h.navigator.add(listener)
    // Midnight in Monaco: the advisor suggests low light after its dwell time.
    h.navigator.referenceDate = Date(timeIntervalSince1970: 1_782_943_200)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    h.navigator.showPrompt(.incident(title: "A"))
    h.navigator.dismissPrompt()
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 90)
    #expect(
      listener.events.filter { !$0.hasPrefix("light") }.prefix(3) == ["route", "will", "did"])
    #expect(listener.events.contains("light 1"))
    #expect(h.navigator.suggestedLightingMode == .lowLight)
    h.navigator.clearDestinations()
    #expect(listener.events.last == "route")
    #expect(!h.navigator.isGuidanceActive)
    #expect(h.mapView.layoutCallbackLog.last == "stopGuidance")
  }

  @Test func guidanceRequestedBeforeRouteStartsWhenRouteArrives() throws {
    let recorder = RecordingDelegate(BasicLayoutDelegate())
    let h = try Harness(delegate: recorder)
    h.mapView.isNavigationEnabled = true
    h.navigator.isGuidanceActive = true
    #expect(!h.navigator.isGuidanceActive)
    #expect(h.mapView.layoutCallbackLog == ["enableNavigationUI"])
    h.enableAndRoute()
    #expect(h.navigator.isGuidanceActive)
    #expect(h.mapView.layoutCallbackLog == ["enableNavigationUI", "startGuidance"])
    #expect(h.navigator.timeToNextDestination > 0)
    #expect(h.navigator.distanceToNextDestination > 100)
    #expect(h.navigator.currentRouteLeg != nil)
  }

  @Test func directionsListShowsRemainingSteps() throws {
    let (h, _) = try guiding()
    let list = GMSNavigationDirectionsListController(navigator: h.navigator)
    list.reloadData()
    #expect(list.rows.isEmpty)  // no-op before the view is first accessed
    let view = list.directionsListView
    #expect(!list.rows.isEmpty)
    #expect(view.subviews.count == list.rows.count)
    let before = list.rows.count
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 60)
    list.reloadData()
    #expect(list.rows.count < before)
  }

  @Test func alternateRoutesStrategy() throws {
    let h = try Harness(delegate: nil)
    h.mapView.isNavigationEnabled = true
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    var status: GMSRouteStatus?
    let casino = GMSNavigationWaypoint(location: Harness.casino, title: "Casino")!
    h.navigator.setDestinations(
      [casino], routingOptions: GMSNavigationRoutingOptions(alternateRoutesStrategy: .none)
    ) { status = $0 }
    h.clock.advance(by: 0)
    #expect(status == .OK)
    #expect(h.navigator.alternateRoutes.isEmpty)
    h.navigator.setDestinations([casino], routingOptions: GMSNavigationRoutingOptions()) {
      status = $0
    }
    h.clock.advance(by: 0)
    #expect(status == .OK)
    #expect(h.navigator.alternateRoutes.count <= 2)
  }
}

@MainActor
struct RerouteTests {
  @Test func detourReroutesAndRestartsTheTripBar() throws {
    final class Listener: GMSNavigatorListener {
      var routeChanges = 0
      func navigatorDidChangeRoute(_ navigator: GMSNavigator) { routeChanges += 1 }
    }
    let (h, g) = try guiding()
    let listener = Listener()
    h.navigator.add(listener)
    let firstRoute = try #require(h.navigator.currentRoute)
    let simulator = try #require(h.mapView.locationSimulator)
    simulator.deviation = LocationSimulator.Deviation(atDistance: 200, duration: 20, angle: 90)
    simulator.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 60)
    #expect(listener.routeChanges >= 1)
    #expect(h.navigator.currentRoute != firstRoute)
    #expect(h.navigator.isGuidanceActive)
    #expect(g.turnCard.superview === h.mapView)
  }

  @Test func speedIconsHideWhileRecenterShows() throws {
    let (h, g) = try guiding()
    h.mapView.shouldDisplaySpeedometer = true
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 3)
    #expect(g.speedWidget.intrinsicContentSize != .zero)
    h.mapView.simulateGesture(.scroll(dx: 0, dy: 100))
    #expect(g.speedWidget.intrinsicContentSize == .zero)
    h.mapView.simulateTap(g.googleLogo)
    #expect(g.speedWidget.intrinsicContentSize != .zero)
  }
}
