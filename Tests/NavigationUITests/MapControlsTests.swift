import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

/// A drawn window: `drawHierarchy` at scale 1, read back pixel by pixel.
@MainActor
struct Drawn {
  let image: UIImage

  /// Draws `window` as an app's screenshot code would. With `CONTROLS_PNG_DIR` set, the PNG is
  /// written there under `name` for a person to look at.
  init(_ window: UIWindow, name: String) {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let renderer = UIGraphicsImageRenderer(size: window.bounds.size, format: format)
    image = renderer.image { _ in
      _ = window.drawHierarchy(in: window.bounds, afterScreenUpdates: true)
    }
    if let dir = ProcessInfo.processInfo.environment["CONTROLS_PNG_DIR"],
      let data = image.pngData()
    {
      try? data.write(to: URL(fileURLWithPath: dir).appendingPathComponent("\(name).png"))
    }
  }

  /// The colour at a window point, as 0xRRGGBB (alpha ignored), and its alpha.
  func rgb(_ p: CGPoint) -> (rgb: UInt32, alpha: UInt8) {
    guard let px = image.cgImage?.pixel(x: Int(p.x), y: Int(p.y)) else { return (0, 0) }
    return ((UInt32(px.red) << 16) | (UInt32(px.green) << 8) | UInt32(px.blue), px.alpha)
  }

  /// Whether the pixel at `p` is within `tolerance` of `colour` in each channel.
  func isColour(_ p: CGPoint, _ colour: UInt32, tolerance: Int = 12) -> Bool {
    let got = rgb(p).rgb
    for shift in [16, 8, 0] as [UInt32] {
      let a = Int((got >> shift) & 0xFF)
      let b = Int((colour >> shift) & 0xFF)
      if abs(a - b) > tolerance { return false }
    }
    return true
  }

  /// Pixels in `rect` within `tolerance` of `colour`.
  func count(_ colour: UInt32, in rect: CGRect, tolerance: Int = 12) -> Int {
    var n = 0
    for y in Int(rect.minY)..<Int(rect.maxY) {
      for x in Int(rect.minX)..<Int(rect.maxX)
      where isColour(CGPoint(x: x, y: y), colour, tolerance: tolerance) {
        n += 1
      }
    }
    return n
  }
}

/// Colours the controls are drawn in.
enum Drawing {
  /// The map view's background in these tests (the map itself is drawn by a renderer).
  static let map: UInt32 = 0xC8D7C8
  static let needleNorth: UInt32 = 0xEA4335
  static let buttonDay: UInt32 = 0xFFFFFF
  static let buttonNight: UInt32 = 0x303134
}

/// Fingers on a window, through ``UIWindow/sendTouches(_:at:)`` (as
/// `UIApplication.sendEvent(_:)` delivers them).
@MainActor
struct Fingers {
  let window: UIWindow
  let clock: ManualClock

  func tap(_ p: CGPoint) {
    window.sendTouches([(1, .began, p)])
    clock.advance(by: 0.05)
    window.sendTouches([(1, .ended, p)])
  }

  func drag(_ a: CGPoint, _ b: CGPoint, steps: Int = 10) {
    window.sendTouches([(1, .began, a)])
    for i in 1...steps {
      clock.advance(by: 1.0 / 60)
      let t = CGFloat(i) / CGFloat(steps)
      window.sendTouches([(1, .moved, CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))])
    }
    window.sendTouches([(1, .ended, b)])
  }

  func twoFingers(_ a0: CGPoint, _ b0: CGPoint, _ a1: CGPoint, _ b1: CGPoint, steps: Int = 10) {
    window.sendTouches([(1, .began, a0), (2, .began, b0)])
    for i in 1...steps {
      clock.advance(by: 1.0 / 60)
      let t = CGFloat(i) / CGFloat(steps)
      func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
        CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
      }
      window.sendTouches([(1, .moved, mix(a0, a1)), (2, .moved, mix(b0, b1))])
    }
    window.sendTouches([(1, .ended, a1), (2, .ended, b1)])
  }
}

/// A plain map (no navigation) in a 300 × 300 window.
@MainActor
final class PlainMap {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
  let clock = ManualClock()
  let window: UIWindow
  let mapView: GMSMapView
  var fingers: Fingers { Fingers(window: window, clock: clock) }

