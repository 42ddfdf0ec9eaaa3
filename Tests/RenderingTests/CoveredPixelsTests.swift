import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// From tiles, the map is not resampled under opaque views painted over it (inside their
/// rounded corners): the pictures are the same as resampling everything, and a kept map
/// raster serves only frames whose views cover the same pixels.
@MainActor
@Suite struct CoveredPixelsTests {
  static func png(
    _ window: UIWindow, map: UIView, heading: Double, skipping: Bool, session: RenderSession
  ) throws -> Data {
    var renderer = Renderer(scale: 3, session: session)
    renderer.usesMapTiles = true
    renderer.shortcuts.skipsCoveredPixels = skipping
    var scene = try Fixtures.casinoScene(metersPerPoint: 1.2)
    scene.camera.heading = heading
    return try renderer.png(window: window, map: MapLayer(scene: scene, view: map))
  }

  @Test(arguments: [0.0, 33.0, 200.0])
  func theSamePicturesAsResamplingEverything(heading: Double) throws {
    let (window, map) = EncodeAheadTests.screen(clock: ManualClock())
    let skipped = try Self.png(
      window, map: map, heading: heading, skipping: true, session: RenderSession())
    let whole = try Self.png(
      window, map: map, heading: heading, skipping: false, session: RenderSession())
    #expect(try EncodeAheadTests.samePixels(skipped, whole))
  }

  @Test func aButtonThatMovedDoesNotReuseTheKeptRaster() throws {
    let (window, map) = EncodeAheadTests.screen(clock: ManualClock())
    let session = RenderSession()
    _ = try Self.png(window, map: map, heading: 33, skipping: true, session: session)
    // Same camera; the first round button moves left: the map shows where it was.
    let button = map.subviews[1]
    button.frame = button.frame.offsetBy(dx: -200, dy: 0)
    let moved = try Self.png(window, map: map, heading: 33, skipping: true, session: session)
    let fresh = try Self.png(
      window, map: map, heading: 33, skipping: true, session: RenderSession())
    #expect(try EncodeAheadTests.samePixels(moved, fresh))
  }

  @Test func roundViewsCoverOnlyInsideTheirCorners() throws {
    // A 56-point circle: its covered rectangle keeps 0.3 of the radius inside each side.
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 300), clock: ManualClock())
    let map = UIView(frame: window.bounds)
    window.addSubview(map)
    let button = UIView(frame: CGRect(x: 100, y: 100, width: 56, height: 56))
    button.backgroundColor = .white
    button.layer.cornerRadius = 28
    map.addSubview(button)
    let translucent = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
    translucent.backgroundColor = UIColor(white: 1, alpha: 0.5)
    map.addSubview(translucent)
    window.layoutIfNeeded()
    let covered = MapOcclusion.occlusion(of: map, root: window, at: 0).covered
    #expect(covered.count == 1)
    let rect = try #require(covered.first)
    #expect(abs(rect.minX - 108.4) < 1e-9 && abs(rect.maxX - 147.6) < 1e-9)
    #expect(abs(rect.minY - 108.4) < 1e-9 && abs(rect.maxY - 147.6) < 1e-9)
  }
}
