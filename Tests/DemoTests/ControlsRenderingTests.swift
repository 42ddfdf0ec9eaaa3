import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Routing
import SharedTestData
import Testing
import ViewKit

/// A 390 × 844 window on a manual clock with a map view (built-in layout), the terms
/// accepted.
@MainActor
func navigationScreen(safeArea: UIEdgeInsets) -> (ManualClock, UIWindow, GMSMapView) {
  let clock = ManualClock()
  let window = UIWindow(
    frame: CGRect(x: 0, y: 0, width: 390, height: 844), safeAreaInsets: safeArea, clock: clock)
  let mapView = GMSMapView(frame: window.bounds)
  window.addSubview(mapView)
  try? GMSNavigationServices.acceptTermsAndConditions(persisting: false)
  return (clock, window, mapView)
}

/// Destination markers, the destination's building and entrance, 3D buildings and the trip
/// progress bar's traffic (Guides/Spec.md §12.6, §12.9), checked by drawn pixels.
@MainActor
@Suite struct ControlsRenderingTests {
  static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  static let origin = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  static let land = RGBA(hex: 0xF2EFE9)

  /// A 390 × 844 window with a map view (built-in layout), navigation on and a route to the
  /// casino; not guiding, so no header or footer covers the map.
  static func routed() throws -> (UIWindow, GMSMapView) {
    let (clock, window, mapView) = navigationScreen(safeArea: .zero)
    mapView.isNavigationEnabled = true
    let navigator = try #require(mapView.navigator)
    mapView.locationSimulator?.simulateLocation(at: origin)
    var status: GMSRouteStatus?
    navigator.setDestinations([GMSNavigationWaypoint(location: casino, title: "Casino")!]) {
      status = $0
    }
    clock.advance(by: 0)
    #expect(status == .OK)
    mapView.cameraMode = .free
    return (window, mapView)
  }