  init() {
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: clock)
    mapView = GMSMapView(frame: window.bounds)
    mapView.backgroundColor = UIColor(rgb: Drawing.map)
    // No base map: a capture draws the map itself, and its white streets would read as the
    // controls' white.
    mapView.mapType = .none
    window.addSubview(mapView)
    mapView.camera = GMSCameraPosition(target: Self.monaco, zoom: 16)
  }

  /// The compass's place: 48 pt, 12 pt from the top trailing corner.
  static let compass = CGRect(x: 300 - 12 - 48, y: 12, width: 48, height: 48)

  func draw(_ name: String) -> Drawn { Drawn(window, name: name) }
}

/// Where the needle's north half is drawn for a bearing, in window points.
func needleNorth(in compass: CGRect, bearing: Double) -> CGPoint {
  let angle = -bearing * .pi / 180
  return CGPoint(x: compass.midX + 8 * sin(angle), y: compass.midY - 8 * cos(angle))
}

@MainActor
@Suite struct CompassTests {
  @Test func aPlainMapShowsTheCompassOnlyOffNorthWithItsNeedleTurned() {
    let m = PlainMap()
    let north = m.draw("compass-plain-north")
    #expect(north.count(Drawing.buttonDay, in: PlainMap.compass) == 0)
    #expect(north.count(Drawing.needleNorth, in: PlainMap.compass) == 0)

    m.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 90, viewingAngle: 0)
    let east = m.draw("compass-plain-east")
    #expect(east.count(Drawing.buttonDay, in: PlainMap.compass) > 600)
    // Facing east, north is to the left on the map (its projection says so) and the red
    // half points left.
    let northward = CLLocationCoordinate2D(
      latitude: PlainMap.monaco.latitude + 0.001, longitude: PlainMap.monaco.longitude)
    let onScreen = m.mapView.projection.point(for: northward)
    #expect(onScreen.x < 150 - 50 && abs(onScreen.y - 150) < 1)
    #expect(east.isColour(needleNorth(in: PlainMap.compass, bearing: 90), Drawing.needleNorth))
    #expect(
      !east.isColour(
        CGPoint(x: PlainMap.compass.midX, y: PlainMap.compass.midY - 8), Drawing.needleNorth))
    #expect(
      !east.isColour(
        CGPoint(x: PlainMap.compass.midX + 8, y: PlainMap.compass.midY), Drawing.needleNorth))

    m.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 225, viewingAngle: 0)
    let southWest = m.draw("compass-plain-southwest")
    // Facing south-west, north is down and to the right.
    let north225 = m.mapView.projection.point(for: northward)
    #expect(north225.x > 150 + 20 && north225.y > 150 + 20)
    #expect(
      southWest.isColour(needleNorth(in: PlainMap.compass, bearing: 225), Drawing.needleNorth))
    #expect(
      !southWest.isColour(needleNorth(in: PlainMap.compass, bearing: 90), Drawing.needleNorth))
  }

  @Test func aTapTurnsTheCameraNorthAndTheCompassFadesShortlyAfter() {
    let m = PlainMap()
    m.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 120, viewingAngle: 0)
    m.fingers.tap(CGPoint(x: PlainMap.compass.midX, y: PlainMap.compass.midY))
    m.clock.advance(by: 0.25)
    #expect(m.mapView.camera.bearing > 1 && m.mapView.camera.bearing < 119)  // animating
    m.clock.advance(by: 0.3)
    #expect(m.mapView.camera.bearing == 0)
    // Still there just after reaching north…
    #expect(m.draw("compass-tap-north").count(Drawing.buttonDay, in: PlainMap.compass) > 600)
    // …then gone.
    m.clock.advance(by: 1.3)
    let faded = m.draw("compass-tap-faded")
    #expect(faded.count(Drawing.buttonDay, in: PlainMap.compass) == 0)
    #expect(faded.count(Drawing.needleNorth, in: PlainMap.compass) == 0)
    // Turning again brings it back at once.
    m.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 10, viewingAngle: 0)
    m.clock.advance(by: 0.3)
    #expect(m.draw("compass-back").count(Drawing.buttonDay, in: PlainMap.compass) > 600)
  }

  @Test func compassButtonOffNeverDrawsIt() {
    let m = PlainMap()
    // The page's snippet.
    m.mapView.settings.compassButton = false
    m.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 90, viewingAngle: 0)
    let drawn = m.draw("compass-off")
    #expect(drawn.count(Drawing.buttonDay, in: PlainMap.compass) == 0)
    #expect(drawn.count(Drawing.needleNorth, in: PlainMap.compass) == 0)
    m.mapView.settings.compassButton = true
    #expect(m.draw("compass-on").count(Drawing.buttonDay, in: PlainMap.compass) > 600)
  }

  @Test func duringFollowingNavigationItStaysAndTogglesFollowingAndOverview() throws {
    let h = try builtIn()
    h.navigator.isGuidanceActive = true
    h.clock.advance(by: 1)
    let compass = try #require(onMap(h, "compassButton"))
    let frame = h.frame(compass)
    let fingers = Fingers(window: h.window, clock: h.clock)
    h.mapView.camera = GMSCameraPosition(
      target: Harness.origin, zoom: 17, bearing: 0, viewingAngle: 0)
    h.mapView.cameraMode = .following
    h.mapView.followingPerspective = .topDownNorthUp
    h.clock.advance(by: 2)
    #expect(h.mapView.camera.bearing == 0)
    let drawn = Drawn(h.window, name: "compass-following-north")
    #expect(drawn.count(Drawing.buttonDay, in: frame) > 600)
    #expect(drawn.isColour(needleNorth(in: frame, bearing: 0), Drawing.needleNorth))
    fingers.tap(CGPoint(x: frame.midX, y: frame.midY))
    #expect(h.mapView.cameraMode == .overview)
    h.clock.advance(by: 2)
    #expect(Drawn(h.window, name: "compass-overview").count(Drawing.buttonDay, in: frame) > 600)
    fingers.tap(CGPoint(x: frame.midX, y: frame.midY))
    #expect(h.mapView.cameraMode == .following)
  }

  @Test func aHeaderAccessoryHidesTheCompass() throws {
    // No base map: its white streets would read as the compass's white.
    let h = try builtIn { $0.mapView.mapType = .none }
    h.navigator.isGuidanceActive = true
    let compass = try #require(onMap(h, "compassButton"))
    let frame = h.frame(compass)
    #expect(Drawn(h.window, name: "compass-no-accessory").count(Drawing.buttonDay, in: frame) > 600)
    let accessory = Accessory()
    accessory.backgroundColor = .orange
    h.mapView.setHeaderAccessory(accessory)
    h.clock.advance(by: 1)
    let drawn = Drawn(h.window, name: "compass-with-accessory")
    #expect(drawn.count(Drawing.buttonDay, in: h.frame(compass)) == 0)
    #expect(drawn.count(Drawing.needleNorth, in: h.frame(compass)) == 0)
    h.mapView.setHeaderAccessory(nil)
    h.clock.advance(by: 1)
    #expect(
      Drawn(h.window, name: "compass-accessory-gone").count(Drawing.buttonDay, in: h.frame(compass))
        > 600)
  }

  @Test func nightAndDarkModeLooks() {
    let m = PlainMap()
    m.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 45, viewingAngle: 0)
    #expect(m.draw("compass-day").count(Drawing.buttonDay, in: PlainMap.compass) > 600)
    m.mapView.lightingMode = .lowLight
    let night = m.draw("compass-night")
    #expect(night.count(Drawing.buttonDay, in: PlainMap.compass) == 0)
    #expect(night.count(Drawing.buttonNight, in: PlainMap.compass, tolerance: 4) > 600)
    #expect(night.isColour(needleNorth(in: PlainMap.compass, bearing: 45), Drawing.needleNorth))

    // The UIKit dark-mode trait, on a map whose app did not choose a lighting mode.
    let d = PlainMap()
    d.mapView.camera = GMSCameraPosition(
      target: PlainMap.monaco, zoom: 16, bearing: 45, viewingAngle: 0)
    d.window.setTraitCollection(UITraitCollection(userInterfaceStyle: .dark))
    #expect(d.mapView.resolvedLightingMode == .lowLight)
    let dark = d.draw("compass-dark-mode")
    #expect(dark.count(Drawing.buttonNight, in: PlainMap.compass, tolerance: 4) > 600)
    d.mapView.overrideUserInterfaceStyle = .light
    #expect(d.draw("compass-dark-overridden").count(Drawing.buttonDay, in: PlainMap.compass) > 600)
  }
}

