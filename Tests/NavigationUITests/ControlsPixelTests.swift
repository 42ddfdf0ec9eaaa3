import Foundation
import NavigationCore
import NavigationUI
import Routing
import Testing
import ViewKit

/// The window as plain UIKit drawing captures it (`drawHierarchy`), at scale 1.
@MainActor
func captureWindow(_ window: UIWindow, saveAs name: String? = nil) throws -> CGImage {
  window.layoutIfNeeded()
  let format = UIGraphicsImageRendererFormat()
  format.scale = 1
  let image = UIGraphicsImageRenderer(size: window.bounds.size, format: format).image { _ in
    _ = window.drawHierarchy(in: window.bounds, afterScreenUpdates: true)
  }
  if let name, let data = image.pngData() {
    try? data.write(
      to: FileManager.default.temporaryDirectory.appendingPathComponent("controls19-\(name).png"))
  }
  return try #require(image.cgImage)
}

/// How many pixels of `image` inside `rect` (window points at scale 1) pass `test`.
func countPixels(
  _ image: CGImage, in rect: CGRect,
  where test: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool
) -> Int {
  let r = rect.integral
  var count = 0
  for y in Int(r.minY)..<Int(r.maxY) {
    for x in Int(r.minX)..<Int(r.maxX) {
      if let p = image.pixel(x: x, y: y), test(p) { count += 1 }
    }
  }
  return count
}

/// A strong red (the speed sign's ring, alert colours, traffic).
func isRed(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
  p.red > 180 && p.green < 90 && p.blue < 90
}

/// Near white.
func isWhite(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
  p.red > 235 && p.green > 235 && p.blue > 235
}

/// A route from the harness origin to the casino with every segment limited to 30 km/h.
@MainActor
func limitedRoute(kmh: Double? = 30) throws -> Route {
  var route = try EmbeddedRouteProvider.bundled.routes(
    through: [Harness.origin, Harness.casino], heading: nil, alternates: 0)[0]
  for i in route.legs.indices {
    var a = route.legs[i].annotation ?? RouteLegAnnotation()
    a.maxSpeeds = Array(
      repeating: kmh.map { .known(value: $0, unit: .kilometersPerHour) } ?? .unknown,
      count: max(a.distances.count, 1))
    route.legs[i].annotation = a
  }
  return route
}

