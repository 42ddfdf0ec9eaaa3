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
