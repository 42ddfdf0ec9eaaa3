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
