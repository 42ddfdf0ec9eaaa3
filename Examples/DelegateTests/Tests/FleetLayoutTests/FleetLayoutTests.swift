import FleetLayout
import Foundation
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

  /// Routed, guidance on and five seconds driven along the route, laid out.
  func guide() {
    #expect(route() == .OK)
    mapView.navigator?.isGuidanceActive = true
    mapView.locationSimulator?.simulateLocationsAlongExistingRoute()
    clock.advance(by: 5)
    window.layoutIfNeeded()
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

/// A picture's pixels read as an app reads a `UIGraphicsImageRenderer` image on iOS: 32-bit
/// little-endian words, premultiplied alpha first (BGRA in memory).
struct Pixels {
  let image: CGImage
  let bytes: [UInt8]

  init(_ image: UIImage) throws {
    self.image = try #require(image.cgImage)
    #expect(self.image.alphaInfo == .premultipliedFirst)
    #expect(self.image.bitmapInfo.contains(.byteOrder32Little))
    bytes = [UInt8](try #require(self.image.dataProvider?.data))
  }

  /// Red, green, blue and alpha (premultiplied), 0…255, of the pixel under `point` (points).
  func at(_ point: CGPoint, scale: CGFloat) -> [Int] {
    let offset = Int(point.y * scale) * image.bytesPerRow + Int(point.x * scale) * 4
    return [2, 1, 0, 3].map { Int(bytes[offset + $0]) }
  }
}

/// Red, green, blue and alpha of `color`, 0…255.
func components(_ color: UIColor?) -> [Int] {
  let parts = color?.cgColor.components ?? []
  let rgba = parts.count == 2 ? [parts[0], parts[0], parts[0], parts[1]] : parts
  return rgba.map { Int(($0 * 255).rounded()) }
}

/// Whether every component of `a` is within `tolerance` of `b`'s.
func close(_ a: [Int], _ b: [Int], within tolerance: Int = 3) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
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
    screen.guide()
    // Tests/__Snapshots__/guidance-phone.png; NAVUI_RECORD_SNAPSHOTS=1 re-records it.
    assertSnapshot(of: screen.window, named: "guidance-phone")
  }

  @Test func theNavigationScreenCapturesWithPlainUIKit() throws {
    let screen = try Screen()
    screen.guide()
    // What a snapshot test on iOS does: the window's hierarchy into an image renderer.
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let image = UIGraphicsImageRenderer(bounds: screen.window.bounds, format: format).image { _ in
      #expect(screen.window.drawHierarchy(in: screen.window.bounds, afterScreenUpdates: true))
    }
    #expect(image.size == screen.window.bounds.size)
    if let directory = ProcessInfo.processInfo.environment["NAVUI_CAPTURE_DIR"] {
      try image.pngData()?.write(
        to: URL(fileURLWithPath: directory).appendingPathComponent("fleet-capture.png"))
    }
    let pixels = try Pixels(image)

    // The turn card in its own colour, under the status bar.
    let turnCard = try #require(screen.find("turnCard"))
    let card = screen.frame(turnCard)
    let cardColor = pixels.at(CGPoint(x: card.minX + 6, y: 20), scale: 2)
    #expect(close(cardColor, components(turnCard.backgroundColor)), "\(cardColor)")

    // The map under the viewport: many colours (land, roads, buildings, the route), none of
    // them the map view's own background filling it.
    let viewport = screen.frame(try #require(screen.find("viewport")))
    var colours = Set<[Int]>()
    for row in 1..<10 {
      for column in 1..<10 {
        let point = CGPoint(
          x: viewport.minX + viewport.width * CGFloat(column) / 10,
          y: viewport.minY + viewport.height * CGFloat(row) / 10)
        colours.insert(pixels.at(point, scale: 2).map { $0 / 8 })
      }
    }
    #expect(colours.count >= 5, "\(colours.count) colours in 81 samples of the map")
    #expect(!colours.contains(components(screen.mapView.backgroundColor).map { $0 / 8 }))

    // The panel's ring, drawn by its own draw(_:): the yellow arc at the top (where it
    // starts), the faint track at the bottom, the panel's green inside.
    let ring = screen.frame(screen.delegate.panel.ring)
    let panelColor = components(screen.delegate.panel.backgroundColor)
    let top = pixels.at(CGPoint(x: ring.midX + 2, y: ring.minY + 2), scale: 2)
    let bottom = pixels.at(CGPoint(x: ring.midX, y: ring.maxY - 2), scale: 2)
    let centre = pixels.at(CGPoint(x: ring.midX, y: ring.midY), scale: 2)
    #expect(close(top, components(StopProgressRing.arcColor), within: 8), "\(top)")
    #expect(bottom[0] > panelColor[0] + 40 && bottom[2] > panelColor[2] + 40, "\(bottom)")
    #expect(close(centre, panelColor), "\(centre)")
  }
}
