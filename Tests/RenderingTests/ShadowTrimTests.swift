import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// An opaque view's shadow is painted only around the view's inner box (its kept mask is
/// empty inside the view): the same pixels as painting the whole mask.
@MainActor
@Suite struct ShadowTrimTests {
  static func picture(trimmed: Bool) throws -> RasterImage {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400), clock: ManualClock())
    window.backgroundColor = UIColor(rgb: 0xE8EAED)
    // Stripes under the cards, so a shadow painted where it should not be shows.
    for index in 0..<20 {
      let stripe = UIView(frame: CGRect(x: 0, y: Double(index) * 20, width: 300, height: 10))
      stripe.backgroundColor = UIColor(rgb: index.isMultiple(of: 2) ? 0x4285F4 : 0xFBBC04)
      window.addSubview(stripe)
    }
    let cards: [(CGRect, CGFloat, CACornerMask, CGSize)] = [
      (
        CGRect(x: 0, y: 0, width: 300, height: 90.5), 12,
        [.layerMinXMaxYCorner, .layerMaxXMaxYCorner], CGSize(width: 0, height: 2)
      ),
      (
        CGRect(x: 20.3, y: 120.7, width: 120, height: 64), 32,
        [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner],
        CGSize(width: 3, height: 9)
      ),
      (
        CGRect(x: 170, y: 130, width: 52, height: 52), 26,
        [.layerMinXMinYCorner, .layerMaxXMaxYCorner], CGSize(width: -4, height: 0)
      ),
      (CGRect(x: 0, y: 300, width: 300, height: 100), 0, [], CGSize(width: 0, height: -3)),
    ]
    for (frame, radius, corners, offset) in cards {
      let card = UIView(frame: frame)
      card.backgroundColor = .white
      card.layer.cornerRadius = radius
      card.layer.maskedCorners = corners
      card.layer.shadowColor = UIColor.black.cgColor
      card.layer.shadowOpacity = 0.3
      card.layer.shadowRadius = 8
      card.layer.shadowOffset = offset
      window.addSubview(card)
    }
    var renderer = Renderer(scale: 3, session: RenderSession())
    renderer.shortcuts.trimsOpaqueShadowInterior = trimmed
    return try renderer.raster(window: window)
  }

  @Test func trimmedShadowsGiveTheSamePixels() throws {
    let trimmed = try Self.picture(trimmed: true)
    let whole = try Self.picture(trimmed: false)
    var differing = 0
    for y in 0..<whole.height {
      for x in 0..<whole.width where trimmed.pixel(x: x, y: y)! != whole.pixel(x: x, y: y)! {
        differing += 1
      }
    }
    #expect(differing == 0)
    // The shadows are there: below the top card, darker than the stripe without one.
    let shaded = whole.pixel(x: 450, y: 275)!
    #expect(Int(shaded.blue) < 0xF4 - 10)
  }
}
