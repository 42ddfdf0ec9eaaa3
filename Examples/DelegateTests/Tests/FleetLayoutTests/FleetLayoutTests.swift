import FleetLayout
import LayoutAudit
import NavigationUI
import NavigationUITesting
import Testing

/// A phone screen on a manual clock with the delivery app's delegate: the set-up every test
/// below starts from.
@MainActor
struct Screen {
  static let fontvieille = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  let clock = ManualClock()
  let window: UIWindow
  let mapView: GMSMapView
  let delegate = FleetLayoutDelegate()

  init() throws {
    window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: 390, height: 844),
      safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0), clock: clock)
    mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    try mapView.setLayoutDelegate(delegate)
  }

  /// Navigation on, the vehicle at Fontvieille, routed to the Casino on the bundled map.
  func route() -> GMSRouteStatus? {
    mapView.isNavigationEnabled = true
    mapView.locationSimulator?.simulateLocation(at: Self.fontvieille)
    var status: GMSRouteStatus?
    mapView.navigator?.setDestinations(
      [GMSNavigationWaypoint(location: Self.casino, title: "Casino")!]
    ) { status = $0 }
    clock.advance(by: 0)
    return status
  }

  /// `view`'s frame in the window, laid out.
  func frame(_ view: UIView) -> CGRect {
    window.layoutIfNeeded()
    return view.convert(view.bounds, to: nil)
  }

  /// The view with this accessibility identifier on the map, if any.
  func find(_ identifier: String) -> UIView? {
    func walk(_ view: UIView) -> UIView? {
      if view.accessibilityIdentifier == identifier { return view }
      for subview in view.subviews {
        if let found = walk(subview) { return found }
      }
      return nil
    }
    return walk(mapView)
  }
}

@MainActor
@Suite struct FleetLayoutTests {
  @Test func everyStateIsLaidOutAsDesigned() throws {
    let screen = try Screen()
    #expect(screen.route() == .OK)
    // Navigation ready: the map's contents, no guidance views, no panel.
    #expect(screen.find("viewport") != nil)
    #expect(screen.find("turnCard") == nil)
    #expect(screen.delegate.panel.superview == nil)

    // Guidance: turn card on top, the panel right above the ETA card, the viewport between.
    screen.mapView.navigator?.isGuidanceActive = true
    screen.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    screen.clock.advance(by: 5)
    let turnCard = try #require(screen.find("turnCard"))
    let etaCard = try #require(screen.find("etaCard"))
    let viewport = try #require(screen.find("viewport"))
    let panel = screen.frame(screen.delegate.panel)
    #expect(screen.frame(turnCard).minY == 0)
    #expect(panel.maxY == screen.frame(etaCard).minY)
    #expect(panel.width == 390)
    #expect(screen.frame(viewport).minY == screen.frame(turnCard).maxY)
    #expect(screen.frame(viewport).maxY <= panel.minY)

    // A prompt slides in over the panel and rests on the ETA card, then leaves.
    screen.mapView.navigator?.showPrompt(.incident(title: "Accident ahead"))
    screen.clock.advance(by: FleetLayoutDelegate.promptDuration + 0.1)
    let prompt = try #require(screen.find("prompt"))
    #expect(abs(screen.frame(prompt).maxY - screen.frame(etaCard).minY) < 0.5)
    #expect(screen.frame(viewport).maxY <= screen.frame(prompt).minY + 0.5)
    screen.mapView.navigator?.dismissPrompt()
    screen.clock.advance(by: FleetLayoutDelegate.promptDuration + 0.1)
    #expect(screen.find("prompt") == nil)

    // Guidance stopped, then navigation off: nothing of the delegate's is left.
    screen.mapView.navigator?.isGuidanceActive = false
    screen.clock.advance(by: 0.5)
    #expect(screen.find("turnCard") == nil)
    #expect(screen.delegate.panel.superview == nil)
    screen.mapView.isNavigationEnabled = false
    screen.clock.advance(by: 0.5)
    #expect(screen.find("viewport") == nil)
  }

  @Test func theLayoutFollowsEveryRuleOfTheSDK() {
    // The prompt covers the panel on purpose: declared, so the audit accepts that overlap only.
    let audit = LayoutAudit(
      matrix: .default, allowedOverlaps: [AllowedOverlap("prompt", "deliveryPanel")])
    let findings = audit.run(makeDelegate: { FleetLayoutDelegate() })
    #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
  }

  @Test func theGuidanceScreenMatchesItsReference() throws {
    let screen = try Screen()
    #expect(screen.route() == .OK)
    screen.mapView.navigator?.isGuidanceActive = true
    screen.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    screen.clock.advance(by: 5)
    screen.window.layoutIfNeeded()
    // Tests/__Snapshots__/guidance-phone.png; NAVUI_RECORD_SNAPSHOTS=1 re-records it.
    assertSnapshot(of: screen.window, named: "guidance-phone")
  }
}