/// Controls of "Modify the navigation UI" (Guides/Spec.md §12), checked by what they draw.
@MainActor
@Suite struct SpeedometerPixelTests {
  /// The built-in layout guiding on a 30 km/h route, the speedometer on.
  static func driving(speed multiplier: Float, limit: Double? = 30) throws -> (Harness, UIView) {
    let h = try Harness(delegate: nil)
    h.mapView.shouldDisplaySpeedometer = true
    h.mapView.isNavigationEnabled = true
    h.mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    h.navigator.routeProvider = FixedRouteProvider(routes: [try limitedRoute(kmh: limit)])
    h.navigator.setDestinations([GMSNavigationWaypoint(location: Harness.casino, title: "C")!]) {
      _ in
    }
    h.clock.advance(by: 0)
    h.navigator.isGuidanceActive = true
    h.mapView.locationSimulator?.speedMultiplier = multiplier
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 4)
    let widget = try #require(find("speedWidget", in: h.mapView))
    return (h, widget)
  }

  @Test func underTheLimitOnlyTheSignShowsInALowerCorner() throws {
    let (h, widget) = try Self.driving(speed: 0.3)
    #expect(h.navigator.speedAlert.severity == .notSpeeding)
    let frame = h.frame(widget)
    let image = try captureWindow(h.window, saveAs: "speed-limit-only")
    // A 56-point sign in the bottom-leading quarter: red ring, white face, the limit in it.
    #expect(frame.size == CGSize(width: 56, height: 56))
    #expect(frame.maxY > h.window.bounds.height / 2 && frame.minX < h.window.bounds.width / 2)
    #expect(countPixels(image, in: frame, where: isRed) > 300)
    #expect(countPixels(image, in: frame.insetBy(dx: 10, dy: 10), where: isWhite) > 300)
    #expect((find("speedWidget.limit", in: widget) as? UILabel)?.text == "19")  // mph
    // Nothing is drawn where the expanded speedometer would go.
    let below = frame.offsetBy(dx: 0, dy: 64)
    #expect(countPixels(image, in: below, where: isRed) < 20)
  }

  @Test func speedingExpandsTheSignWithTheSpeedOnRedForAMajorAlert() throws {
    let (h, widget) = try Self.driving(speed: 8)
    #expect(h.navigator.speedAlert.severity == .major)
    let frame = h.frame(widget)
    let image = try captureWindow(h.window, saveAs: "speed-major")
    #expect(frame.height == 120)
    let speedBox = CGRect(x: frame.minX, y: frame.minY + 64, width: 56, height: 56)
    // White text on a red disc: mostly red.
    #expect(countPixels(image, in: speedBox.insetBy(dx: 12, dy: 12), where: isRed) > 400)
  }

  @Test func aMinorAlertFromTheOptionsThresholdDrawsRedTextOnWhite() throws {
    let (h, widget) = try Self.driving(speed: 0.3)
    let options = GMSNavigationMutableSpeedAlertOptions()
    // Minor at 1 % over, major only at 900 % over: any speeding is minor.
    options.setSpeedAlertThresholdPercentage(0.01, for: .minor)
    options.setSpeedAlertThresholdPercentage(9, for: .major)
    h.navigator.speedAlertOptions = options
    h.mapView.locationSimulator?.speedMultiplier = 8
    h.clock.advance(by: 4)
    #expect(h.navigator.speedAlert.severity == .minor)
    let frame = h.frame(widget)
    let image = try captureWindow(h.window, saveAs: "speed-minor")
    #expect(frame.height == 120)
    let speedBox = CGRect(x: frame.minX, y: frame.minY + 64, width: 56, height: 56)
    let red = countPixels(image, in: speedBox.insetBy(dx: 8, dy: 8), where: isRed)
    let white = countPixels(image, in: speedBox.insetBy(dx: 8, dy: 8), where: isWhite)
    #expect(red > 20 && red < 600)  // red digits
    #expect(white > 600)  // on white
  }

  @Test func withoutAKnownLimitTheSpeedometerShowsTheSpeedAlone() throws {
    let (h, widget) = try Self.driving(speed: 1, limit: nil)
    let frame = h.frame(widget)
    #expect(frame.size == CGSize(width: 56, height: 56))
    let speed = try #require(find("speedWidget.speed", in: widget) as? UILabel)
    #expect(Int(speed.text ?? "") ?? 0 > 0)
    let image = try captureWindow(h.window, saveAs: "speed-only")
    // No red sign ring: a white disc with dark digits.
    #expect(countPixels(image, in: frame, where: isRed) < 20)
    #expect(
      countPixels(image, in: frame.insetBy(dx: 12, dy: 12)) {
        $0.red < 90 && $0.green < 90 && $0.blue < 90
      } > 20)
  }

  @Test func theSeedsSettingsSpellingHidesTheSpeedometer() throws {
    let (h, widget) = try Self.driving(speed: 8)
    // Seed 003's snippet.
    h.mapView.settings.shouldDisplaySpeedometer = false
    #expect(!h.mapView.shouldDisplaySpeedometer)
    h.window.layoutIfNeeded()
    #expect(widget.bounds.size == .zero)
    let image = try captureWindow(h.window, saveAs: "speed-off")
    let corner = CGRect(x: 0, y: 400, width: 120, height: 300)
    #expect(countPixels(image, in: corner, where: isRed) < 20)
  }
}

/// The first view with `identifier` under `view`.
@MainActor
func find(_ identifier: String, in view: UIView) -> UIView? {
  if view.accessibilityIdentifier == identifier { return view }
  for subview in view.subviews {
    if let found = find(identifier, in: subview) { return found }
  }
  return nil
}

/// `GMSNavigationDirectionsListController` (Guides/Spec.md §12.5), as the seed's flow uses it.
@MainActor
@Suite struct DirectionsListTests {
  /// Seed 003's flow: a view controller with the list pinned to its four edges.
  final class DirectionsListViewController: UIViewController {
    let directionsListController: GMSNavigationDirectionsListController

    init(navigator: GMSNavigator) {
      directionsListController = GMSNavigationDirectionsListController(navigator: navigator)
      super.init()
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      let directionsListView = directionsListController.directionsListView
      directionsListView.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(directionsListView)
      directionsListView.topAnchor.constraint(equalTo: view.topAnchor).isActive = true
      directionsListView.bottomAnchor.constraint(equalTo: view.bottomAnchor).isActive = true
      directionsListView.leadingAnchor.constraint(equalTo: view.leadingAnchor).isActive = true
      directionsListView.trailingAnchor.constraint(equalTo: view.trailingAnchor).isActive = true
    }

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      directionsListController.reloadData()
    }