@MainActor
@Suite struct MyLocationAndRecenterTests {
  @Test func theMyLocationButtonSitsBottomTrailingAndMovesTheCameraToTheDevice() throws {
    let m = PlainMap()
    let button = CGRect(x: 300 - 12 - 48, y: 300 - 12 - 48, width: 48, height: 48)
    #expect(m.draw("mylocation-off").count(Drawing.buttonDay, in: button) == 0)
    // The page's snippet.
    m.mapView.settings.myLocationButton = true
    #expect(m.draw("mylocation-on").count(Drawing.buttonDay, in: button) > 600)
    let device = CLLocationCoordinate2D(latitude: 43.7310, longitude: 7.4200)
    try #require(m.mapView.locationSimulator).simulateLocation(at: device)
    m.clock.advance(by: 0)
    m.fingers.tap(CGPoint(x: button.midX, y: button.midY))
    m.clock.advance(by: 1)
    #expect(abs(m.mapView.camera.target.latitude - device.latitude) < 1e-6)
    #expect(abs(m.mapView.camera.target.longitude - device.longitude) < 1e-6)
    m.mapView.settings.myLocationButton = false
    #expect(m.draw("mylocation-off-again").count(Drawing.buttonDay, in: button) == 0)
  }

  @Test func aPanDuringFollowingShowsRecenterAndATapRecentersAndHidesIt() throws {
    let h = try builtIn()
    h.mapView.backgroundColor = UIColor(rgb: Drawing.map)
    h.navigator.isGuidanceActive = true
    h.clock.advance(by: 1)
    let logo = try #require(onMap(h, "googleLogo"))
    let frame = h.frame(logo)
    let fingers = Fingers(window: h.window, clock: h.clock)
    #expect(Drawn(h.window, name: "recenter-following").count(Drawing.buttonDay, in: frame) < 50)
    fingers.drag(CGPoint(x: 200, y: 400), CGPoint(x: 120, y: 300))
    #expect(h.mapView.cameraMode == .free)
    let shown = Drawn(h.window, name: "recenter-shown")
    #expect(shown.count(Drawing.buttonDay, in: frame) > 1500)
    fingers.tap(CGPoint(x: frame.midX, y: frame.midY))
    #expect(h.mapView.cameraMode == .following)
    #expect(Drawn(h.window, name: "recenter-tapped").count(Drawing.buttonDay, in: frame) < 50)

    // Turned off while showing: gone at once, and it stays away.
    fingers.drag(CGPoint(x: 200, y: 400), CGPoint(x: 120, y: 300))
    #expect(Drawn(h.window, name: "recenter-again").count(Drawing.buttonDay, in: frame) > 1500)
    h.mapView.settings.isRecenterButtonEnabled = false
    #expect(Drawn(h.window, name: "recenter-disabled").count(Drawing.buttonDay, in: frame) < 50)
    h.clock.advance(by: 2)
    fingers.drag(CGPoint(x: 200, y: 400), CGPoint(x: 220, y: 330))
    #expect(!h.mapView.isShowingRecenterButton)
  }
}