  static func draw(_ window: UIWindow, _ mapView: GMSMapView, baseMap: BaseMap?, _ name: String)
    throws -> RasterImage
  {
    window.layoutIfNeeded()
    let image = try Renderer(scale: 1).raster(
      window: window, map: mapView.mapLayer(baseMap: baseMap))
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
      "controls19-\(name).png")
    try? image.pngData().write(to: url)
    return image
  }

  /// A square building `side` metres wide centred on `centre`, with `tags`, and an entrance
  /// node in the middle of its south wall.
  static func buildingMap(
    around centre: CLLocationCoordinate2D, side: Double = 40, tags: [String: String] = [:]
  ) -> BaseMap {
    var data = OSMData()
    let dLat = side / 2 / 111_195
    let dLon = dLat / cos(centre.latitude * .pi / 180)
    let corners = [(-1.0, -1.0), (-1, 1), (1, 1), (1, -1)]
    for (i, (y, x)) in corners.enumerated() {
      data.nodeIDs.append(Int64(i + 1))
      data.latitudes.append(centre.latitude + y * dLat)
      data.longitudes.append(centre.longitude + x * dLon)
    }
    data.nodeIDs.append(5)
    data.latitudes.append(centre.latitude - dLat)
    data.longitudes.append(centre.longitude)
    data.nodeTags[4] = ["entrance": "main"]
    var buildingTags = tags
    buildingTags["building"] = "yes"
    data.ways = [OSMWay(id: 1, nodeIDs: [1, 5, 2, 3, 4, 1], tags: buildingTags)]
    return BaseMap(data: data)
  }

  static func isPinRed(_ image: RasterImage, _ p: CGPoint) -> Bool {
    image.matches(x: Int(p.x), y: Int(p.y) - 30, RGBA(hex: 0xEA4335), tolerance: 12)
  }

  @Test func destinationMarkersFollowTheSetting() throws {
    let (window, mapView) = try Self.routed()
    let end = try #require(mapView.navigator?.currentRoute?.geometry.last)
    mapView.camera = GMSCameraPosition(target: end, zoom: 17)
    let tip = mapView.projection.point(for: end)
    let shown = try Self.draw(window, mapView, baseMap: nil, "markers-on")
    #expect(Self.isPinRed(shown, tip))
    mapView.settings.showsDestinationMarkers = false
    let hidden = try Self.draw(window, mapView, baseMap: nil, "markers-off")
    #expect(!Self.isPinRed(hidden, tip))
    #expect(hidden.matches(x: Int(tip.x), y: Int(tip.y) - 30, Self.land))
  }

  @Test func aCustomImageMarkerStandsInForTheHiddenPin() throws {
    let (window, mapView) = try Self.routed()
    let end = try #require(mapView.navigator?.currentRoute?.geometry.last)
    mapView.camera = GMSCameraPosition(target: end, zoom: 17)
    mapView.settings.showsDestinationMarkers = false
    let marker = GMSMarker(position: end)
    marker.icon = GMSMarker.markerImage(with: .green)
    marker.map = mapView
    let tip = mapView.projection.point(for: end)
    let image = try Self.draw(window, mapView, baseMap: nil, "marker-custom")
    #expect(!Self.isPinRed(image, tip))
    #expect(
      image.matches(x: Int(tip.x) - 6, y: Int(tip.y) - 30, RGBA(hex: 0x00FF00), tolerance: 40))
  }

  @Test func theDestinationsBuildingIsHighlightedWithItsEntrance() throws {
    let (window, mapView) = try Self.routed()
    let map = Self.buildingMap(around: Self.casino)
    let building = try #require(map.building(at: Self.casino))
    #expect(building.entrances.count == 1)
    mapView.camera = GMSCameraPosition(target: Self.casino, zoom: 18)
    let p = mapView.projection
    let centre = p.point(for: Self.casino)
    let door = p.point(for: building.entrances[0])
    let image = try Self.draw(window, mapView, baseMap: map, "destination-building")
    // Inside the footprint, away from the pin and the route: the highlight colour.
    let inside = CGPoint(x: centre.x + 30, y: centre.y + 20)
    #expect(image.matches(x: Int(inside.x), y: Int(inside.y), RGBA(hex: 0xF6AEA9), tolerance: 10))
    // The entrance icon: a white disc around a red door, on the south wall.
    #expect(image.matches(x: Int(door.x) + 1, y: Int(door.y), RGBA(hex: 0xEA4335), tolerance: 20))
    #expect(
      image.matches(x: Int(door.x) - 4, y: Int(door.y) + 6, RGBA(hex: 0xFFFFFF), tolerance: 20))
    // Markers off: no highlight, no entrance.
    mapView.settings.showsDestinationMarkers = false
    let plain = try Self.draw(window, mapView, baseMap: map, "destination-building-off")
    #expect(plain.matches(x: Int(inside.x), y: Int(inside.y), MapStyle.day.building, tolerance: 10))
    #expect(!plain.matches(x: Int(door.x) + 1, y: Int(door.y), RGBA(hex: 0xEA4335), tolerance: 20))
  }

  @Test func aBuildingFarFromTheWaypointIsNotHighlighted() {
    let map = Self.buildingMap(around: Self.casino)
    let far = CLLocationCoordinate2D(latitude: Self.casino.latitude + 0.001, longitude: 7.4275)
    #expect(map.building(at: far) == nil)
    #expect(map.building(at: far, within: 200) != nil)
    #expect(map.building(at: kCLLocationCoordinate2DInvalid) == nil)
    // Asked again (every frame asks): the same answers, from the kept ones.
    #expect(map.building(at: far) == nil)
    let near = map.building(at: far, within: 200)
    #expect(near != nil && near == map.building(at: far, within: 200))
    #expect(map.building(at: Self.casino) == map.building(at: Self.casino, within: 30))
  }

  /// A plain map (no navigation) over one building, the camera on it at zoom 18.
  static func buildingScreen(tags: [String: String], tilt: Double) -> (
    UIWindow, GMSMapView, BaseMap
  ) {
    let window = UIWindow(
      frame: CGRect(x: 0, y: 0, width: 300, height: 300), clock: ManualClock())
    let mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    mapView.camera = GMSCameraPosition(
      target: Self.casino, zoom: 18, bearing: 0, viewingAngle: tilt)
    return (window, mapView, Self.buildingMap(around: Self.casino, tags: tags))
  }

  @Test func buildingsAreDrawnOnlyWhenEnabled() throws {
    let (window, mapView, map) = Self.buildingScreen(tags: [:], tilt: 0)
    let on = try Self.draw(window, mapView, baseMap: map, "buildings-on")
    #expect(on.matches(x: 150, y: 150, MapStyle.day.building, tolerance: 6))
    mapView.isBuildingsEnabled = false
    let off = try Self.draw(window, mapView, baseMap: map, "buildings-off")
    #expect(off.matches(x: 150, y: 150, Self.land, tolerance: 6))
  }

  @Test func aTiltedCameraRaisesBuildingsByTheirHeight() throws {
    // 40 m square at zoom 18 (about 0.43 m/pt): its footprint's north wall is ~46 pt above
    // the centre. At 45° a 30 m building rises ~49 pt; a two-level one (6 m) ~10 pt.
    let probe = (x: 150, y: 150 - 46 - 25)
    let (flatWindow, flatMap, tall) = Self.buildingScreen(tags: ["height": "30"], tilt: 0)
    let flat = try Self.draw(flatWindow, flatMap, baseMap: tall, "building-flat")
    #expect(flat.matches(x: probe.x, y: probe.y, Self.land, tolerance: 6))
    let (window, mapView, _) = Self.buildingScreen(tags: ["height": "30"], tilt: 45)
    let raised = try Self.draw(window, mapView, baseMap: tall, "building-tilted")
    #expect(!raised.matches(x: probe.x, y: probe.y, Self.land, tolerance: 6))
    let (lowWindow, lowMap, low) = Self.buildingScreen(tags: ["building:levels": "2"], tilt: 45)
    let short = try Self.draw(lowWindow, lowMap, baseMap: low, "building-low")
    #expect(short.matches(x: probe.x, y: probe.y, Self.land, tolerance: 6))
    let (levelsWindow, levelsMap, levels) = Self.buildingScreen(
      tags: ["building:levels": "10"], tilt: 45)
    let ten = try Self.draw(levelsWindow, levelsMap, baseMap: levels, "building-levels")
    #expect(!ten.matches(x: probe.x, y: probe.y, Self.land, tolerance: 6))
    // Off: nothing, tilted or not.
    mapView.isBuildingsEnabled = false
    let none = try Self.draw(window, mapView, baseMap: tall, "building-tilted-off")
    #expect(none.matches(x: probe.x, y: probe.y, Self.land, tolerance: 6))
    #expect(none.matches(x: 150, y: 150, Self.land, tolerance: 6))
  }
}