    override func viewWillTransition(
      to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator
    ) {
      super.viewWillTransition(to: size, with: coordinator)
      coordinator.animate(alongsideTransition: { _ in
        self.directionsListController.invalidateLayout()
      })
    }
  }

  /// A guiding harness and a second window showing the list.
  static func listing() throws -> (Harness, UIWindow, GMSNavigationDirectionsListController) {
    let h = try Harness(delegate: nil)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let controller = DirectionsListViewController(navigator: h.navigator)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 500), clock: h.clock)
    controller.view.frame = window.bounds
    window.addSubview(controller.view)
    controller.loadViewIfNeeded()
    controller.viewWillAppear(false)
    window.layoutIfNeeded()
    return (h, window, controller.directionsListController)
  }

  static func rows(_ list: UIView) -> [UIView] {
    list.subviews.filter { $0.accessibilityIdentifier == "directionsList.row" }
      .sorted { $0.frame.minY < $1.frame.minY }
  }

  @Test func theListDrawsOneRowPerRemainingStepWithSymbolInstructionAndDistance() throws {
    let (h, window, list) = try Self.listing()
    let view = list.directionsListView
    let route = try #require(h.navigator.currentRoute)
    let steps = route.legs.reduce(0) { $0 + $1.steps.count }
    let rows = Self.rows(view)
    #expect(rows.count == list.rows.count)
    #expect(rows.count >= steps - 1 && rows.count > 3)
    let first = rows[0]
    let symbol = try #require(find("directionsList.symbol", in: first) as? UILabel)
    let instruction = try #require(find("directionsList.instruction", in: first) as? UILabel)
    let distance = try #require(find("directionsList.distance", in: first) as? UILabel)
    #expect(!(symbol.text ?? "").isEmpty)
    #expect(instruction.text == list.rows[0])
    #expect(distance.text?.contains("ft") == true || distance.text?.contains("mi") == true)
    // Drawn: the blue maneuver symbol and dark instruction text in the first row.
    let image = try captureWindow(window, saveAs: "directions-list")
    let symbolFrame = symbol.convert(symbol.bounds, to: nil)
    let blue = countPixels(image, in: symbolFrame) {
      $0.blue > 180 && $0.red < 80 && $0.green < 150
    }
    #expect(blue > 20)
    let textFrame = instruction.convert(instruction.bounds, to: nil)
    #expect(countPixels(image, in: textFrame) { $0.red < 90 && $0.green < 90 && $0.blue < 90 } > 40)
    // A real scrolling list: taller content than the view, and scrolling moves the rows.
    let scroll = try #require(view as? UIScrollView)
    #expect(scroll.contentSize.height > scroll.bounds.height)
    scroll.setContentOffset(CGPoint(x: 0, y: 120), animated: false)
    let scrolled = try captureWindow(window, saveAs: "directions-list-scrolled")
    #expect(countPixels(scrolled, in: symbolFrame) { $0.blue > 180 && $0.red < 80 } != blue)
  }

  @Test func theListFollowsTheTripWithoutReloading() throws {
    let (h, window, list) = try Self.listing()
    let before = list.rows
    let firstDistance =
      (find("directionsList.distance", in: Self.rows(list.directionsListView)[0])
      as? UILabel)?.text
    h.mapView.locationSimulator?.speedMultiplier = 2
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 5)
    window.layoutIfNeeded()
    let distanceNow =
      (find("directionsList.distance", in: Self.rows(list.directionsListView)[0])
      as? UILabel)?.text
    #expect(distanceNow != firstDistance || list.rows != before)
    h.clock.advance(by: 90)
    window.layoutIfNeeded()
    #expect(list.rows.count < before.count)
    #expect(Self.rows(list.directionsListView).count == list.rows.count)
  }

  @Test func reloadAndInvalidateAreNoOpsBeforeTheViewIsMade() throws {
    let h = try Harness(delegate: nil)
    h.enableAndRoute()
    let list = GMSNavigationDirectionsListController(navigator: h.navigator)
    list.reloadData()
    list.invalidateLayout()
    #expect(list.rows.isEmpty)
    _ = list.directionsListView
    #expect(!list.rows.isEmpty)
  }
}