/// The header's rows in the 390 × 844 portrait harness (47 pt top safe area).
enum HeaderRows {
  static let primary = CGPoint(x: 4, y: 47 + 4)
  static let secondary = CGPoint(x: 4, y: 47 + 94 + 13)
  static let footer = CGPoint(x: 4, y: 844 - 4)
  static let secondaryRow = CGRect(x: 0, y: 47 + 94, width: 390, height: 26)
}

@MainActor
@Suite struct HeaderAndFooterTests {
  @Test func headerColoursAndTheirNightVariantsAreDrawn() throws {
    let h = try builtIn()
    // The page's snippet.
    h.mapView.settings.isNavigationHeaderEnabled = true
    h.mapView.settings.isNavigationFooterEnabled = true
    h.mapView.settings.navigationHeaderPrimaryBackgroundColor = .blue
    h.mapView.settings.navigationHeaderSecondaryBackgroundColor = .red
    h.navigator.isGuidanceActive = true
    h.clock.advance(by: 1)
    let day = Drawn(h.window, name: "header-blue-red")
    #expect(day.isColour(HeaderRows.primary, 0x0000FF, tolerance: 2))
    #expect(day.isColour(HeaderRows.secondary, 0xFF0000, tolerance: 2))
    #expect(day.isColour(HeaderRows.footer, 0xFFFFFF, tolerance: 2))

    // Night without night colours: the day colours, a dark footer.
    h.mapView.lightingMode = .lowLight
    let night = Drawn(h.window, name: "header-night-default")
    #expect(night.isColour(HeaderRows.primary, 0x0000FF, tolerance: 2))
    #expect(night.isColour(HeaderRows.secondary, 0xFF0000, tolerance: 2))
    #expect(night.isColour(HeaderRows.footer, 0x202124, tolerance: 2))
    h.mapView.settings.navigationHeaderPrimaryBackgroundColorNightMode = UIColor(rgb: 0x112233)
    h.mapView.settings.navigationHeaderSecondaryBackgroundColorNightMode = UIColor(rgb: 0x445566)
    let nightSet = Drawn(h.window, name: "header-night-set")
    #expect(nightSet.isColour(HeaderRows.primary, 0x112233, tolerance: 2))
    #expect(nightSet.isColour(HeaderRows.secondary, 0x445566, tolerance: 2))
    // Back to day: the day colours again, at once (GMSUISettings changes show immediately).
    h.mapView.lightingMode = .normal
    h.mapView.settings.navigationHeaderPrimaryBackgroundColor = .green
    let back = Drawn(h.window, name: "header-day-again")
    #expect(back.isColour(HeaderRows.primary, 0x00FF00, tolerance: 2))
    #expect(back.isColour(HeaderRows.secondary, 0xFF0000, tolerance: 2))
  }

