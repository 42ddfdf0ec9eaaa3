import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// Markers animated by Core Animation, drawn by the renderer at the clock's time.
@MainActor
@Suite struct MapAnimationRenderingTests {
  @Test func aMarkerMovedInATransactionIsDrawnWhereItIsOnTheClock() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let clock = try #require(window.clock as? ManualClock)
    let projection = mapView.projection
    let marker = GMSMarker(position: projection.coordinate(for: CGPoint(x: 50, y: 150)))
    marker.icon = GMSMarker.markerImage(with: .blue)
    marker.map = mapView
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    marker.position = projection.coordinate(for: CGPoint(x: 250, y: 150))
    CATransaction.commit()
    let blue = RGBA(hex: 0x0000FF)
    let land = MapOverlayRenderingTests.land
    // The pin's head is 30 points above its anchor, 9 left of it (as in the overlay tests).
    let start = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(start.matches(x: 50 - 9, y: 120, blue, tolerance: 10))
    clock.advance(by: 1)
    let middle = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(middle, "animated-marker-1s")
    #expect(middle.matches(x: 150 - 9, y: 120, blue, tolerance: 10))
    #expect(middle.matches(x: 50 - 9, y: 120, land))
    #expect(middle.matches(x: 250 - 9, y: 120, land))
    clock.advance(by: 1)
    let end = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(end.matches(x: 250 - 9, y: 120, blue, tolerance: 10))
    #expect(end.matches(x: 150 - 9, y: 120, land))
  }
}

/// Advanced markers that hide the base map's labels under them.
@MainActor
@Suite struct MapLabelHidingTests {
  /// How many pixels of `rect` are dark as street-name text (#3C4043 and its antialiasing).
  static func darkPixels(_ image: RasterImage, in rect: CGRect) -> Int {
    var count = 0
    for y in Int(rect.minY)..<Int(rect.maxY) {
      for x in Int(rect.minX)..<Int(rect.maxX) {
        if let p = image.pixel(x: x, y: y), Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 140 {
          count += 1
        }
      }
    }
    return count
  }

  @Test func requiredAndHidesOptionalMarkersHideTheStreetNamesUnderThem() throws {
    let map = try BaseMap.bundled()
    let (window, mapView) = MapPinAndCollisionTests.screen(mapID: true)
    // A picture with nothing in it, 200 points square about the centre: what is drawn
    // under it shows through.
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let clear = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 200), format: format)
      .image { _ in }
    let marker = MapPinAndCollisionTests.marker(
      clear, on: mapView, behavior: .required)
    marker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    let area = CGRect(x: 50, y: 50, width: 200, height: 200)
    let required = try MapOverlayRenderingTests.draw(window, mapView, baseMap: map)
    MapOverlayRenderingTests.save(required, "labels-required")
    let names = Self.darkPixels(required, in: area)
    // "Avenue de la Costa" crosses the area (its darkest pixels).
    #expect(names > 20, "street names under the marker")
    marker.collisionBehavior = .requiredAndHidesOptional
    let hiding = try MapOverlayRenderingTests.draw(window, mapView, baseMap: map)
    MapOverlayRenderingTests.save(hiding, "labels-hidden")
    #expect(Self.darkPixels(hiding, in: area) == 0)
    // Without a map ID nothing hides labels, as no collision behaviour applies.
    let (plainWindow, plainMap) = MapPinAndCollisionTests.screen(mapID: false)
    let plainMarker = MapPinAndCollisionTests.marker(
      clear, on: plainMap, behavior: .requiredAndHidesOptional)
    plainMarker.groundAnchor = CGPoint(x: 0.5, y: 0.5)
    let plain = try MapOverlayRenderingTests.draw(plainWindow, plainMap, baseMap: map)
    #expect(Self.darkPixels(plain, in: area) == names)
  }
}
