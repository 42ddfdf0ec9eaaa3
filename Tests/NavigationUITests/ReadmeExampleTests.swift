import Foundation
import NavigationUI
import Testing
import ViewKit

/// The layout delegate shown in the README, kept compiling and correct here.
@MainActor
final class CardsOnTopDelegate: NSObject, NavigationLayoutDelegate {
  private var guidance: [NSLayoutConstraint] = []

  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {
    let card = newState.turnCard
    let eta = newState.etaCard
    for view in [newState.viewport, newState.googleLogo, card, eta] { navMap.addSubview(view) }
    guidance = [
      card.topAnchor.constraint(equalTo: navMap.topAnchor),
      card.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      card.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
      eta.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
      eta.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      eta.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: card.bottomAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: eta.topAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: navMap.trailingAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: 8),
      newState.googleLogo.bottomAnchor.constraint(equalTo: eta.topAnchor, constant: -8),
    ]
    NSLayoutConstraint.activate(guidance)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {
    NSLayoutConstraint.deactivate(guidance)
    for view in [oldState.viewport, oldState.googleLogo, oldState.turnCard, oldState.etaCard] {
      view.removeFromSuperview()
    }
  }
}

@MainActor
@Suite struct ReadmeExampleTests {
  @Test func cardsSitAtTheEdgesAndTheViewportBetween() throws {
    let clock = ManualClock()
    let window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), clock: clock)
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    let delegate = CardsOnTopDelegate()
    try mapView.setLayoutDelegate(delegate)
    try GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    mapView.isNavigationEnabled = true
    mapView.locationSimulator?.simulateLocation(
      at: CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168))
    var status: GMSRouteStatus?
    mapView.navigator?.setDestinations([
      GMSNavigationWaypoint(
        location: CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275), title: "Casino")!
    ]) { status = $0 }
    clock.advance(by: 0.1)
    #expect(status == .OK)
    mapView.navigator?.isGuidanceActive = true
    clock.advance(by: 1)
    window.layoutIfNeeded()
    let card = try #require(mapView.subviews.first { $0.frame.minY == 0 && $0.frame.height > 0 })
    #expect(card.frame.width == 390)
    #expect(mapView.subviews.contains { $0.frame.maxY == 844 && $0.frame.width == 390 })
    mapView.navigator?.isGuidanceActive = false
    clock.advance(by: 0.1)
    #expect(!mapView.subviews.contains { $0 === card })
  }
}