  @Test func defaultColoursAreGreenAndDarkGreen() throws {
    // No base map: its white streets would read as the compass's white.
    let h = try builtIn { $0.mapView.mapType = .none }
    h.navigator.isGuidanceActive = true
    let drawn = Drawn(h.window, name: "header-default")
    #expect(drawn.isColour(HeaderRows.primary, 0x0F9D58, tolerance: 2))
    #expect(drawn.isColour(HeaderRows.secondary, 0x0B7A43, tolerance: 2))
    h.mapView.settings.isNavigationHeaderEnabled = false
    h.mapView.settings.isNavigationFooterEnabled = false
    h.mapView.backgroundColor = UIColor(rgb: Drawing.map)
    let hidden = Drawn(h.window, name: "header-hidden")
    #expect(hidden.isColour(HeaderRows.primary, Drawing.map, tolerance: 2))
    #expect(hidden.isColour(HeaderRows.footer, Drawing.map, tolerance: 2))
  }
}

/// An accessory view in one colour that asks for a height.
@MainActor
final class ColourAccessory: UIView, GMSNavigationAccessoryView {
  var height: CGFloat = 50
  var asked: [CGSize] = []
  func heightForAccessoryViewConstrained(to size: CGSize, on mapView: GMSMapView) -> CGFloat {
    asked.append(size)
    return height
  }
}

@MainActor
@Suite struct HeaderAccessoryTests {
  static let orange: UInt32 = 0xFF8000

  func accessory() -> ColourAccessory {
    let view = ColourAccessory()
    view.backgroundColor = UIColor(rgb: Self.orange)
    return view
  }

