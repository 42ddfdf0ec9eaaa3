import Foundation
import NavigationCore
import Testing
import ViewKit

@testable import Rendering

/// A PNG frame over a raster map is encoded while the views over the map are painted: the
/// rows no view left to paint draws into are encoded on other threads. The pictures are the
/// same pixel for pixel as encoding after the drawing, whatever the views do (shadows,
/// partial opacity, animations, right-to-left, translucent windows); bands whose rows did
/// not change since the last frame take its streams, and the file is the same as a fresh
/// encoding.
@MainActor
@Suite struct EncodeAheadTests {
  /// A navigation-like screen: a map under a header card with a shadow and text, a
  /// translucent prompt, a chip casting a long shadow, round buttons with shadows halfway
  /// down, and a footer.
  static func screen(rtl: Bool = false, windowColor: UIColor? = .white, clock: ManualClock)
    -> (window: UIWindow, map: UIView)
  {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: clock)
    window.backgroundColor = windowColor
    if rtl { window.semanticContentAttribute = .forceRightToLeft }
    let holder = UIView(frame: window.bounds)
    window.addSubview(holder)
    let map = UIView(frame: CGRect(x: 0, y: 30, width: 390, height: 790))
    holder.addSubview(map)
    let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 170))
    header.backgroundColor = UIColor(rgb: 0x0B8043)
    header.layer.cornerRadius = 16
    header.layer.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    header.layer.shadowColor = UIColor(rgb: 0x000000).cgColor
    header.layer.shadowOpacity = 0.4
    header.layer.shadowRadius = 6
    header.layer.shadowOffset = CGSize(width: 0, height: 3)
    holder.addSubview(header)
    let title = UILabel(frame: CGRect(x: 20, y: 60, width: 350, height: 40))
    title.text = "Avenue de Monte-Carlo"
    title.font = .boldSystemFont(ofSize: 28)
    title.textColor = .white
    header.addSubview(title)
    let prompt = UIView(frame: CGRect(x: 16, y: 190, width: 358, height: 60))
    prompt.backgroundColor = UIColor(rgb: 0xFFF8E1)
    prompt.alpha = 0.85
    prompt.layer.cornerRadius = 12
    prompt.layer.borderWidth = 2
    prompt.layer.borderColor = UIColor(rgb: 0xF9AB00).cgColor
    holder.addSubview(prompt)
    let note = UILabel(frame: CGRect(x: 12, y: 10, width: 330, height: 40))
    note.text = "Accident ahead"
    note.font = .systemFont(ofSize: 20)
    prompt.addSubview(note)
    // A chip whose shadow falls far below it, over rows no other view paints.
    let chip = UIView(frame: CGRect(x: 40, y: 220, width: 120, height: 12))
    chip.backgroundColor = UIColor(rgb: 0x1A73E8)
    chip.layer.cornerRadius = 6
    chip.layer.shadowColor = UIColor(rgb: 0x000000).cgColor
    chip.layer.shadowOpacity = 0.8
    chip.layer.shadowRadius = 20
    chip.layer.shadowOffset = CGSize(width: 0, height: 60)
    map.addSubview(chip)
    for index in 0..<3 {
      let button = UIView(
        frame: CGRect(x: 320, y: 420 + 70 * CGFloat(index), width: 56, height: 56))
      button.backgroundColor = .white
      button.layer.cornerRadius = 28
      button.layer.shadowColor = UIColor(rgb: 0x000000).cgColor
      button.layer.shadowOpacity = 0.3
      button.layer.shadowRadius = 10
      button.layer.shadowOffset = CGSize(width: 0, height: 4)
      map.addSubview(button)
    }
    let footer = UIView(frame: CGRect(x: 0, y: 700, width: 390, height: 144))
    footer.backgroundColor = .white
    footer.layer.cornerRadius = 16
    footer.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    holder.addSubview(footer)
    let eta = UILabel(frame: CGRect(x: 20, y: 20, width: 200, height: 44))
    eta.text = "3 min"
    eta.font = .boldSystemFont(ofSize: 34)
    footer.addSubview(eta)
    window.layoutIfNeeded()
    return (window, map)
  }

  /// The PNG of `window` over the casino scene, encoded ahead or after the drawing.
  static func png(
    _ window: UIWindow, map: UIView, ahead: Bool, tiles: Bool, scale: Double,
    session: RenderSession
  ) throws -> Data {
    var renderer = Renderer(scale: scale, session: session)
    renderer.usesMapTiles = tiles
    renderer.shortcuts.encodesAhead = ahead
    return try renderer.png(
      window: window,
      map: MapLayer(scene: try Fixtures.casinoScene(metersPerPoint: 1.5), view: map))
  }

  /// Whether `a` and `b` decode to the same pixels (a flag: a failing comparison of two
  /// large arrays is slow to report).
  static func samePixels(_ a: Data, _ b: Data) throws -> Bool {
    let left = try RasterImage(png: a)
    let right = try RasterImage(png: b)
    return left.width == right.width && left.height == right.height && left.rgba == right.rgba
  }

  /// Tiles or not, scale, right to left.
  nonisolated static let cases: [(Bool, Double, Bool)] = [
    (true, 3, false), (false, 2, false), (true, 1, false), (true, 3, true), (false, 2, true),
  ]

  @Test(arguments: cases)
  func theSamePixelsAsEncodingAfterTheDrawing(tiles: Bool, scale: Double, rtl: Bool) throws {
    let session = RenderSession()
    let (window, map) = Self.screen(rtl: rtl, clock: ManualClock())
    let ahead = try Self.png(
      window, map: map, ahead: true, tiles: tiles, scale: scale, session: session)
    let use = session.lastEncodingUse
    let after = try Self.png(
      window, map: map, ahead: false, tiles: tiles, scale: scale, session: session)
    #expect(try Self.samePixels(ahead, after))
    // The rows between the prompt and the buttons were final once the map was drawn, and
    // the header's once the header was painted.
    #expect(use.bands == (844 * Int(scale) + 127) / 128)
    #expect(use.finalBeforeTheEnd > 0, "\(use)")
    #expect(use.finalBeforeTheEnd < use.bands, "\(use)")
  }

  @Test func framesOfAnAnimationAreTheSame() throws {
    let session = RenderSession()
    let clock = ManualClock()
    let (window, map) = Self.screen(clock: clock)
    let prompt = window.subviews[0].subviews[2]
    UIView.animate(withDuration: 1) {
      prompt.frame = prompt.frame.offsetBy(dx: 0, dy: 300)
      prompt.alpha = 0.3
    }
    for _ in 0..<4 {
      clock.advance(by: 0.2)
      let ahead = try Self.png(
        window, map: map, ahead: true, tiles: true, scale: 2, session: session)
      let after = try Self.png(
        window, map: map, ahead: false, tiles: true, scale: 2, session: session)
      #expect(try Self.samePixels(ahead, after), "at \(clock.now) s")
    }
  }

  @Test func aTranslucentWindowComesOutAsRGBA() throws {
    let session = RenderSession()
    // No window colour: the pixels beside the map (20 points on each side) are transparent.
    let (window, map) = Self.screen(windowColor: nil, clock: ManualClock())
    map.frame = CGRect(x: 20, y: 30, width: 350, height: 790)
    let ahead = try Self.png(window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    let after = try Self.png(
      window, map: map, ahead: false, tiles: true, scale: 2, session: session)
    #expect(ahead[25] == 6, "colour type RGBA")
    #expect(try Self.samePixels(ahead, after))
  }

  @Test func anUnchangedFrameTakesTheLastFramesStreams() throws {
    let session = RenderSession()
    let (window, map) = Self.screen(clock: ManualClock())
    let first = try Self.png(window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    #expect(session.lastEncodingUse.reused == 0)
    let second = try Self.png(
      window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    let use = session.lastEncodingUse
    #expect(use.reused == use.bands, "\(use)")
    let same = first == second
    #expect(same, "the same file")
  }

  @Test func changedRowsAreEncodedAgain() throws {
    let session = RenderSession()
    let (window, map) = Self.screen(clock: ManualClock())
    _ = try Self.png(window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    // New text in the header: its rows change, the map's and the footer's do not.
    let title = try #require(window.subviews[0].subviews[1].subviews[0] as? UILabel)
    title.text = "Boulevard du Larvotto"
    let changed = try Self.png(
      window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    let use = session.lastEncodingUse
    #expect(use.reused > 0 && use.reused < use.bands, "\(use)")
    // The same file as encoding every band afresh.
    session.forgetKeptMapRasters()
    let fresh = try Self.png(window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    #expect(session.lastEncodingUse.reused == 0)
    let same = changed == fresh
    #expect(same, "the same file as a fresh encoding")
  }

  @Test func translucentFramesAreNotKept() throws {
    let session = RenderSession()
    let (window, map) = Self.screen(windowColor: nil, clock: ManualClock())
    map.frame = CGRect(x: 20, y: 30, width: 350, height: 790)
    _ = try Self.png(window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    let second = try Self.png(
      window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    #expect(session.lastEncodingUse.reused == 0)
    #expect(second[25] == 6, "colour type RGBA")
  }

  @Test func aMapInsideAGroupIsEncodedAtTheEnd() throws {
    let session = RenderSession()
    // The map's holder at partial opacity is composited only when it ends: no row is final
    // before then.
    let (window, map) = Self.screen(clock: ManualClock())
    window.subviews[0].alpha = 0.7
    let ahead = try Self.png(window, map: map, ahead: true, tiles: true, scale: 2, session: session)
    let use = session.lastEncodingUse
    let after = try Self.png(
      window, map: map, ahead: false, tiles: true, scale: 2, session: session)
    #expect(use.finalBeforeTheEnd == 0, "\(use)")
    #expect(try Self.samePixels(ahead, after))
  }
}
