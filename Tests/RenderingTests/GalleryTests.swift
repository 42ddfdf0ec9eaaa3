import Foundation
import NavigationCore
import Rendering
import Testing
import ViewKit

@MainActor
/// Writes pictures for people to look at under `$TMPDIR/rendering-look/` (the cards in both
/// directions, the casino at three zooms, day and night, heading-up) and checks they decode.
@Suite struct GalleryTests {
  @Test func writesPicturesToLookAt() throws {
    let (window, _) = Fixtures.cardWindow()
    Fixtures.write(try Renderer(scale: 2).png(window: window), "cards.png")
    let (rtl, _) = Fixtures.cardWindow(rtl: true, text: "شارع مونت كارلو الطويل جدا جدا")
    Fixtures.write(try Renderer(scale: 2).png(window: rtl), "cards-rtl.png")
    let map = try BaseMap.bundled()
    let scene = MapScene(
      map: map, camera: MapCamera(center: Fixtures.casino, metersPerPoint: 1.5))
    Fixtures.write(
      try Renderer(scale: 2).png(map: scene, size: CGSize(width: 400, height: 400)), "casino.png")
    var tile = MapScene(
      map: map, camera: MapCamera(center: Fixtures.casino, metersPerPoint: 1.8),
      route: RouteOverlay(coordinates: Fixtures.casinoApproach, distanceTraveled: 150),
      destinations: [Fixtures.casino],
      vehicle: VehicleMarker(coordinate: Fixtures.casinoApproach[1], course: 60))
    Fixtures.write(
      try Renderer(scale: 2).png(map: tile, size: CGSize(width: 300, height: 300)),
      "casino-tile.png")
    tile.style = .night
    tile.camera = .following(tile.vehicle!, metersPerPoint: 1.2)
    Fixtures.write(
      try Renderer(scale: 2).png(map: tile, size: CGSize(width: 300, height: 400)),
      "casino-night-heading-up.png")
    let wide = MapScene(
      map: map, camera: MapCamera(center: Fixtures.casino, metersPerPoint: 12))
    Fixtures.write(
      try Renderer(scale: 1).png(map: wide, size: CGSize(width: 600, height: 600)), "monaco.png")
  }
}
