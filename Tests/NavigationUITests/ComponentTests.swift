import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
func subview(_ view: UIView, _ id: String) -> UIView? {
  view.subviews.first { $0.accessibilityIdentifier == id }
}

@MainActor
func text(_ view: UIView, _ id: String) -> String {
  (subview(view, id) as? UILabel)?.text ?? ""
}

/// A guiding harness with the sample delegate and the route driving.
@MainActor
func guiding(
  locale: Locale = Locale(identifier: "en_US"), configure: (Harness) -> Void = { _ in }
) throws -> (Harness, any ActiveGuidanceUIState) {
  let recorder = RecordingDelegate(BasicLayoutDelegate())
  let h = try Harness(delegate: recorder)
  h.mapView.navigationLocale = locale
  configure(h)
  h.enableAndRoute()
  h.navigator.isGuidanceActive = true
  return (h, try #require(recorder.guidance))
}

@MainActor
struct ComponentTests {
  @Test func turnCardEtaCardAndProgressFollowTheNavigator() throws {
    let (h, g) = try guiding()
    h.window.layoutIfNeeded()
    let road0 = text(g.turnCard, "turnCard.road")
    let distance0 = text(g.turnCard, "turnCard.distance")
    #expect(!road0.isEmpty)
    #expect(!distance0.isEmpty)
    #expect(!text(g.turnCard, "turnCard.arrow").isEmpty)
    #expect(g.turnCard.accessibilityLabel?.contains(distance0) == true)
    let arrival0 = text(g.etaCard, "etaCard.arrival")
    #expect(!arrival0.isEmpty)
    #expect(g.etaCard.accessibilityLabel?.hasPrefix("Arrival") == true)
    let remaining0 = h.navigator.distanceToNextDestination
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 20)
    #expect(h.navigator.distanceToNextDestination < remaining0)
    #expect(
      text(g.turnCard, "turnCard.distance") != distance0
        || text(g.turnCard, "turnCard.road") != road0)
    let elapsed = try #require(subview(g.tripProgressBar, "tripProgressBar.elapsed"))
    #expect(elapsed.frame.height >= 0)
    #expect(g.tripProgressBar.accessibilityLabel?.contains("percent") == true)
    #expect(h.navigator.routeProgress!.fractionTraveled > 0)
  }

  @Test func arrivalStopsGuidanceAndNotifiesListeners() throws {
    final class Listener: GMSNavigatorListener {
      var arrived: [String] = []
      var timeUpdates = 0
      func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
        arrived.append(waypoint.title)
      }
      func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {
        timeUpdates += 1
      }
    }
    let (h, _) = try guiding()
    let listener = Listener()
    h.navigator.add(listener)
    h.mapView.locationSimulator?.speedMultiplier = 4
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 600)
    #expect(listener.arrived == ["Casino"])
    #expect(listener.timeUpdates > 10)
    #expect(!h.navigator.isGuidanceActive)
    #expect(h.mapView.layoutCallbackLog.last == "stopGuidance")
  }

  @Test func speedWidgetFourStatesAndAlertColours() throws {
    var route: Route?
    let (h, g) = try guiding { h in
      h.mapView.isNavigationEnabled = true
      h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
      var r = try! EmbeddedRouteProvider.bundled.routes(
        through: [Harness.origin, Harness.casino], heading: nil, alternates: 0)[0]
      for i in r.legs.indices {
        var a = r.legs[i].annotation ?? RouteLegAnnotation()
        a.maxSpeeds = Array(
          repeating: .known(value: 30, unit: .kilometersPerHour), count: max(a.distances.count, 1))
        r.legs[i].annotation = a
      }
      route = r
      h.navigator.routeProvider = FixedRouteProvider(routes: [r])
    }
    #expect(route != nil)
    let widget = g.speedWidget
    #expect(widget.intrinsicContentSize == .zero)  // nothing shown
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 3)
    #expect(widget.intrinsicContentSize == .zero)
    // Under the limit the speedometer shows the limit sign only (Guides/Spec.md §12.8).
    h.mapView.shouldDisplaySpeedometer = true
    #expect(h.navigator.speedAlert.severity == .notSpeeding)
    #expect(widget.intrinsicContentSize == CGSize(width: 56, height: 56))
    #expect(widget.accessibilityLabel?.hasPrefix("limit") == true)
    h.mapView.shouldDisplaySpeedLimit = true
    #expect(widget.intrinsicContentSize == CGSize(width: 56, height: 56))
    h.mapView.shouldDisplaySpeedometer = false
    #expect(widget.intrinsicContentSize == CGSize(width: 56, height: 56))
    #expect(text(widget, "speedWidget.limit") == "19")  // 30 km/h in en_US miles per hour
    h.mapView.navigationLocale = Locale(identifier: "fr_FR")
    #expect(text(widget, "speedWidget.limit") == "30")
    h.mapView.navigationLocale = Locale(identifier: "en_US")
    h.mapView.shouldDisplaySpeedometer = true
    // Well over the 30 km/h limit: the simulator drives each stretch at the route's own
    // speed, which counts signal and turn delays, so a small multiple can sit at a slow one.
    h.mapView.locationSimulator?.speedMultiplier = 8
    h.clock.advance(by: 3)
    let speed = try #require(subview(widget, "speedWidget.speed") as? UILabel)
    #expect(h.navigator.speedAlert.severity == .major)
    // Speeding: the sign expands with the current speed under it.
    #expect(widget.intrinsicContentSize == CGSize(width: 56, height: 120))
    #expect(widget.accessibilityLabel?.hasPrefix("Speed") == true)
    #expect(speed.backgroundColor == .systemRed)
    #expect(speed.textColor == .white)
    // The app's speedometer colours for a major alert, day and night.
    let colours = GMSNavigationMutableSpeedometerUIOptions()
    colours.setBackgroundColor(.purple, for: .major, lightingMode: .normal)
    colours.setTextColor(.yellow, for: .major, lightingMode: .normal)
    colours.setBackgroundColor(.blue, for: .major, lightingMode: .lowLight)
    h.mapView.settings.speedometerUIOptions = colours
    #expect(speed.backgroundColor == .purple)
    #expect(speed.textColor == .yellow)
    h.mapView.lightingMode = .lowLight
    #expect(speed.backgroundColor == .blue)
    #expect(speed.textColor == .white)  // not set for night: the default
    h.mapView.settings.speedometerUIOptions = nil
    #expect(speed.backgroundColor == .systemRed)
  }

  @Test func nightColoursAndHeaderSettings() throws {
    let (h, g) = try guiding()
    let day = g.turnCard.backgroundColor
    h.mapView.lightingMode = .lowLight
    #expect(g.etaCard.backgroundColor != .white)
    #expect(g.turnCard.backgroundColor == day)  // night header defaults to the day colour
    h.mapView.settings.navigationHeaderPrimaryBackgroundColorNightMode = .blue
    #expect(g.turnCard.backgroundColor == .blue)
    h.mapView.lightingMode = .normal
    h.mapView.settings.navigationHeaderPrimaryBackgroundColor = .red
    #expect(g.turnCard.backgroundColor == .red)
    #expect(g.etaCard.backgroundColor == .white)
  }

  @Test func instructionsInTheLocaleLanguage() throws {
    let (h, g) = try guiding(locale: Locale(identifier: "fr_FR"))
    h.window.layoutIfNeeded()
    let label = g.turnCard.accessibilityLabel ?? ""
    let french = [
      "Tourner", "Continuer", "Prendre", "Serrer", "Vous", "Au rond-point", "Rester", "Rejoindre",
      "Faire",
    ]
    #expect(french.contains { label.contains($0) }, "\(label)")
    #expect(
      text(g.etaCard, "etaCard.remaining").contains("km")
        || text(g.etaCard, "etaCard.remaining").contains("m"))
  }

  @Test func logoBecomesRecenterButtonWhenCameraStopsFollowing() throws {
    let (h, g) = try guiding()
    #expect(h.mapView.cameraMode == .following)
    #expect(!h.mapView.isShowingRecenterButton)
    #expect(g.googleLogo.accessibilityLabel?.contains("OpenStreetMap") == true)
    #expect(g.googleLogo.accessibilityLabel?.contains("ODbL") == true)
    #expect(h.mapView.simulateGesture(.scroll(dx: 0, dy: 200)))
    #expect(h.mapView.cameraMode == .free)
    #expect(h.mapView.isShowingRecenterButton)
    #expect(g.googleLogo.accessibilityLabel == "Re-center")
    let size = g.googleLogo.intrinsicContentSize
    h.mapView.simulateTap(g.googleLogo)
    #expect(h.mapView.cameraMode == .following)
    #expect(!h.mapView.isShowingRecenterButton)
    #expect(g.googleLogo.intrinsicContentSize == size)
    h.mapView.settings.isRecenterButtonEnabled = false
    h.mapView.simulateGesture(.scroll(dx: 10, dy: 0))
    #expect(!h.mapView.isShowingRecenterButton)
    h.mapView.settings.scrollGestures = false
    #expect(!h.mapView.simulateGesture(.scroll(dx: 10, dy: 0)))
    h.mapView.settings.setAllGesturesEnabled(false)
    #expect(!h.mapView.simulateGesture(.zoom(by: 1)))
    #expect(!h.mapView.simulateGesture(.rotate(by: 30)))
    #expect(!h.mapView.simulateGesture(.tilt(by: 10)))
  }

  @Test func cameraFramesTheViewport() throws {
    let (h, g) = try guiding()
    h.window.layoutIfNeeded()
    let viewport = h.frame(g.viewport)
    #expect(approx(h.mapView.cameraFrame, viewport))
    let vehicle = try #require(h.mapView.vehicleScreenPoint)
    #expect(viewport.contains(vehicle))
    #expect(approx(h.mapView.camera.target.latitude, h.navigator.lastLocation!.coordinate.latitude))
    h.mapView.cameraMode = .overview
    #expect(h.mapView.vehicleScreenPoint == nil)
    #expect(h.mapView.cameraFrameContainsRemainingRoute())
    h.mapView.simulateTap(g.buttons.first { $0.type == .compass }!.view)
    #expect(h.mapView.cameraMode == .following)
  }

  @Test func hidingStackShowsLongestPrefixThatFits() throws {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 400), clock: ManualClock())
    let stack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
    #expect(!stack.translatesAutoresizingMaskIntoConstraints)
    #expect(stack.spacing == 8)
    window.addSubview(stack)
    let height = stack.heightAnchor.constraint(equalToConstant: 120)
    NSLayoutConstraint.activate([
      stack.trailingAnchor.constraint(equalTo: window.trailingAnchor),
      stack.bottomAnchor.constraint(equalTo: window.bottomAnchor), height,
    ])
    let views = [NavigationButtonKnownType.compass, .reporting, .compass].map { _ in
      GMSMapViewButtonFactory.make()
    }
    stack.arrangedSubviews = views
    window.layoutIfNeeded()
    #expect(views.map(\.isHidden) == [false, false, true])
    #expect(approx(views[0].frame.maxY, 120))
    #expect(approx(views[1].frame.maxY, 120 - 48 - 8))
    #expect(approx(stack.frame.width, 48))
    height.constant = 200
    window.layoutIfNeeded()
    #expect(views.map(\.isHidden) == [false, false, false])
    height.constant = 40
    window.layoutIfNeeded()
    #expect(views.map(\.isHidden) == [true, true, true])
  }
}

/// Plain 48 × 48 views for the stack test.
@MainActor
enum GMSMapViewButtonFactory {
  final class Square: UIView {
    override var intrinsicContentSize: CGSize { CGSize(width: 48, height: 48) }
  }
  static func make() -> UIView { Square() }
}