/// The trip progress bar in the built-in layout (Guides/Spec.md §12.6).
@MainActor
@Suite struct TripProgressBarPixelTests {
  @Test func elapsedPartPositionAndDestinationAreDrawnAndARerouteResetsThem() throws {
    let h = try Harness(delegate: nil)
    h.mapView.settings.isNavigationTripProgressBarEnabled = true
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let bar = try #require(find("tripProgressBar", in: h.mapView))
    let frame = h.frame(bar)
    // Leading side, 12 pt wide, 210 pt above the bottom, at most 400 pt tall.
    #expect(frame.width == 12 && frame.maxY == h.window.bounds.height - 210)
    #expect(frame.height <= 400 && frame.minY >= 170)
    #expect(frame.minX == NavigationStyleValues.elementHorizontalPadding)
    let start = try captureWindow(h.window, saveAs: "trip-bar-start")
    // The destination mark (red) at the top, the position (blue) at the bottom.
    #expect(
      countPixels(
        start, in: CGRect(x: frame.minX, y: frame.minY - 6, width: 12, height: 12), where: isRed)
        > 30)
    let isBlue: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool = {
      $0.blue > 200 && $0.red < 60
    }
    let bottom = CGRect(x: frame.minX, y: frame.maxY - 8, width: 12, height: 8)
    #expect(countPixels(start, in: bottom, where: isBlue) > 20)
    let simulator = try #require(h.mapView.locationSimulator)
    simulator.speedMultiplier = 3
    simulator.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 60)
    let elapsed = try #require(find("tripProgressBar.elapsed", in: bar))
    let done = elapsed.frame.height
    #expect(done > 20)
    let later = try captureWindow(h.window, saveAs: "trip-bar-later")
    // The elapsed part is grey below the marker; the marker has left the bottom.
    let isGrey: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool = {
      abs(Int($0.red) - 0x9A) < 8 && abs(Int($0.green) - 0xA0) < 8 && abs(Int($0.blue) - 0xA6) < 8
    }
    #expect(
      countPixels(
        later,
        in: CGRect(x: frame.minX + 2, y: frame.maxY - done + 10, width: 8, height: done - 12),
        where: isGrey) > 50)
    #expect(countPixels(later, in: bottom, where: isBlue) < 5)
    // A reroute starts the bar over.
    let firstRoute = h.navigator.currentRoute
    simulator.deviation = LocationSimulator.Deviation(atDistance: 0, duration: 20, angle: 90)
    simulator.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 30)
    #expect(h.navigator.currentRoute != firstRoute)
    h.window.layoutIfNeeded()
    #expect(elapsed.frame.height < done / 2)
  }
}

/// The migration table's remaining legacy members (Guides/Spec.md §11, §14.6) in the built-in
/// layout, and `NavigationStyleValues` used by the components they name (§8).
@MainActor
@Suite struct LegacyLayoutMemberTests {
  /// Navigation ready (no header or footer) with 20 pt of padding at the top, 30 at the bottom.
  static func ready(_ behavior: GMSMapViewPaddingAdjustmentBehavior?) throws -> (Harness, UIView) {
    let h = try Harness(delegate: nil)
    h.mapView.padding = UIEdgeInsets(top: 20, left: 5, bottom: 30, right: 0)
    if let behavior { h.mapView.paddingAdjustmentBehavior = behavior }
    h.mapView.isNavigationEnabled = true
    return (h, try #require(find("viewport", in: h.mapView)))
  }

  @Test func paddingAdjustmentBehaviorDecidesHowTheSafeAreaAddsToThePadding() throws {
    // Safe area: 47 top, 34 bottom.
    let (always, alwaysViewport) = try Self.ready(nil)
    #expect(always.mapView.paddingAdjustmentBehavior == .always)
    #expect(always.frame(alwaysViewport).minY == 67)
    #expect(always.frame(alwaysViewport).maxY == CGFloat(844 - 64))
    #expect(always.frame(alwaysViewport).minX == 5)
    let (automatic, automaticViewport) = try Self.ready(.automatic)
    #expect(automatic.frame(automaticViewport).minY == 47)
    #expect(automatic.frame(automaticViewport).maxY == CGFloat(844 - 34))
    let (never, neverViewport) = try Self.ready(.never)
    #expect(never.frame(neverViewport).minY == 20)
    #expect(never.frame(neverViewport).maxY == CGFloat(844 - 30))
    #expect(never.mapView.adjustedPadding == UIEdgeInsets(top: 20, left: 5, bottom: 30, right: 0))
    // The camera frames the same area.
    #expect(never.mapView.cameraFrame.minY == 20)
    // A change applies at once.
    never.mapView.paddingAdjustmentBehavior = .always
    #expect(never.frame(try #require(find("viewport", in: never.mapView))).minY == 67)
    #expect(GMSMapViewPaddingAdjustmentBehavior(rawValue: 2) == .never)
  }

  @Test func theAlternateGuidePlacesTheButtonsWhenTheCardsAreNarrow() throws {
    // Landscape: wide mode, the 360 pt cards leave the trailing side free.
    let h = try Harness(
      frame: CGRect(x: 0, y: 0, width: 844, height: 390),
      safeArea: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47), delegate: nil)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let report = try #require(find("reportButton", in: h.mapView))
    // Default guide: only its top is constrained, to the safe area's bottom.
    let guide = try #require(h.mapView.bottomTrailingButtonsAlternateLayoutGuide)
    h.window.layoutIfNeeded()
    #expect(guide.layoutFrame.minY == CGFloat(390 - 21))
    let low = h.frame(report)
    #expect(low.maxY <= 390 - 21 - NavigationStyleValues.buttonHorizontalPadding + 0.5)
    #expect(low.maxY > 390 - 21 - 30)
    // An app's guide moves them.
    let custom = UILayoutGuide()
    h.mapView.addLayoutGuide(custom)
    custom.topAnchor.constraint(equalTo: h.mapView.topAnchor, constant: 250).isActive = true
    h.mapView.bottomTrailingButtonsAlternateLayoutGuide = custom
    #expect(h.frame(report).maxY <= 250 - 11.5)
    // nil restores the default.
    h.mapView.bottomTrailingButtonsAlternateLayoutGuide = nil
    #expect(h.mapView.bottomTrailingButtonsAlternateLayoutGuide !== custom)
    #expect(h.frame(report).maxY == low.maxY)
  }

