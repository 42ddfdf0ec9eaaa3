import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// Which map rows the opaque cards over a map leave visible: only the rounded corners'
/// edges give rows back to the map (a card whose top corners are square hides the map up
/// to its top edge).
@MainActor
struct MapOcclusionRowsTests {
  /// A 390 × 844 map with a full-width header at the top and a footer at the bottom, each
  /// with a corner radius of 12 on the corners `header` and `footer` name.
  static func rows(header: CACornerMask, footer: CACornerMask, radius: CGFloat = 12) -> (
    top: Double, bottom: Double
  )? {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: ManualClock())
    let map = UIView(frame: window.bounds)
    window.addSubview(map)
    let top = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 175))
    top.backgroundColor = UIColor(rgb: 0x0B8043)
    top.layer.cornerRadius = radius
    top.layer.maskedCorners = header
    map.addSubview(top)
    let bottom = UIView(frame: CGRect(x: 0, y: 700, width: 390, height: 144))
    bottom.backgroundColor = .white
    bottom.layer.cornerRadius = radius
    bottom.layer.maskedCorners = footer
    map.addSubview(bottom)
    window.layoutIfNeeded()
    return MapOcclusion.visibleRows(of: map, root: window, at: 0)
  }

  static let all: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]

  @Test func squareOuterEdgesHideTheMapUpToTheScreenEdges() throws {
    // The turn card rounds its bottom corners only, the ETA card its top ones.
    let rows = try #require(
      Self.rows(
        header: [.layerMinXMaxYCorner, .layerMaxXMaxYCorner],
        footer: [.layerMinXMinYCorner, .layerMaxXMinYCorner]))
    #expect(rows.top == 163)
    #expect(rows.bottom == 712)
  }

  @Test func cornersRoundedAllRoundGiveBothEdgesBack() {
    // Rounded top corners on the header leave its top rows to the map: the map shows
    // above it, so no rows can be trimmed from the top (nor from the bottom).
    #expect(Self.rows(header: Self.all, footer: Self.all) == nil)
  }

  @Test func aRadiusLargerThanHalfTheHeightIsClamped() throws {
    let rows = try #require(
      Self.rows(
        header: [.layerMinXMaxYCorner], footer: [.layerMaxXMinYCorner], radius: 500))
    // Half of 175 and half of 144.
    #expect(rows.top == 87.5)
    #expect(rows.bottom == 772)
  }

  @Test func squareCardsHideTheirWholeHeight() throws {
    let rows = try #require(Self.rows(header: [], footer: [], radius: 12))
    #expect(rows.top == 175)
    #expect(rows.bottom == 700)
  }
}

/// Backgrounds painted before a raster map leave out the whole pixels the map paints
/// opaquely: the same picture as painting them (but for a level of rounding at the map's
/// edges), its partly covered edge pixels blending with what is under them.
@MainActor
@Suite struct MapCoverTests {
  static func picture(leavingOut: Bool, header: Bool, tiles: Bool) throws -> [UInt32] {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 260), clock: ManualClock())
    window.backgroundColor = UIColor(rgb: 0xFF0000)
    let holder = UIView(frame: CGRect(x: 5.25, y: 7.5, width: 190, height: 250))
    holder.backgroundColor = UIColor(rgb: 0x0000FF)
    window.addSubview(holder)
    let mapView = UIView(frame: CGRect(x: 4.3, y: 2.7, width: 150.2, height: 200.45))
    mapView.backgroundColor = UIColor(rgb: 0x00FF00)
    holder.addSubview(mapView)
    if header {
      let card = UIView(frame: CGRect(x: 0, y: 0, width: 150.2, height: 40))
      card.backgroundColor = .white
      card.layer.cornerRadius = 8
      card.layer.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
      mapView.addSubview(card)
    }
    var renderer = Renderer(scale: 2, session: RenderSession())
    renderer.usesMapTiles = tiles
    renderer.shortcuts.leavesOutMapCover = leavingOut
    let image = try renderer.raster(
      window: window,
      map: MapLayer(scene: try Fixtures.casinoScene(metersPerPoint: 1.5), view: mapView))
    return (0..<image.height).flatMap { y in
      (0..<image.width).map { x in
        let p = image.pixel(x: x, y: y)!
        return UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)
      }
    }
  }

  @Test(arguments: [false, true], [false, true])
  func leavingOutTheMapsCoverChangesNoPixel(header: Bool, tiles: Bool) throws {
    let left = try Self.picture(leavingOut: true, header: header, tiles: tiles)
    let painted = try Self.picture(leavingOut: false, header: header, tiles: tiles)
    #expect(left.count == 400 * 520)
    // A background's edge pixels the map covers only partly are filled as two abutting
    // rectangles, which Cairo rounds differently by a level at most (300 pixels here).
    var largest: UInt32 = 0
    var differing = 0
    for (a, b) in zip(left, painted) where a != b {
      differing += 1
      for shift: UInt32 in [0, 8, 16] {
        let (x, y) = ((a >> shift) & 0xFF, (b >> shift) & 0xFF)
        largest = max(largest, x > y ? x - y : y - x)
      }
    }
    #expect(largest <= 1, "\(differing) pixels differ, by up to \(largest) levels")
    // The backgrounds around the map are painted: the window's red, the holder's blue.
    #expect(left[5 * 400 + 5] == 0xFF0000)
    #expect(left[17 * 400 + 14] == 0x0000FF)
  }
}
