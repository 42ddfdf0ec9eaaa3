import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// The camera, the base map built from the bundled extract, and the map's pixels.
@MainActor
@Suite struct MapTests {
  @Test(arguments: [0.0, 35.0, 180.0, 290.0])
  func cameraRoundTrips(heading: Double) {
    let camera = MapCamera(center: Fixtures.casino, metersPerPoint: 1.7, heading: heading)
    let anchor = CGPoint(x: 195, y: 400)
    let target = CLLocationCoordinate2D(latitude: 43.7411, longitude: 7.4302)
    let point = camera.point(for: target, anchor: anchor)
    let back = camera.coordinate(at: point, anchor: anchor)
    #expect(abs(back.latitude - target.latitude) < 1e-9)
    #expect(abs(back.longitude - target.longitude) < 1e-9)
  }

  @Test func headingUpPutsTheCourseAtTheTop() {
    let camera = MapCamera(center: Fixtures.casino, metersPerPoint: 1, heading: 90)
    let east = Geodesy.destination(from: Fixtures.casino, distance: 100, bearing: 90)
    let point = camera.point(for: east, anchor: .zero)
    #expect(abs(point.x) < 0.5)
    #expect(abs(point.y + 100) < 0.5)
    let north = camera.point(
      for: Geodesy.destination(from: Fixtures.casino, distance: 50, bearing: 0), anchor: .zero)
    #expect(abs(north.x + 50) < 0.5)
  }

  @Test func badCameraValuesFallBack() {
    let camera = MapCamera(center: Fixtures.casino, metersPerPoint: -3, heading: .nan)
    #expect(camera.metersPerPoint == 2)
    #expect(camera.heading == 0)
  }

  @Test func bundledMapHasEveryKindOfFeature() throws {
    let counts = try BaseMap.bundled().featureCounts
    #expect(counts[.minorRoad, default: 0] > 500)
    #expect(counts[.arterialRoad, default: 0] > 100)
    #expect(counts[.building, default: 0] > 1000)
    #expect(counts[.park, default: 0] > 10)
    #expect(counts[.water, default: 0] > 0)
    #expect(counts[.sea, default: 0] >= 1)
  }

  @Test func missingMapFileIsATypedError() {
    #expect(throws: RenderError.self) { try BaseMap.load(path: "/nonexistent/monaco.osm.pbf") }
  }

  @Test func seaClosesClockwiseAlongTheBox() {
    let closer = SeaCloser(minX: 0, minY: 0, maxX: 100, maxY: 100)
    // A coast entering at the left edge and leaving at the top: land on its left (north-west),
    // so the sea polygon takes the right, bottom and left edges.
    let ring = closer.close([(0, 50), (50, 50), (50, 100)])
    let corners = ring.filter { ($0.0 == 0 || $0.0 == 100) && ($0.1 == 0 || $0.1 == 100) }
    #expect(corners.map { [$0.0, $0.1] } == [[100, 100], [100, 0], [0, 0]])
  }

  @Test func ringsJoinAcrossReversedPieces() {
    let joined = RingJoiner.join([[1, 2, 3], [5, 4, 3], [5, 6, 1]])
    #expect(joined == [[1, 2, 3, 4, 5, 6, 1]])
  }

  @Test func routeSplitsAtTheDistanceTravelled() {
    let overlay = RouteOverlay(coordinates: Fixtures.casinoApproach, distanceTraveled: 50)
    let split = MapPainter.split(overlay.coordinates, at: 50)
    #expect(abs(Geodesy.length(of: split.traveled) - 50) < 0.01)
    let marker = try! #require(overlay.vehicleMarker)
    #expect(
      abs(marker.course - Geodesy.bearing(Fixtures.casinoApproach[0], Fixtures.casinoApproach[1]))
        < 1)
  }

  @Test func mapPixels() throws {
    let vehicle = VehicleMarker(coordinate: Fixtures.casinoApproach[2], course: 90)
    let scene = MapScene(
      map: try BaseMap.bundled(),
      camera: MapCamera(center: vehicle.coordinate, metersPerPoint: 2),
      route: RouteOverlay(coordinates: Fixtures.casinoApproach, distanceTraveled: 150),
      vehicle: vehicle)
    let image = try RasterImage(
      png: Renderer().png(map: scene, size: CGSize(width: 400, height: 400)))
    let style = MapStyle.day
    Fixtures.write(
      try Renderer().png(map: scene, size: CGSize(width: 400, height: 400)), "map-pixels.png")
    // The chevron points east: filled ahead of the centre, the notch behind it is not.
    #expect(image.matches(x: 205, y: 200, style.vehicle, tolerance: 16))
    #expect(!image.matches(x: 191, y: 200, style.vehicle, tolerance: 16))
    // The sea lies 300 m south-east of the casino.
    let sea = scene.camera.point(
      for: CLLocationCoordinate2D(latitude: 43.7380, longitude: 7.4310),
      anchor: CGPoint(x: 200, y: 200))
    #expect(image.matches(x: Int(sea.x), y: Int(sea.y), style.water, tolerance: 4))
    // The travelled part of the route is grey, the part ahead blue.
    let behind = scene.camera.point(
      for: Geodesy.coordinate(at: 60, along: Fixtures.casinoApproach)!,
      anchor: CGPoint(x: 200, y: 200))
    #expect(image.matches(x: Int(behind.x), y: Int(behind.y), style.routeTraveled, tolerance: 6))
    let ahead = scene.camera.point(
      for: Geodesy.coordinate(at: 250, along: Fixtures.casinoApproach)!,
      anchor: CGPoint(x: 200, y: 200))
    #expect(image.matches(x: Int(ahead.x), y: Int(ahead.y), style.route, tolerance: 6))
  }

  @Test func mapFillsItsViewUnderTheSubviewsAndCentresOnTheViewport() throws {
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 300), clock: clock)
    let mapView = UIView(frame: window.bounds)
    window.addSubview(mapView)
    let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    card.backgroundColor = .red
    mapView.addSubview(card)
    let viewport = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 200))
    mapView.addSubview(viewport)
    let vehicle = VehicleMarker(coordinate: Fixtures.casino, course: 0)
    let scene = MapScene(
      map: nil, camera: .following(vehicle), vehicle: vehicle, attribution: nil)
    let layer = MapLayer(scene: scene, view: mapView, viewport: viewport)
    let image = try Renderer().raster(window: window, map: layer)
    #expect(image.matches(x: 100, y: 50, RGBA(hex: 0xFF0000)))
    #expect(image.matches(x: 20, y: 280, MapStyle.day.land))
    // The chevron sits at the viewport's centre (100, 200), tip up.
    #expect(image.matches(x: 100, y: 192, MapStyle.day.vehicle, tolerance: 16))
  }
}

