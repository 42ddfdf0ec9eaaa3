// Drawing code as an iOS app writes it, with `import CoreGraphics` beside Swift Testing; only
// `import UIKit` became `import ViewKit`. Compiling this file is half the test: Swift Testing
// loads its `_Testing_CoreGraphics` overlay whenever a file imports both modules.
import CoreGraphics
import Testing
import ViewKit

/// A delivery countdown ring: a grey track and a green arc clockwise from twelve o'clock.
final class CountdownRingView: UIView {
  var progress: CGFloat = 0.25

  override func draw(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let center = CGPoint(x: bounds.midX, y: bounds.midY)
    let radius = min(bounds.width, bounds.height) / 2 - 6
    context.setLineWidth(8)
    context.setStrokeColor(UIColor.lightGray.cgColor)
    context.addEllipse(
      in: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    context.strokePath()
    context.setStrokeColor(UIColor.green.cgColor)
    context.setLineCap(.butt)
    let start = -CGFloat.pi / 2
    context.addArc(
      center: center, radius: radius, startAngle: start, endAngle: start + 2 * .pi * progress,
      clockwise: false)
    context.strokePath()
  }
}

/// A marker icon: a red-to-blue gradient in a rounded square, an app's usual pin badge.
@MainActor func gradientBadge(side: CGFloat) -> UIImage {
  let format = UIGraphicsImageRendererFormat.default()
  format.scale = 1
  let renderer = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format)
  return renderer.image { rendererContext in
    let context = rendererContext.cgContext
    let path = CGMutablePath()
    path.addRoundedRect(
      in: CGRect(x: 0, y: 0, width: side, height: side), cornerWidth: 8, cornerHeight: 8)
    context.addPath(path)
    context.clip()
    let colors = [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray
    let space = CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()
    guard let gradient = CGGradient(colorsSpace: space, colors: colors, locations: [0, 1])
    else { return }
    context.drawLinearGradient(
      gradient, start: .zero, end: CGPoint(x: 0, y: side), options: [])
  }
}

@MainActor
@Suite struct ImportCoreGraphicsTests {
  @Test func aCountdownRingDrawnWithCGContextShowsInDrawHierarchy() {
    let screen = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    screen.backgroundColor = .white
    let ring = CountdownRingView(frame: screen.bounds)
    ring.backgroundColor = .clear
    screen.addSubview(ring)
    let image = renderer(100, 100).image { _ in
      _ = screen.drawHierarchy(in: screen.bounds, afterScreenUpdates: true)
    }
    // The ring's radius is 44: at 45° the arc's point is (50 ± 31, 50 ± 31).
    #expect(isColor(pixel(image, 81, 19), 0, 255, 0, within: 30), "upper right: green arc")
    #expect(isColor(pixel(image, 19, 19), 170, 170, 170, within: 30), "upper left: grey track")
    #expect(isColor(pixel(image, 81, 81), 170, 170, 170, within: 30), "lower right: grey track")
    #expect(isColor(pixel(image, 50, 50), 255, 255, 255), "the middle is the background")
  }

  @Test func aGradientBadgeMadeWithCFArrayColoursRunsRedToBlue() {
    let badge = gradientBadge(side: 40)
    #expect(badge.size == CGSize(width: 40, height: 40))
    #expect(isColor(pixel(badge, 20, 1), 255, 0, 0, within: 20), "top: red")
    #expect(isColor(pixel(badge, 20, 38), 0, 0, 255, within: 20), "bottom: blue")
    #expect(pixel(badge, 0, 0).alpha < 40, "the rounded corner is clipped out")
    // Not a CGColor in the array: no gradient, as CGGradient returns NULL on iOS.
    #expect(CGGradient(colorsSpace: nil, colors: ["red"] as CFArray, locations: nil) == nil)
  }

  @Test func theBadgeIsAButtonImage() {
    let button = UIButton(type: .custom)
    button.setImage(gradientBadge(side: 24), for: .normal)
    button.frame = CGRect(x: 0, y: 0, width: 24, height: 24)
    let image = renderer(24, 24).image { _ in
      _ = button.drawHierarchy(in: button.bounds, afterScreenUpdates: true)
    }
    #expect(isColor(pixel(image, 12, 1), 255, 0, 0, within: 40))
    #expect(isColor(pixel(image, 12, 22), 0, 0, 255, within: 40))
  }
}