  @Test func styleValuesPlaceTheSpeedWidgetAndTheHeaderContent() throws {
    let h = try Harness(delegate: nil)
    h.mapView.shouldDisplaySpeedometer = true
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 3)
    let widget = try #require(find("speedWidget", in: h.mapView))
    #expect(h.frame(widget).minX == NavigationStyleValues.elementHorizontalPadding)
    let arrow = try #require(find("turnCard.arrow", in: h.mapView))
    #expect(h.frame(arrow).minY == 47 + NavigationStyleValues.headerTopPadding)
  }

  @Test func indoorMapsAreReportedAbsent() throws {
    let h = try Harness(delegate: nil)
    #expect(h.mapView.isIndoorEnabled)
    #expect(h.mapView.indoorDisplay.activeBuilding == nil)
    #expect(!h.mapView.indoorDisplay.isIndoorDataAvailable)
    // A level of no active building is refused.
    h.mapView.indoorDisplay.activeLevel = GMSIndoorLevel(name: "Ground", shortName: "G")
    #expect(h.mapView.indoorDisplay.activeLevel == nil)
  }
}

/// Seed 003's margin stacking rule (Guides/Spec.md §8): a Google view placed on another's
/// `layoutMarginsGuide` touches it.
@MainActor
@Suite struct MarginStackingTests {
  @Test func theSpeedWidgetOnTheETACardsMarginsGuideTouchesItWithoutOverlap() throws {
    let (h, g) = try guiding { h in
      h.mapView.shouldDisplaySpeedometer = true
      h.navigator.routeProvider = FixedRouteProvider(routes: [try! limitedRoute()])
    }
    let speedWidget = g.speedWidget
    let etaCard = g.etaCard
    speedWidget.translatesAutoresizingMaskIntoConstraints = false
    h.mapView.addSubview(speedWidget)
    NSLayoutConstraint.activate([
      speedWidget.leadingAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.leadingAnchor),
      speedWidget.bottomAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.topAnchor),
    ])
    h.mapView.locationSimulator?.speedMultiplier = 0.3
    h.mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    h.clock.advance(by: 4)
    let widget = h.frame(speedWidget)
    let card = h.frame(etaCard)
    #expect(widget.height == 56)
    #expect(widget.maxY == card.minY)
    #expect(widget.minX == card.minX + NavigationStyleValues.headerFooterHorizontalPadding)
    let image = try captureWindow(h.window, saveAs: "margin-stacking")
    // The sign's red ring ends just above the card; the card's first rows are its own colour.
    let x = Int(widget.midX)
    #expect(isRed(try #require(image.pixel(x: x, y: Int(widget.maxY) - 2))))
    #expect(!isRed(try #require(image.pixel(x: x, y: Int(card.minY) + 1))))
    #expect(isWhite(try #require(image.pixel(x: x, y: Int(card.minY) + 3))))
  }
}
