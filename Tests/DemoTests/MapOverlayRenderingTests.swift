import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// Overlays, styles and map types drawn by the renderer, checked by pixels.
@MainActor
@Suite struct MapOverlayRenderingTests {
  static let monaco = CLLocationCoordinate2D(latitude: 43.7384, longitude: 7.4246)
  static let land = RGBA(hex: 0xF2EFE9)

  /// A 300 × 300 window with a map view at zoom 17 on Monaco.
  static func screen() -> (UIWindow, GMSMapView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: ManualClock())
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    mapView.camera = GMSCameraPosition(target: monaco, zoom: 17)
    return (window, mapView)
  }

  static func draw(_ window: UIWindow, _ mapView: GMSMapView, baseMap: BaseMap? = nil) throws
    -> RasterImage
  {
    try Renderer(scale: 1).raster(window: window, map: mapView.mapLayer(baseMap: baseMap))
  }

  static func save(_ image: RasterImage, _ name: String) {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
      "map21-\(name).png")
    try? image.pngData().write(to: url)
  }

  @Test func aMarkerIsDrawnWithItsIconAtItsAnchorAndHiddenWithoutAMap() throws {
    let (window, mapView) = Self.screen()
    let marker = GMSMarker(position: Self.monaco)
    marker.icon = GMSMarker.markerImage(with: .blue)
    marker.map = mapView
    let image = try Self.draw(window, mapView)
    Self.save(image, "marker")
    // The pin's head is blue, above the anchor (the bottom centre of the 27 × 43 picture).
    #expect(image.matches(x: 150 - 9, y: 150 - 30, RGBA(hex: 0x0000FF), tolerance: 10))
    #expect(image.matches(x: 150, y: 150 - 5, RGBA(hex: 0x0000FF), tolerance: 40))
    // Below the anchor is land.
    #expect(image.matches(x: 150, y: 156, Self.land))
    #expect(image.matches(x: 150 - 20, y: 150 - 30, Self.land))
    marker.map = nil
    let empty = try Self.draw(window, mapView)
    #expect(empty.matches(x: 150 - 9, y: 150 - 30, Self.land))
  }

  @Test func aPolylineWithAGradientSpanBlendsAlongIt() throws {
    let (window, mapView) = Self.screen()
    // A 10-point line across the middle, from x = 30 to 270.
    let line = MapStampTests.line(on: mapView)
    line.spans = [GMSStyleSpan(style: .gradient(from: .red, to: .blue), segments: 1)]
    let image = try Self.draw(window, mapView)
    Self.save(image, "gradient")
    let start = try #require(image.pixel(x: 34, y: 150))
    let middle = try #require(image.pixel(x: 150, y: 150))
    let end = try #require(image.pixel(x: 266, y: 150))
    #expect(start.red > 230 && start.blue < 25)
    #expect(end.blue > 230 && end.red < 25)
    #expect(abs(Int(middle.red) - 128) < 12 && abs(Int(middle.blue) - 128) < 12)
    // Off the line: land.
    #expect(image.matches(x: 150, y: 160, Self.land))
  }

  @Test func aPolygonWithAHoleLeavesTheHoleUnfilled() throws {
    let (window, mapView) = Self.screen()
    let p = mapView.projection
    func ring(_ points: [(Double, Double)]) -> GMSMutablePath {
      let path = GMSMutablePath()
      for (x, y) in points { path.add(p.coordinate(for: CGPoint(x: x, y: y))) }
      return path
    }
    let polygon = GMSPolygon(path: ring([(50, 50), (250, 50), (250, 250), (50, 250)]))
    polygon.holes = [ring([(120, 120), (180, 120), (180, 180), (120, 180)])]
    polygon.fillColor = .green
    polygon.strokeColor = nil
    polygon.map = mapView
    let image = try Self.draw(window, mapView)
    Self.save(image, "polygon")
    #expect(image.matches(x: 80, y: 80, RGBA(hex: 0x00FF00)))
    #expect(image.matches(x: 150, y: 150, Self.land))
    #expect(image.matches(x: 20, y: 20, Self.land))
  }

  @Test func markersDrawAboveShapesWhateverTheirZIndex() throws {
    let (window, mapView) = Self.screen()
    let marker = GMSMarker(position: Self.monaco)
    marker.icon = GMSMarker.markerImage(with: .blue)
    marker.map = mapView
    let circle = GMSCircle(position: Self.monaco, radius: 80)
    circle.fillColor = .red
    circle.zIndex = 100
    circle.map = mapView
    let image = try Self.draw(window, mapView)
    #expect(image.matches(x: 150 - 9, y: 150 - 30, RGBA(hex: 0x0000FF), tolerance: 10))
    #expect(image.matches(x: 150 + 40, y: 150, RGBA(hex: 0xFF0000)))
  }

  @Test func aStyleThatHidesRoadsHidesThem() throws {
    let map = try BaseMap.bundled()
    let (window, mapView) = Self.screen()
    let plain = try Self.draw(window, mapView, baseMap: map)
    mapView.mapStyle = try GMSMapStyle(
      jsonString:
        #"[{"featureType": "road", "elementType": "geometry", "stylers": [{"visibility": "off"}]}]"#
    )
    let styled = try Self.draw(window, mapView, baseMap: map)
    Self.save(styled, "noroads")
    let white = RGBA(hex: 0xFFFFFF)
    let yellow = RGBA(hex: 0xFCE49C)
    func roadPixels(_ image: RasterImage) -> Int {
      var count = 0
      for y in 0..<300 {
        for x in 0..<300
        where image.matches(x: x, y: y, white, tolerance: 2)
          || image.matches(x: x, y: y, yellow, tolerance: 2)
        {
          count += 1
        }
      }
      return count
    }
    let before = roadPixels(plain)
    let after = roadPixels(styled)
    #expect(before > 2000, "the frame should show roads (\(before) road pixels)")
    #expect(after < before / 20, "roads left: \(after) of \(before)")
  }

  @Test func styleColoursAndMapTypeNone() throws {
    let (window, mapView) = Self.screen()
    mapView.mapStyle = try GMSMapStyle(
      jsonString: ##"[{"featureType": "landscape", "stylers": [{"color": "#202020"}]}]"##)
    let image = try Self.draw(window, mapView)
    #expect(image.matches(x: 10, y: 10, RGBA(hex: 0x202020)))
    mapView.mapType = .none
    let look = mapView.renderedMapStyle()
    #expect(!look.drawsBaseMap)
  }

  @Test func theDemosMapScreenShowsTheStyleMarkersAndTheRoute() throws {
    let session = try DemoSession(configuration: DemoConfiguration())
    let png = try session.mapScreenPNG()
    let image = try RasterImage(png: png)
    try? png.write(
      to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("map21-screen.png"))
    #expect(image.width == 780 && image.height == 1120)
    var styledLand = 0
    var defaultLand = 0
    for y in stride(from: 0, to: image.height, by: 4) {
      for x in stride(from: 0, to: image.width, by: 4) {
        if image.matches(x: x, y: y, RGBA(hex: 0xEBE3CD), tolerance: 3) { styledLand += 1 }
        if image.matches(x: x, y: y, Self.land, tolerance: 3) { defaultLand += 1 }
      }
    }
    #expect(styledLand > 1000)
    #expect(defaultLand < styledLand / 20)
  }
}
