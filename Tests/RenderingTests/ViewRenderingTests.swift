import Foundation
import Rendering
import Testing
import ViewKit

/// Decodes rendered PNGs and checks pixels against what the views describe.
@MainActor
@Suite struct ViewRenderingTests {
  private func render(_ window: UIView, scale: Double = 2, at time: TimeInterval? = nil) throws
    -> RasterImage
  {
    try RasterImage(png: Renderer(scale: scale).png(window: window, at: time))
  }

  /// The pixel at a point (in points) of a picture at `scale`.
  private func expect(
    _ image: RasterImage, _ x: Double, _ y: Double, scale: Double = 2, _ color: RGBA,
    tolerance: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let px = Int(x * scale)
    let py = Int(y * scale)
    #expect(
      image.matches(x: px, y: py, color, tolerance: tolerance),
      "pixel (\(x), \(y)) is \(String(describing: image.pixel(x: px, y: py))), want \(color)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func pictureSizeFollowsTheScale(scale: Double) throws {
    let (window, _) = Fixtures.cardWindow()
    let image = try render(window, scale: scale)
    #expect(image.width == Int(240 * scale))
    #expect(image.height == Int(160 * scale))
    expect(image, 30, 30, scale: scale, RGBA(hex: 0xFF0000))
  }

  @Test func backgroundsAlphaAndHiddenViews() throws {
    let (window, _) = Fixtures.cardWindow()
    let image = try render(window)
    expect(image, 30, 30, RGBA(hex: 0xFF0000))
    // Blue at alpha 0.5 over white.
    expect(image, 30, 80, RGBA(red: 0.5, green: 0.5, blue: 1))
    // The hidden full-window green view is not drawn.
    expect(image, 230, 150, RGBA(hex: 0xFFFFFF))
    expect(image, 5, 150, RGBA(hex: 0xFFFFFF))
  }

  @Test func maskedCornersAndBorder() throws {
    let (window, _) = Fixtures.cardWindow()
    let image = try render(window)
    // Top corners are rounded (white outside the arc), bottom corners are square (border).
    expect(image, 61, 11, RGBA(hex: 0xFFFFFF))
    expect(image, 229, 11, RGBA(hex: 0xFFFFFF))
    expect(image, 60.5, 69.5, RGBA(hex: 0x000000))
    expect(image, 229.5, 69.5, RGBA(hex: 0x000000))
    // The border runs along the left edge; the fill is inside it.
    expect(image, 60.5, 40, RGBA(hex: 0x000000))
    expect(image, 64, 66, RGBA(hex: 0x1A73E8))
  }

  @Test func clippingToARoundedView() throws {
    let (window, _) = Fixtures.cardWindow()
    let image = try render(window)
    // Inside the circle and the inner view: black; inside the circle only: grey.
    expect(image, 100, 120, RGBA(hex: 0x000000))
    expect(image, 75, 100, RGBA(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3))
    // Inside the inner view but outside the circle: clipped away.
    expect(image, 117, 137, RGBA(hex: 0xFFFFFF))
    expect(image, 130, 130, RGBA(hex: 0xFFFFFF))
  }

  @Test func labelTextIsDrawnInTheLabel() throws {
    let (window, _) = Fixtures.cardWindow()
    let image = try render(window)
    var white = 0
    for y in stride(from: 20, to: 60, by: 1) {
      for x in stride(from: 70, to: 220, by: 1)
      where image.matches(x: 2 * x, y: 2 * y, RGBA(hex: 0xFFFFFF), tolerance: 40) {
        white += 1
      }
    }
    #expect(white > 300, "only \(white) text pixels")
  }

  @Test func vectorIconIsTinted() throws {
    let (window, _) = Fixtures.cardWindow()
    let image = try render(window)
    expect(image, 164, 112, RGBA(hex: 0x1A73E8))
    expect(image, 143, 93, RGBA(hex: 0xFFFFFF))
  }

  @Test func animationsShowTheirPresentationValues() throws {
    let clock = ManualClock()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 40), clock: clock)
    window.backgroundColor = .white
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    box.backgroundColor = .red
    window.addSubview(box)
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      box.frame.origin.x = 160
      box.alpha = 0
    }
    let start = try render(window, at: 0)
    expect(start, 20, 20, RGBA(hex: 0xFF0000))
    let middle = try render(window, at: 0.5)
    // Halfway along (x 80…120) and half transparent.
    expect(middle, 100, 20, RGBA(red: 1, green: 0.5, blue: 0.5), tolerance: 12)
    expect(middle, 20, 20, RGBA(hex: 0xFFFFFF))
    clock.advance(by: 2)
    let end = try render(window)
    expect(end, 180, 20, RGBA(hex: 0xFFFFFF))
  }

  @Test func pngAndRasterAgree() throws {
    let (window, _) = Fixtures.cardWindow()
    let renderer = Renderer(scale: 1, pngCompression: .balanced)
    let image = try renderer.raster(window: window)
    let fast = try RasterImage(png: Renderer(scale: 1).png(window: window))
    #expect(image == fast)
  }
}

/// Layer shadows.
@MainActor
@Suite struct ShadowTests {
  private func window(shadowOpacity: Float) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100), clock: ManualClock())
    window.backgroundColor = .white
    let card = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
    card.backgroundColor = .white
    card.layer.cornerRadius = 8
    card.layer.shadowColor = UIColor.black.cgColor
    card.layer.shadowOpacity = shadowOpacity
    card.layer.shadowRadius = 6
    card.layer.shadowOffset = CGSize(width: 0, height: 4)
    window.addSubview(card)
    return window
  }

  @Test func shadowsDarkenBelowTheCard() throws {
    let shadowed = try Renderer().raster(window: window(shadowOpacity: 0.4))
    let plain = try Renderer().raster(window: window(shadowOpacity: 0))
    let below = try #require(shadowed.pixel(x: 50, y: 62))
    #expect(below.red < 235)
    #expect(plain.matches(x: 50, y: 62, RGBA(hex: 0xFFFFFF), tolerance: 0))
    // The card itself stays white, and far away there is no shadow.
    #expect(shadowed.matches(x: 50, y: 40, RGBA(hex: 0xFFFFFF), tolerance: 0))
    #expect(shadowed.matches(x: 50, y: 95, RGBA(hex: 0xFFFFFF), tolerance: 0))
  }
}
