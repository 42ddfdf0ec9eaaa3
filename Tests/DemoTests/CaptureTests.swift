import Demo
import Foundation
import NavigationUI
import Rendering
import Testing
import ViewKit

/// A fuel gauge an app puts beside Google's components: a ring drawn in `draw(_:)`.
final class FuelGaugeView: UIView {
  var level: CGFloat = 0.7 {
    didSet { setNeedsDisplay() }
  }
  private(set) var draws = 0

  override func draw(_ rect: CGRect) {
    draws += 1
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let inset = rect.insetBy(dx: 5, dy: 5)
    let track = UIBezierPath(ovalIn: inset)
    track.lineWidth = 8
    UIColor(white: 0.85, alpha: 1).setStroke()
    track.stroke()
    let arc = UIBezierPath(
      arcCenter: CGPoint(x: rect.midX, y: rect.midY), radius: inset.width / 2,
      startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * level, clockwise: true)
    arc.lineWidth = 8
    arc.lineCapStyle = .round
    UIColor(rgb: 0xFF6D00).setStroke()
    arc.stroke()
    context.setFillColor(UIColor(rgb: 0x1A73E8).cgColor)
    context.fillEllipse(in: rect.insetBy(dx: rect.width / 2 - 6, dy: rect.height / 2 - 6))
  }
}

/// The sample layout, plus a fuel gauge under the turn card's leading corner.
@MainActor
final class GaugeLayoutDelegate: NSObject, NavigationLayoutDelegate {
  let sample = SampleLayoutDelegate()
  let gauge = FuelGaugeView(frame: .zero)

  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    sample.enableNavigationUI(navMap: navMap, newState: newState)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    sample.disableNavigationUI(navMap: navMap, oldState: oldState)
  }

  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    sample.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
    gauge.accessibilityIdentifier = "fuelGauge"
    gauge.translatesAutoresizingMaskIntoConstraints = false
    gauge.backgroundColor = .white
    gauge.layer.cornerRadius = 32
    navMap.addSubview(gauge)
    NSLayoutConstraint.activate([
      gauge.leadingAnchor.constraint(equalTo: newState.turnCard.leadingAnchor, constant: 16),
      gauge.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor, constant: 16),
      gauge.widthAnchor.constraint(equalToConstant: 64),
      gauge.heightAnchor.constraint(equalToConstant: 64),
    ])
  }

  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    gauge.removeFromSuperview()
    sample.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    sample.showPrompt(navMap: navMap, newPrompt: newPrompt)
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    sample.hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    sample.changePrompt(navMap: navMap, newPrompt: newPrompt, oldPrompt: oldPrompt)
  }

  func sizeChanged(navMap: GMSMapView, newState: any NavigationUIState) {
    sample.sizeChanged(navMap: navMap, newState: newState)
  }
}