  @Test func itReplacesTheSecondaryRowWithAFade() throws {
    let h = try builtIn()
    h.mapView.backgroundColor = UIColor(rgb: Drawing.map)
    h.mapView.settings.navigationHeaderSecondaryBackgroundColor = .red
    h.navigator.isGuidanceActive = true
    let custom = accessory()
    // The page's snippet.
    h.mapView.setHeaderAccessory(custom)
    #expect(custom.asked.last?.width == 390)
    // Fading in: not yet fully drawn.
    h.clock.advance(by: 0.1)
    let fading = Drawn(h.window, name: "accessory-fading")
    #expect(!fading.isColour(CGPoint(x: 100, y: 47 + 94 + 25), Self.orange, tolerance: 2))
    h.clock.advance(by: 0.5)
    let shown = Drawn(h.window, name: "accessory-shown")
    // The accessory sits where the secondary row was, 50 pt tall; no red row anywhere.
    #expect(shown.isColour(CGPoint(x: 100, y: 47 + 94 + 1), Self.orange, tolerance: 2))
    #expect(shown.isColour(CGPoint(x: 100, y: 47 + 94 + 48), Self.orange, tolerance: 2))
    #expect(!shown.isColour(CGPoint(x: 100, y: 47 + 94 + 52), Self.orange, tolerance: 2))
    #expect(shown.count(0xFF0000, in: HeaderRows.secondaryRow, tolerance: 2) == 0)
    #expect(approx(h.mapView.navigationHeaderLayoutGuide.layoutFrame.maxY, 47 + 94 + 50))

    // Re-measured when invalidated.
    custom.height = 80
    h.mapView.invalidateLayout(forAccessoryView: custom)
    let taller = Drawn(h.window, name: "accessory-taller")
    #expect(taller.isColour(CGPoint(x: 100, y: 47 + 94 + 78), Self.orange, tolerance: 2))

    // Removed: fades out, the secondary row comes back.
    h.mapView.setHeaderAccessory(nil)
    h.clock.advance(by: 1)
    let gone = Drawn(h.window, name: "accessory-removed")
    #expect(gone.count(Self.orange, in: CGRect(x: 0, y: 0, width: 390, height: 300)) == 0)
    #expect(gone.isColour(HeaderRows.secondary, 0xFF0000, tolerance: 2))
    #expect(custom.superview == nil)
  }

  @Test func hiddenOnAShortLandscapeScreenAndWithoutTheHeader() throws {
    let h = try Harness(
      frame: CGRect(x: 0, y: 0, width: 844, height: 390),
      safeArea: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47), delegate: nil)
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    let custom = accessory()
    h.mapView.setHeaderAccessory(custom)
    h.clock.advance(by: 1)
    let drawn = Drawn(h.window, name: "accessory-landscape")
    #expect(drawn.count(Self.orange, in: h.window.bounds) == 0)
    #expect(custom.superview == nil)

    let p = try builtIn()
    p.navigator.isGuidanceActive = true
    let other = accessory()
    p.mapView.setHeaderAccessory(other)
    p.clock.advance(by: 1)
    #expect(Drawn(p.window, name: "accessory-portrait").count(Self.orange, in: p.window.bounds) > 0)
    p.mapView.settings.isNavigationHeaderEnabled = false
    p.clock.advance(by: 1)
    #expect(
      Drawn(p.window, name: "accessory-no-header").count(Self.orange, in: p.window.bounds) == 0)
  }
}

@MainActor
@Suite struct NightModeTests {
  /// 22:00 UTC on 1 July 2026: night in Monaco.
  static let night = Date(timeIntervalSince1970: 1_782_900_000 + 12 * 3600)

  /// A listener that applies the suggestion, as the page's snippet does.
  final class LightingListener: GMSNavigatorListener {
    weak var mapView: GMSMapView?
    var heard: [GMSNavigationLightingMode] = []
    func navigator(
      _ navigator: GMSNavigator,
      didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
    ) {
      heard.append(lightingMode)
      mapView?.lightingMode = lightingMode
    }
  }

  @Test func theSuggestedModeAppliesUntilTheAppChoosesOne() throws {
    let h = try Harness(delegate: nil)
    h.navigator.referenceDate = Self.night
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    h.clock.advance(by: 1)
    #expect(h.navigator.suggestedLightingMode == .lowLight)
    #expect(h.mapView.lightingMode == .lowLight)
    let night = Drawn(h.window, name: "night-suggested")
    #expect(night.isColour(HeaderRows.footer, 0x202124, tolerance: 2))
    // The app chooses: its choice stays whatever the suggestion.
    h.mapView.lightingMode = .normal
    h.clock.advance(by: 2)
    #expect(Drawn(h.window, name: "night-overridden").isColour(HeaderRows.footer, 0xFFFFFF))
  }