/// The trip progress bar's traffic from routes of each source (Guides/Spec.md §12.6).
@MainActor
@Suite struct TripProgressTrafficTests {
  /// The built-in layout guiding along the first route of `fixture`, the bar on.
  static func guiding(_ fixture: String) throws -> (UIWindow, GMSMapView, UIView) {
    let routes = try RouteDecoder.decodeFile(at: SharedTestData.path("routes/\(fixture)"))
    let route = try #require(routes.first)
    let (clock, window, mapView) = navigationScreen(
      safeArea: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    mapView.settings.isNavigationTripProgressBarEnabled = true
    mapView.isNavigationEnabled = true
    let navigator = try #require(mapView.navigator)
    navigator.routeProvider = FixedRouteProvider(routes: [route])
    mapView.locationSimulator?.simulateLocation(at: route.geometry[0])
    let end = try #require(route.geometry.last)
    navigator.setDestinations([GMSNavigationWaypoint(location: end, title: "End")!]) { _ in }
    clock.advance(by: 0)
    navigator.isGuidanceActive = true
    window.layoutIfNeeded()
    let bar = try #require(Self.find("tripProgressBar", in: mapView))
    return (window, mapView, bar)
  }

  static func find(_ identifier: String, in view: UIView) -> UIView? {
    if view.accessibilityIdentifier == identifier { return view }
    for subview in view.subviews {
      if let found = find(identifier, in: subview) { return found }
    }
    return nil
  }

  /// Pixels of the bar (inside its 12-point width, below the destination mark) by colour.
  static func traffic(_ window: UIWindow, _ bar: UIView, _ name: String) throws -> (
    orange: Int, red: Int
  ) {
    let raster = try Renderer(scale: 1).raster(window: window)
    try? raster.pngData().write(
      to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "controls19-bar-\(name).png"))
    let frame = bar.convert(bar.bounds, to: nil)
    var orange = 0
    var red = 0
    for y in Int(frame.minY + 10)..<Int(frame.maxY) {
      for x in Int(frame.minX + 2)..<Int(frame.maxX - 2) {
        guard let p = raster.pixel(x: x, y: y) else { continue }
        if p.red > 220, p.green > 120, p.green < 175, p.blue < 60 { orange += 1 }
        if p.red > 180, p.green < 70, p.blue < 70 { red += 1 }
      }
    }
    return (orange, red)
  }

  @Test func mapboxCongestionShowsAsTrafficAlongTheBar() throws {
    // Two legs, congestion without annotation distances (lengths from the shape).
    let (window, _, bar) = try Self.guiding("mapbox-directions-swift/routeRefreshRoute.json")
    let frame = bar.convert(bar.bounds, to: nil)
    #expect(frame.width == 12)
    #expect(frame.height > 200)
    let counts = try Self.traffic(window, bar, "mapbox")
    #expect(counts.orange > 100)
    #expect(counts.red > 0)
  }

  @Test func annotatedOSRMCongestionShowsAsTraffic() throws {
    let (window, _, bar) = try Self.guiding("mapbox-directions-swift/annotation.json")
    #expect(try Self.traffic(window, bar, "osrm-annotated").orange > 4)
  }

  @Test func aValhallaRouteWithoutCongestionDrawsNoTraffic() throws {
    let (window, _, bar) = try Self.guiding("generated/monaco-fontvieille-casino.valhalla.json")
    let counts = try Self.traffic(window, bar, "valhalla")
    #expect(counts.orange == 0 && counts.red == 0)
    // The destination mark (red) sits at the bar's top end.
    let raster = try Renderer(scale: 1).raster(window: window)
    let frame = bar.convert(bar.bounds, to: nil)
    #expect(
      raster.matches(x: Int(frame.midX), y: Int(frame.minY), RGBA(hex: 0xEA4335), tolerance: 12))
  }
}