/// Screens captured with plain UIKit calls, compared with the renderer's pictures.
@MainActor
@Suite struct CaptureTests {
  /// The capture of `window` with `drawHierarchy` at `scale`.
  static func capture(_ window: UIWindow, scale: CGFloat) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: window.bounds.size, format: format).image { _ in
      _ = window.drawHierarchy(in: window.bounds, afterScreenUpdates: true)
    }
  }

  /// How many pixels of `image` differ from `raster` in any colour channel.
  static func differingPixels(_ image: CGImage, _ raster: RasterImage) -> Int {
    var count = 0
    for y in 0..<raster.height {
      for x in 0..<raster.width {
        let a = image.pixel(x: x, y: y)!
        let b = raster.pixel(x: x, y: y)!
        if a.red != b.red || a.green != b.green || a.blue != b.blue || a.alpha != 255 {
          count += 1
        }
      }
    }
    return count
  }

  @Test(arguments: [1.0, 3.0])
  func drawHierarchyEqualsTheRenderersPNG(scale: Double) throws {
    let session = try DemoSession(configuration: DemoConfiguration())
    session.advance(to: 13)
    let png = try Renderer(scale: scale).png(
      window: session.window, at: session.clock.now, map: try session.mapLayer())
    let raster = try RasterImage(png: png)
    let captured = Self.capture(session.window, scale: CGFloat(scale)).cgImage!
    #expect(captured.width == raster.width && captured.height == raster.height)
    #expect(Self.differingPixels(captured, raster) == 0)
    // `layer.render(in:)` draws the same.
    let format = UIGraphicsImageRendererFormat()
    format.scale = CGFloat(scale)
    let rendered = UIGraphicsImageRenderer(size: session.window.bounds.size, format: format)
      .image { context in session.window.layer.render(in: context.cgContext) }
    #expect(Self.differingPixels(rendered.cgImage!, raster) == 0)
  }

  /// How many pixels of `image` have each colour (0xRRGGBB).
  static func colourCounts(_ image: CGImage) -> [UInt32: Int] {
    var counts: [UInt32: Int] = [:]
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.pixel(x: x, y: y)!
        counts[UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue), default: 0] += 1
      }
    }
    return counts
  }

  @Test func aDetachedWindowGetsItsMapBackFromItsMapView() throws {
    let session = try DemoSession(configuration: DemoConfiguration())
    session.advance(to: 13)
    Renderer.detach(from: session.window)
    #expect(session.window.paintingHooks == nil)
    let captured = Self.capture(session.window, scale: 1).cgImage!
    #expect(session.window.paintingHooks != nil)
    let land = Self.colourCounts(captured)[0xF2EFE9, default: 0]
    #expect(land > captured.width * captured.height / 20)
    // A window without a map view is left without hooks.
    let plain = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    plain.addSubview(UIView(frame: plain.bounds))
    _ = Self.capture(plain, scale: 1)
    #expect(plain.paintingHooks == nil)
  }

  @Test func aMapViewInAnAppsOwnWindowDrawsItsMapWithoutARenderer() throws {
    // An app's window and map view, as on iOS: no session, no `Renderer.attach(to:map:)`.
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 320))
    window.backgroundColor = .black
    let camera = GMSCameraPosition(latitude: 43.7384, longitude: 7.4246, zoom: 16)
    let mapView = GMSMapView(frame: window.bounds, camera: camera)
    window.addSubview(mapView)
    #expect(window.paintingHooks == nil)
    let captured = Self.capture(window, scale: 1).cgImage!
    if let directory = ProcessInfo.processInfo.environment["NAVUI_CAPTURE_DIR"] {
      try UIImage(cgImage: captured).pngData()!.write(
        to: URL(fileURLWithPath: directory).appendingPathComponent("app-window-map.png"))
    }
    // Land, streets and the sea in the day style's colours, none of the window's black.
    let counts = Self.colourCounts(captured)
    let total = captured.width * captured.height
    #expect(counts[0xF2EFE9, default: 0] > total / 20, "land")
    #expect(counts[0xF5B87C, default: 0] + counts[0xFCE49C, default: 0] > total / 50, "streets")
    #expect(counts[0xAAD3DF, default: 0] > total / 50, "the sea")
    #expect(counts[0x000000, default: 0] == 0)
    // The same picture as the renderer's PNG of that map view's map.
    let map = mapView.mapLayer(baseMap: try BaseMap.bundled(), at: window.clock.now)
    let raster = try RasterImage(
      png: try Renderer(scale: 1).png(window: window, at: window.clock.now, map: map))
    #expect(Self.differingPixels(captured, raster) == 0)
  }

  @Test func aCustomDrawnViewShowsInTheDemoFrame() throws {
    let delegate = GaugeLayoutDelegate()
    let session = try DemoSession(configuration: DemoConfiguration(), layoutDelegate: delegate)
    session.advance(to: 13)
    let png = try Renderer(scale: 2).png(
      window: session.window, at: session.clock.now, map: try session.mapLayer())
    if let directory = ProcessInfo.processInfo.environment["NAVUI_CAPTURE_DIR"] {
      try png.write(to: URL(fileURLWithPath: directory).appendingPathComponent("gauge-frame.png"))
    }
    let raster = try RasterImage(png: png)
    let frame = delegate.gauge.convert(delegate.gauge.bounds, to: nil)
    #expect(frame.width == 64 && frame.minX >= 16 && frame.minY > 100)
    // The blue centre dot and the orange arc at the top (the ring starts at 12 o'clock).
    let centre = raster.pixel(x: Int(frame.midX * 2), y: Int(frame.midY * 2))!
    #expect(centre.blue > 200 && centre.red < 60)
    let top = raster.pixel(x: Int(frame.midX * 2) + 4, y: Int((frame.minY + 5) * 2))!
    #expect(top.red > 230 && top.green > 80 && top.green < 140 && top.blue < 40)
    #expect(delegate.gauge.draws == 1)
    // Later frames reuse the drawing; a new level redraws it once.
    _ = try Renderer(scale: 2).png(window: session.window, at: session.clock.now)
    #expect(delegate.gauge.draws == 1)
    delegate.gauge.level = 0.2
    _ = try Renderer(scale: 2).png(window: session.window, at: session.clock.now)
    _ = try Renderer(scale: 2).png(window: session.window, at: session.clock.now)
    #expect(delegate.gauge.draws == 2)
  }
}