  @Test func theListenerHearsTheSuggestion() throws {
    let h = try Harness(delegate: nil)
    let listener = LightingListener()
    listener.mapView = h.mapView
    h.navigator.add(listener)
    h.navigator.referenceDate = Self.night
    h.enableAndRoute()
    h.navigator.isGuidanceActive = true
    h.clock.advance(by: 1)
    #expect(listener.heard == [.lowLight])
    #expect(h.mapView.lightingMode == .lowLight)
  }
}

@MainActor
@Suite struct GestureSettingsTests {
  @Test func aPanDuringFollowingNavigationStopsFollowing() throws {
    let h = try builtIn()
    h.navigator.isGuidanceActive = true
    h.clock.advance(by: 1)
    let fingers = Fingers(window: h.window, clock: h.clock)
    h.mapView.settings.scrollGestures = false
    fingers.drag(CGPoint(x: 200, y: 400), CGPoint(x: 120, y: 300))
    #expect(h.mapView.cameraMode == .following)
    h.mapView.settings.scrollGestures = true
    let under = h.mapView.projection.coordinate(for: CGPoint(x: 200, y: 400))
    fingers.drag(CGPoint(x: 200, y: 400), CGPoint(x: 120, y: 300))
    #expect(h.mapView.cameraMode == .free)
    let now = h.mapView.projection.point(for: under)
    #expect(abs(now.x - 120) < 1 && abs(now.y - 300) < 1)
  }

  @Test func thePagesSnippetTurnsScrollingAndZoomingOff() {
    let m = PlainMap()
    // The page's snippet.
    m.mapView.settings.scrollGestures = false
    m.mapView.settings.zoomGestures = false
    let camera = m.mapView.camera
    m.fingers.drag(CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 220))
    m.fingers.tap(CGPoint(x: 80, y: 90))
    m.clock.advance(by: 0.1)
    m.fingers.tap(CGPoint(x: 80, y: 90))
    m.fingers.twoFingers(
      CGPoint(x: 130, y: 150), CGPoint(x: 170, y: 150), CGPoint(x: 90, y: 150),
      CGPoint(x: 210, y: 150))
    m.clock.advance(by: 1)
    #expect(m.mapView.camera.target.latitude == camera.target.latitude)
    #expect(m.mapView.camera.target.longitude == camera.target.longitude)
    #expect(m.mapView.camera.zoom == camera.zoom)
    // Programmatic moves still work (Guides/Spec.md §12).
    m.mapView.animate(toZoom: 18)
    m.clock.advance(by: 1)
    #expect(m.mapView.camera.zoom == 18)
    // Rotation stays on: a twist turns the map, and the compass appears.
    m.fingers.twoFingers(
      CGPoint(x: 130, y: 150), CGPoint(x: 170, y: 150), CGPoint(x: 150, y: 130),
      CGPoint(x: 150, y: 170))
    #expect(m.mapView.camera.bearing != 0)
    #expect(m.draw("gestures-twisted").count(Drawing.buttonDay, in: PlainMap.compass) > 600)
  }

  @Test func withoutScrollDuringRotateOrZoomThePinchTurnsAboutTheTarget() {
    let m = PlainMap()
    m.mapView.settings.allowScrollGesturesDuringRotateOrZoom = false
    let target = m.mapView.camera.target
    // Both fingers move right while spreading and twisting: the camera's target stays.
    m.fingers.twoFingers(
      CGPoint(x: 130, y: 150), CGPoint(x: 170, y: 150), CGPoint(x: 140, y: 140),
      CGPoint(x: 220, y: 160))
    #expect(m.mapView.camera.zoom > 16.9)
    #expect(m.mapView.camera.bearing != 0)
    #expect(m.mapView.camera.target.latitude == target.latitude)
    #expect(m.mapView.camera.target.longitude == target.longitude)
    // Allowed: the point under the fingers moves with them.
    m.mapView.settings.allowScrollGesturesDuringRotateOrZoom = true
    let under = m.mapView.projection.coordinate(for: CGPoint(x: 150, y: 150))
    m.fingers.twoFingers(
      CGPoint(x: 130, y: 150), CGPoint(x: 170, y: 150), CGPoint(x: 150, y: 150),
      CGPoint(x: 190, y: 150))
    let moved = m.mapView.projection.point(for: under)
    #expect(abs(moved.x - 170) < 1 && abs(moved.y - 150) < 1)
  }
}