/// Overlays and styles.
@MainActor
@Suite struct MapOverlayTests {
  private let center = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)

  private func image(_ scene: MapScene) throws -> RasterImage {
    try RasterImage(png: Renderer().png(map: scene, size: CGSize(width: 200, height: 200)))
  }

  @Test func alternativesAndDestinationsAreDrawn() throws {
    let west = Geodesy.destination(from: center, distance: 150, bearing: 270)
    let east = Geodesy.destination(from: center, distance: 150, bearing: 90)
    let north = Geodesy.destination(from: center, distance: 100, bearing: 0)
    let scene = MapScene(
      map: nil, camera: MapCamera(center: center, metersPerPoint: 2), alternatives: [[west, east]],
      destinations: [north], attribution: nil)
    let picture = try image(scene)
    #expect(picture.matches(x: 60, y: 100, MapStyle.day.alternative, tolerance: 4))
    // The pin's head sits 22 points above the destination (50 points north of the centre).
    #expect(picture.matches(x: 100, y: 100 - 50 - 30, MapStyle.day.destination, tolerance: 8))
    #expect(picture.matches(x: 100, y: 160, MapStyle.day.land, tolerance: 0))
  }

  @Test func nightStyleChangesTheColours() throws {
    let day = MapScene(map: nil, camera: MapCamera(center: center), attribution: nil)
    var night = day
    night.style = .night
    #expect(try image(day).matches(x: 10, y: 10, MapStyle.day.land, tolerance: 0))
    #expect(try image(night).matches(x: 10, y: 10, MapStyle.night.land, tolerance: 0))
  }

  @Test func attributionIsDrawnInTheCorner() throws {
    let with = try image(MapScene(map: nil, camera: MapCamera(center: center)))
    let without = try image(MapScene(map: nil, camera: MapCamera(center: center), attribution: nil))
    #expect(with != without)
    #expect(with.matches(x: 100, y: 10, MapStyle.day.land, tolerance: 0))
    #expect(!with.matches(x: 198, y: 195, MapStyle.day.land, tolerance: 0))
  }

  /// The attribution's layout is kept between frames: at another width it is ellipsized
  /// anew, and back at the first width it is the first picture again.
  @Test func attributionIsLaidOutForEachWidth() throws {
    let scene = MapScene(
      map: nil, camera: MapCamera(center: center),
      attribution: "© OpenStreetMap contributors, ODbL 1.0")
    func picture(width: Double) throws -> RasterImage {
      try RasterImage(png: Renderer().png(map: scene, size: CGSize(width: width, height: 40)))
    }
    /// The leftmost column with text ink in the bottom rows (the line is right-aligned).
    func inkStart(_ image: RasterImage) -> Int? {
      (0..<image.width).first { x in
        (image.height - 12..<image.height).contains { y in
          let p = image.pixel(x: x, y: y)!
          return Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 150
        }
      }
    }
    let wide = try picture(width: 300)
    let narrow = try picture(width: 90)
    let wideAgain = try picture(width: 300)
    #expect(wide == wideAgain)
    // Each the picture of a fresh layout.
    LabelPainter.shared.forgetPreparedLayouts()
    #expect(try picture(width: 90) == narrow)
    LabelPainter.shared.forgetPreparedLayouts()
    #expect(try picture(width: 300) == wide)
    let wideStart = try #require(inkStart(wide))
    let narrowStart = try #require(inkStart(narrow))
    // The whole line on the wide map; cut to fit (ink from near the left edge) on the
    // narrow one, and shorter.
    #expect(300 - wideStart > 90)
    #expect(narrowStart < 20)
  }

  @Test func aSlidingViewportMovesTheCameraWithIt() throws {
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 200), clock: clock)
    let mapView = UIView(frame: window.bounds)
    window.addSubview(mapView)
    let viewport = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    mapView.addSubview(viewport)
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      viewport.frame = CGRect(x: 0, y: 100, width: 100, height: 100)
    }
    let vehicle = VehicleMarker(coordinate: center, course: 0)
    let layer = MapLayer(
      scene: MapScene(map: nil, camera: .following(vehicle), vehicle: vehicle, attribution: nil),
      view: mapView, viewport: viewport)
    let start = try Renderer().raster(window: window, at: 0, map: layer)
    let middle = try Renderer().raster(window: window, at: 0.5, map: layer)
    let vehicleColour = MapStyle.day.vehicle
    #expect(start.matches(x: 50, y: 50, vehicleColour, tolerance: 16))
    #expect(middle.matches(x: 50, y: 100, vehicleColour, tolerance: 16))
    #expect(!middle.matches(x: 50, y: 50, vehicleColour, tolerance: 16))
  }
}
