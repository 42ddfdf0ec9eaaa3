import Demo
import Foundation
import NavigationCore
import NavigationUI
import Rendering
import Testing
import ViewKit

/// Quarters of tiles in two colours by the tile's parity: tile (x, y) is red when x + y is
/// even, blue otherwise, and none is at all at odd columns of the next row down.
final class ParityTiles: GMSSyncTileLayer {
  static func solid(_ color: UIColor) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16), format: format).image {
      context in
      color.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
    }
  }
  static let red = solid(.red)
  static let blue = solid(.blue)

  override func tileFor(x: UInt, y: UInt, zoom: UInt) -> UIImage? {
    (x + y) % 2 == 0 ? Self.red : Self.blue
  }
}

/// Tile layers and pixel pictures drawn by the renderer, checked by pixels.
@MainActor
@Suite struct MapTileLayerRenderingTests {
  @Test func aSyncTileLayerDrawsEachTileOverItsBox() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let layer = ParityTiles()
    // 256-pixel tiles at the display scale (3): about 85 points each at the tile zoom.
    layer.map = mapView
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "tiles")
    let tiles = mapView.tileImages(of: layer, scale: mapView.traitCollection.displayScale)
    #expect(tiles.count >= 9)
    let projection = mapView.projection
    for tile in tiles {
      // The middle of the tile's box on screen has the tile's colour.
      let middle = CLLocationCoordinate2D(
        latitude: (tile.southWest.latitude + tile.northEast.latitude) / 2,
        longitude: (tile.southWest.longitude + tile.northEast.longitude) / 2)
      let p = projection.point(for: middle)
      guard p.x > 2, p.y > 2, p.x < 298, p.y < 298 else { continue }
      let expected = (tile.x + tile.y) % 2 == 0 ? RGBA(hex: 0xFF0000) : RGBA(hex: 0x0000FF)
      #expect(image.matches(x: Int(p.x), y: Int(p.y), expected), "tile \(tile.x), \(tile.y)")
    }
    // Half transparent over the land.
    layer.opacity = 0.5
    let faded = try MapOverlayRenderingTests.draw(window, mapView)
    let first = try #require(tiles.first)
    let centre = projection.point(
      for: CLLocationCoordinate2D(
        latitude: (first.southWest.latitude + first.northEast.latitude) / 2,
        longitude: (first.southWest.longitude + first.northEast.longitude) / 2))
    let pixel = try #require(faded.pixel(x: Int(centre.x), y: Int(centre.y)))
    #expect(pixel.red > 100 || pixel.blue > 100)
    #expect(pixel.green > 90)  // the land shows through
    layer.map = nil
    let bare = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(bare.matches(x: 150, y: 150, MapOverlayRenderingTests.land))
  }

  @Test func aTileArrivingLaterIsDrawnOnTheNextFrame() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let layer = LaterTilesForRendering()
    layer.map = mapView
    let before = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(before.matches(x: 150, y: 150, MapOverlayRenderingTests.land))
    #expect(!layer.asked.isEmpty)
    for (tile, receiver) in zip(layer.asked, layer.receivers) {
      receiver.receiveTileWith(x: tile.0, y: tile.1, zoom: tile.2, image: ParityTiles.red)
    }
    let after = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(after.matches(x: 150, y: 150, RGBA(hex: 0xFF0000)))
    // No tile there: nothing drawn, never asked again.
    layer.clearTileCache()
    let asked = layer.asked.count
    _ = try MapOverlayRenderingTests.draw(window, mapView)
    for (tile, receiver) in zip(layer.asked.dropFirst(asked), layer.receivers.dropFirst(asked)) {
      receiver.receiveTileWith(x: tile.0, y: tile.1, zoom: tile.2, image: kGMSTileLayerNoTile)
    }
    let none = try MapOverlayRenderingTests.draw(window, mapView)
    #expect(none.matches(x: 150, y: 150, MapOverlayRenderingTests.land))
    #expect(layer.asked.count == 2 * asked)
  }

  @Test func aURLTileLayerReadsFileTiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "map21-tiles-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let scale = mapView.traitCollection.displayScale
    let layer = GMSURLTileLayer(urlConstructor: { x, y, zoom in
      folder.appendingPathComponent("\(zoom)-\(x)-\(y).png")
    })
    for tile in mapView.visibleTiles(of: layer, scale: scale) {
      let data = try #require(ParityTiles.blue.pngData())
      try data.write(to: folder.appendingPathComponent("\(tile.zoom)-\(tile.x)-\(tile.y).png"))
    }
    layer.map = mapView
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "url-tiles")
    // Every visible tile, corners included (above the attribution line).
    for (x, y) in [(150, 150), (3, 3), (296, 3), (3, 270), (296, 270)] {
      #expect(image.matches(x: x, y: y, RGBA(hex: 0x0000FF)), "at \(x), \(y)")
    }
  }

  @Test func aMarkerWithAPixelIconDrawsThosePixels() throws {
    let (window, mapView) = MapOverlayRenderingTests.screen()
    let marker = GMSMarker(position: MapOverlayRenderingTests.monaco)
    marker.icon = ParityTiles.solid(.green)
    marker.groundAnchor = CGPoint(x: 0, y: 0)
    marker.map = mapView
    #expect(mapView.frame(of: marker) == CGRect(x: 150, y: 150, width: 16, height: 16))
    let image = try MapOverlayRenderingTests.draw(window, mapView)
    MapOverlayRenderingTests.save(image, "pixel-marker")
    #expect(image.matches(x: 152, y: 152, RGBA(hex: 0x00FF00)))
    #expect(image.matches(x: 164, y: 164, RGBA(hex: 0x00FF00)))
    #expect(image.matches(x: 168, y: 158, MapOverlayRenderingTests.land))
    #expect(image.matches(x: 147, y: 158, MapOverlayRenderingTests.land))
  }
}

/// A tile layer that answers later, through the receivers it keeps.
final class LaterTilesForRendering: GMSTileLayer {
  var asked: [(UInt, UInt, UInt)] = []
  var receivers: [any GMSTileReceiver] = []

  override func requestTileFor(x: UInt, y: UInt, zoom: UInt, receiver: any GMSTileReceiver) {
    asked.append((x, y, zoom))
    receivers.append(receiver)
  }
}
