import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
@Suite struct SessionTests {
  @Test func oneSessionDrivesTwoMapViews() throws {
    let phone = try Harness(delegate: nil)
    let car = UIWindow(
      frame: CGRect(x: 0, y: 0, width: 800, height: 480), clock: phone.clock,
      screen: UIScreen(
        bounds: CGRect(x: 0, y: 0, width: 800, height: 480), scale: 2, idiom: .carPlay))
    let carMap = GMSMapView(frame: car.bounds)
    car.addSubview(carMap)
    let session = try #require(GMSNavigationServices.createNavigationSession())
    session.isStarted = true
    #expect(phone.mapView.enableNavigation(with: session))
    #expect(carMap.enableNavigation(with: session))
    #expect(phone.mapView.navigator === session.navigator)
    #expect(carMap.navigator === session.navigator)
    #expect(session.attachedMapViews.count == 2)
    session.locationSimulator?.simulateLocation(at: Harness.origin)
    var status: GMSRouteStatus?
    session.navigator?.setDestinations(
      [GMSNavigationWaypoint(location: Harness.casino, title: "Casino")!]
    ) { status = $0 }
    phone.clock.advance(by: 0)
    #expect(status == .OK)
    session.navigator?.isGuidanceActive = true
    #expect(phone.mapView.navigationUIPhase == .activeGuidance)
    #expect(carMap.navigationUIPhase == .activeGuidance)
    session.locationSimulator?.simulateLocationsAlongExistingRoute()
    phone.clock.advance(by: 5)
    #expect(phone.mapView.camera.target == carMap.camera.target)
    #expect(phone.mapView.camera.target == session.navigator?.lastLocation?.coordinate)
  }

  @Test func navigatorExistsBeforeEnablingSoEarlyListenersHear() throws {
    let h = try Harness(delegate: nil)
    let listener = RecordingListener()
    let navigator = try #require(h.mapView.navigator)  // terms accepted, not enabled
    #expect(!h.mapView.isNavigationEnabled)
    navigator.add(listener)
    h.enableAndRoute()
    #expect(h.mapView.navigator === navigator)
    #expect(listener.events.contains("route"))
    #expect(navigator.remove(listener))
    #expect(!navigator.remove(listener))
  }

  @Test func locationSourceFeedsTheNavigatorThroughTheRoadSnappedProvider() throws {
    let h = try Harness(delegate: nil)
    let session = try #require(h.mapView.navigationSession)
    let source = ScriptedLocationSource()
    session.locationSource = source
    #expect(source.starts == 0)  // not started yet
    let listener = RecordingListener()
    let provider = try #require(session.roadSnappedLocationProvider)
    provider.add(listener)
    h.mapView.isNavigationEnabled = true  // starts the session
    #expect(session.isStarted && source.isRunning)
    source.send(Harness.origin)
    #expect(listener.snapped.isEmpty)  // not updating yet
    #expect(h.navigator.lastLocation?.coordinate == Harness.origin)
    provider.startUpdatingLocation()
    let shifted = CLLocationCoordinate2D(latitude: 43.73, longitude: 7.4169)
    provider.snapper = { raw in
      CLLocation(coordinate: shifted, horizontalAccuracy: raw.horizontalAccuracy, timestamp: 0)
    }
    source.send(Harness.origin)
    #expect(listener.snapped.map(\.coordinate) == [shifted])
    #expect(h.navigator.lastLocation?.coordinate == shifted)
    provider.snapper = { _ in nil }  // a matcher may drop a fix
    source.send(Harness.casino)
    #expect(listener.snapped.count == 1)
    provider.stopUpdatingLocation()
    session.isStarted = false
    #expect(!source.isRunning && source.stops == 1)
  }

  @Test func mapOptionsAreAClassWithCameraAndMapID() {
    let options = GMSMapViewOptions()
    options.camera = GMSCameraPosition.camera(withLatitude: 43.74, longitude: 7.42, zoom: 14)
    options.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    options.mapID = GMSMapID(identifier: "demo")
    options.backgroundColor = .black
    let mapView = GMSMapView(options: options)
    #expect(mapView.camera.target == CLLocationCoordinate2D(latitude: 43.74, longitude: 7.42))
    #expect(mapView.camera.zoom == 14)
    #expect(mapView.frame.size == CGSize(width: 320, height: 480))
    #expect(mapView.mapID?.identifier == "demo")
    #expect(mapView.backgroundColor == .black)
  }

  @Test func followingZoomAndMyLocation() throws {
    let h = try Harness(delegate: nil)
    h.enableAndRoute()
    #expect(h.mapView.myLocation == nil)
    h.mapView.isMyLocationEnabled = true
    #expect(h.mapView.myLocation?.coordinate == Harness.origin)
    h.mapView.followingZoomLevel = 12
    #expect(h.mapView.camera.zoom == 12)
    h.mapView.followingZoomLevel = GMSNavigationNoFollowingZoomLevel
    #expect(h.mapView.camera.zoom == 17)
  }

  @Test func headerColourSettingsReachTheTurnCard() throws {
    let h = try Harness(delegate: nil)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let state = try #require(h.mapView.navigationUIState as? any ActiveGuidanceUIState)
    let card = state.turnCard
    func label(_ name: String) -> UILabel? {
      card.subviews.first { $0.accessibilityIdentifier == name } as? UILabel
    }
    h.mapView.settings.navigationHeaderInstructionsTextColor = .red
    h.mapView.settings.navigationHeaderLargeManeuverIconColor = .yellow
    h.mapView.settings.navigationHeaderNextStepTextColor = .green
    #expect(label("turnCard.road")?.textColor == .red)
    #expect(label("turnCard.arrow")?.textColor == .yellow)
    #expect(label("turnCard.then")?.textColor == .green)
    #expect(label("turnCard.distance")?.textColor == .white)
    h.mapView.settings.navigationHeaderBackgroundAlpha = 0.5
    #expect(card.backgroundColor?.alpha == 0.5)
    // Header fonts (GMSUISettings+Navigation): distance, road row, "then" row.
    let distanceFont = label("turnCard.distance")?.font
    h.mapView.settings.navigationHeaderDistanceValueFont = .boldSystemFont(ofSize: 30)
    h.mapView.settings.navigationHeaderInstructionsFirstRowFont = .systemFont(ofSize: 26)
    h.mapView.settings.navigationHeaderNextStepFont = .systemFont(ofSize: 13)
    #expect(label("turnCard.distance")?.font?.pointSize == 30)
    #expect(label("turnCard.road")?.font?.pointSize == 26)
    #expect(label("turnCard.then")?.font?.pointSize == 13)
    h.mapView.settings.navigationHeaderDistanceValueFont = nil
    #expect(label("turnCard.distance")?.font == distanceFont)
  }
}
