import Foundation
import NavigationCore
import Rendering
import Testing
import ViewKit

/// Golden SVG snapshots of small view trees (left to right and right to left) and of a map
/// tile around the Monaco casino.
@MainActor
@Suite struct SnapshotTests {
  @Test func cardsLeftToRight() throws {
    let (window, _) = Fixtures.cardWindow()
    SVGSnapshot.assertMatches(try Renderer().svg(window: window), named: "cards-ltr")
  }

  @Test func cardsRightToLeft() throws {
    let (window, _) = Fixtures.cardWindow(rtl: true, text: "شارع مونت كارلو")
    SVGSnapshot.assertMatches(try Renderer().svg(window: window), named: "cards-rtl")
  }

  @Test func casinoMapTile() throws {
    let scene = MapScene(
      map: try BaseMap.bundled(),
      camera: MapCamera(center: Fixtures.casino, metersPerPoint: 1.8),
      route: RouteOverlay(coordinates: Fixtures.casinoApproach, distanceTraveled: 150),
      destinations: [Fixtures.casino],
      vehicle: VehicleMarker(coordinate: Fixtures.casinoApproach[1], course: 60))
    SVGSnapshot.assertMatches(
      try Renderer().svg(map: scene, size: CGSize(width: 300, height: 300)), named: "casino-tile")
  }
}
