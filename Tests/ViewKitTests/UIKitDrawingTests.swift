import Testing
import ViewKit

/// The pixel at (`x`, `y`) (points at scale 1, top row first) of an image.
func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> Pixel {
  image.cgImage!.pixel(x: x, y: y)!
}

func renderer(_ width: CGFloat, _ height: CGFloat, scale: CGFloat = 1) -> UIGraphicsImageRenderer {
  let format = UIGraphicsImageRendererFormat()
  format.scale = scale
  return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
}

/// A view that draws a red disc and counts its drawings.
final class DiscView: UIView {
  var draws = 0

  override func draw(_ rect: CGRect) {
    draws += 1
    #expect(UIGraphicsGetCurrentContext() != nil)
    UIColor.red.setFill()
    UIBezierPath(ovalIn: rect).fill()
  }
}

/// A view that draws only text, after UIView's own `draw(_:)`.
final class CaptionView: UIView {
  override func draw(_ rect: CGRect) {
    super.draw(rect)
    "Casino".draw(
      at: .zero,
      withAttributes: [.font: UIFont.systemFont(ofSize: 18), .foregroundColor: UIColor.blue])
  }
}

@MainActor
@Suite struct UIKitDrawingTests {
  @Test func stringsDrawThroughPango() {
    let attributes: [NSAttributedString.Key: Any] = [
      .font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.red,
    ]
    let size = "Monaco".size(withAttributes: attributes)
    #expect(size.width > 40 && size.width < 120 && size.height > 18 && size.height < 40)
    let image = renderer(140, 60).image { _ in
      "Monaco".draw(at: CGPoint(x: 2, y: 2), withAttributes: attributes)
    }
    var red = 0
    var below = 0
    for y in 0..<60 {
      for x in 0..<140 {
        let p = pixel(image, x, y)
        if p.alpha > 200, p.red > 200, p.green < 60 { red += 1 }
        if p.alpha > 0, CGFloat(y) > size.height + 4 { below += 1 }
      }
    }
    #expect(red > 40)
    #expect(below == 0)
    // Wrapped in a rectangle and clipped to it.
    let wrapped = renderer(60, 100).image { _ in
      "Monaco Monaco Monaco".draw(
        in: CGRect(x: 0, y: 0, width: 60, height: 100), withAttributes: attributes)
    }
    var lastRow = 0
    for y in 0..<100 {
      for x in 0..<60 where pixel(wrapped, x, y).alpha > 0 {
        lastRow = y
        break
      }
    }
    #expect(lastRow > Int(size.height * 2))
    // Text alone in a `draw(_:)` override that calls UIView's counts as drawing.
    let caption = CaptionView(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
    let shown = renderer(80, 30).image { _ in
      _ = caption.drawHierarchy(in: caption.bounds, afterScreenUpdates: false)
    }
    var blue = 0
    for y in 0..<30 {
      for x in 0..<80 {
        let p = pixel(shown, x, y)
        if p.alpha > 200, p.blue > 200, p.red < 60 { blue += 1 }
      }
    }
    #expect(blue > 20)
  }

  @Test func roundedRectFillLeavesTheCornersOut() {
    let image = renderer(48, 48).image { context in
      UIColor.systemBlue.setFill()
      UIBezierPath(roundedRect: context.format.bounds, cornerRadius: 12).fill()
    }
    #expect(image.size == CGSize(width: 48, height: 48))
    #expect(pixel(image, 0, 0).alpha == 0)
    #expect(pixel(image, 47, 47).alpha == 0)
    #expect(isColor(pixel(image, 24, 24), 0, 122, 255))
    #expect(pixel(image, 24, 0).alpha == 255)
    // Antialiased on the arc.
    let arc = pixel(image, 4, 4)
    #expect(arc.alpha > 0 && arc.alpha < 255 || pixel(image, 3, 3).alpha < 255)
  }

  @Test func uikitContextsHaveTheOriginAtTheTopLeftAndScale() {
    let image = renderer(10, 10, scale: 3).image { context in
      UIColor.black.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 5, height: 2))
    }
    #expect(image.scale == 3 && image.size == CGSize(width: 10, height: 10))
    #expect(image.cgImage!.width == 30)
    #expect(pixel(image, 2, 2).alpha == 255)
    #expect(pixel(image, 2, 7).alpha == 0)
    #expect(pixel(image, 16, 2).alpha == 0)
  }

  @Test func byRoundingCornersRoundsOnlyThose() {
    let image = renderer(40, 40).image { _ in
      UIBezierPath(
        roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40),
        byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 15, height: 15)
      ).fill()
    }
    #expect(pixel(image, 0, 0).alpha == 0)
    #expect(pixel(image, 39, 39).alpha == 0)
    #expect(pixel(image, 39, 0).alpha == 255)
    #expect(pixel(image, 0, 39).alpha == 255)
  }

  @Test func arcsAreClockwiseOnScreen() {
    // Clockwise on screen from 0 to π/2 is the lower-right quarter (y down).
    let path = UIBezierPath(
      arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2,
      clockwise: true)
    path.addLine(to: CGPoint(x: 50, y: 50))
    path.close()
    #expect(path.contains(CGPoint(x: 70, y: 70)))
    #expect(!path.contains(CGPoint(x: 70, y: 30)))
    let other = UIBezierPath(
      arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2,
      clockwise: false)
    #expect(other.bounds.minY < 15)
    let image = renderer(100, 100).image { _ in
      UIColor.green.setFill()
      path.fill()
    }
    #expect(pixel(image, 70, 70).alpha == 255)
    #expect(pixel(image, 70, 30).alpha == 0)
  }

  @Test func strokeUsesTheLineAttributesAndDash() {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 10))
    path.addLine(to: CGPoint(x: 100, y: 10))
    path.lineWidth = 6
    var dashes: [CGFloat] = [8, 4]
    path.setLineDash(&dashes, count: 2, phase: 0)
    let image = renderer(100, 20).image { _ in
      UIColor.black.setStroke()
      path.stroke()
    }
    #expect(pixel(image, 4, 10).alpha == 255)
    #expect(pixel(image, 4, 12).alpha == 255)
    #expect(pixel(image, 10, 10).alpha == 0)
    #expect(pixel(image, 4, 15).alpha == 0)
    var count = 0
    var phase: CGFloat = -1
    path.getLineDash(nil, count: &count, phase: &phase)
    #expect(count == 2 && phase == 0)
  }

  @Test func addClipAndEvenOdd() {
    let image = renderer(100, 100).image { context in
      let ring = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
      ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
      ring.usesEvenOddFillRule = true
      #expect(!ring.contains(CGPoint(x: 50, y: 50)))
      ring.addClip()
      context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
    }
    #expect(pixel(image, 50, 50).alpha == 0)
    #expect(pixel(image, 5, 5).alpha == 255)
  }

  @Test func pngDataRoundTripsAndImagesDrawUpright() {
    let marker = renderer(20, 20, scale: 2).image { _ in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 5))
    }
    let png = marker.pngData()!
    let decoded = UIImage(data: png, scale: 2)!
    #expect(decoded.size == CGSize(width: 20, height: 20))
    #expect(decoded.cgImage! == marker.cgImage!)
    #expect(UIImage(data: Data("not a png".utf8)) == nil)
    #expect(marker.jpegData(compressionQuality: 0.8)?.prefix(2) == Data([0xFF, 0xD8]))
    // Drawn with UIImage.draw(in:): upright, red on top.
    let drawn = renderer(40, 40).image { _ in
      decoded.draw(in: CGRect(x: 0, y: 0, width: 40, height: 40))
    }
    #expect(isColor(pixel(drawn, 20, 3), 255, 0, 0))
    #expect(pixel(drawn, 20, 30).alpha == 0)
    // Tinted: the tint through the image's alpha.
    let tinted = renderer(20, 20).image { _ in
      marker.withTintColor(.blue).draw(at: .zero)
    }
    #expect(isColor(pixel(tinted, 10, 2), 0, 0, 255))
    #expect(pixel(tinted, 10, 15).alpha == 0)
    let renderedPNG = renderer(4, 4).pngData { context in
      context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    #expect(UIImage(data: renderedPNG).map { pixel($0, 1, 1).alpha } == 255)
  }

  @Test func undrawableSizesGiveEmptyImagesNotCrashes() {
    for size in [
      CGSize(width: -5, height: 10), CGSize(width: CGFloat.nan, height: 3),
      CGSize(width: 1e7, height: 1e7),
    ] {
      var ran = false
      let image = UIGraphicsImageRenderer(size: size).image { _ in ran = true }
      #expect(!ran && image.cgImage == nil, "\(size)")
      #expect(UIGraphicsImageRenderer(size: size).pngData { _ in }.isEmpty)
    }
  }

  @Test func olderImageContextFunctions() {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
    UIColor.black.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
    let image = UIGraphicsGetImageFromCurrentImageContext()
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    #expect(image?.cgImage?.width == 20)
    #expect(image.map { pixel($0, 10, 10).alpha } == 255)
  }

  @Test func drawIsCalledOnlyWhenNeeded() {
    let window = makeWindow()
    let disc = DiscView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    window.addSubview(disc)
    func capture() -> UIImage {
      renderer(100, 100).image { _ in
        _ = window.drawHierarchy(in: window.bounds, afterScreenUpdates: true)
      }
    }
    _ = capture()
    _ = capture()
    #expect(disc.draws == 1)
    disc.setNeedsDisplay()
    let image = capture()
    #expect(disc.draws == 2)
    // The disc is at (10, 10, 40, 40): the capture's top-left 100 × 100 points.
    #expect(isColor(pixel(image, 30, 30), 255, 0, 0))
    #expect(pixel(image, 12, 12).alpha == 0)
    // A new size under `.scaleToFill` stretches the kept drawing; `.redraw` draws again.
    disc.frame = CGRect(x: 10, y: 10, width: 60, height: 40)
    _ = capture()
    #expect(disc.draws == 2)
    disc.contentMode = .redraw
    _ = capture()
    #expect(disc.draws == 3)
    #expect(disc.redrawCount == 3)
  }

  @Test func freshImagesStartClearUnlessAnOpaqueCaptureCoversThem() {
    // Drop a few red images first: their memory is what the next renderers likely get.
    let size = CGRect(x: 0, y: 0, width: 100, height: 100)
    for _ in 0..<3 {
      _ = renderer(100, 100).image { context in
        UIColor.red.setFill()
        context.fill(size)
      }
    }
    let empty = renderer(100, 100).image { _ in }
    #expect(
      (0..<100).allSatisfy {
        pixel(empty, $0, $0).alpha == 0 && pixel(empty, 99 - $0, $0).alpha == 0
      })
    // A capture covering half: the other half stays clear.
    let half = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
    half.backgroundColor = .blue
    let halfImage = renderer(100, 100).image { _ in
      _ = half.drawHierarchy(in: half.bounds, afterScreenUpdates: false)
    }
    #expect(isColor(pixel(halfImage, 25, 50), 0, 0, 255))
    #expect(pixel(halfImage, 75, 50).alpha == 0 && pixel(halfImage, 99, 99).alpha == 0)
    // An opaque view covering everything: every pixel is its colour, none left over.
    let full = UIView(frame: size)
    full.backgroundColor = .green
    let fullImage = renderer(100, 100).image { _ in
      _ = full.drawHierarchy(in: full.bounds, afterScreenUpdates: false)
    }
    #expect(
      (0..<100).allSatisfy { isColor(pixel(fullImage, $0, $0), 0, 255, 0, within: 0) }
        && isColor(pixel(fullImage, 99, 0), 0, 255, 0, within: 0))
  }

  @Test func drawHierarchyPaintsBackgroundsCornersBordersAndText() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    root.backgroundColor = .white
    let card = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 40))
    card.backgroundColor = .blue
    card.layer.cornerRadius = 10
    card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    card.layer.borderWidth = 2
    card.layer.borderColor = UIColor.red.cgColor
    root.addSubview(card)
    let label = UILabel(frame: CGRect(x: 0, y: 60, width: 100, height: 30))
    label.text = "MMMM"
    label.textColor = .black
    root.addSubview(label)
    let image = renderer(100, 100).image { _ in
      #expect(root.drawHierarchy(in: root.bounds, afterScreenUpdates: false))
    }
    #expect(isColor(pixel(image, 5, 5), 255, 255, 255))
    #expect(isColor(pixel(image, 50, 30), 0, 0, 255))
    // Top corners rounded: the corner pixel is the window's white; bottom corners square
    // (the border's red).
    #expect(isColor(pixel(image, 10, 10), 255, 255, 255, within: 40))
    #expect(isColor(pixel(image, 10, 49), 255, 0, 0, within: 10))
    #expect(isColor(pixel(image, 50, 10), 255, 0, 0, within: 10))
    // Some dark text pixels in the label.
    let dark = (0..<100).flatMap { x in (60..<90).map { y in pixel(image, x, y) } }
      .filter { $0.red < 80 }
    #expect(dark.count > 30)
    #expect(!UIView().drawHierarchy(in: .zero, afterScreenUpdates: false))
  }

  @Test func shapeAndGradientLayersAndMasks() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
    gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    root.layer.addSublayer(gradient)
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 0, y: 50, width: 100, height: 50)
    shape.path = UIBezierPath(ovalIn: CGRect(x: 25, y: 0, width: 50, height: 50)).cgPath
    shape.fillColor = UIColor.green.cgColor
    shape.strokeColor = UIColor.black.cgColor
    shape.lineWidth = 4
    shape.strokeEnd = 0.5
    root.layer.addSublayer(shape)
    let image = renderer(100, 100).image { context in root.layer.render(in: context.cgContext) }
    #expect(isColor(pixel(image, 50, 0), 255, 0, 0, within: 8))
    #expect(isColor(pixel(image, 50, 49), 0, 0, 255, within: 8))
    #expect(isColor(pixel(image, 50, 75), 0, 255, 0))
    #expect(pixel(image, 5, 95).alpha == 0)
    // The oval's path starts at its right and goes clockwise on screen: half of it is the
    // lower half, stroked; the upper rim is not.
    #expect(isColor(pixel(image, 50, 99), 0, 0, 0, within: 30))
    #expect(isColor(pixel(image, 50, 51), 0, 255, 0, within: 30))
    // A round mask.
    let masked = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    masked.backgroundColor = .black
    let mask = CAShapeLayer()
    mask.frame = masked.bounds
    mask.path = CGPath(ellipseIn: masked.bounds, transform: nil)
    masked.layer.mask = mask
    let round = renderer(40, 40).image { _ in
      _ = masked.drawHierarchy(in: masked.bounds, afterScreenUpdates: false)
    }
    #expect(pixel(round, 1, 1).alpha == 0)
    #expect(pixel(round, 20, 20).alpha == 255)
  }

  @Test func shadowPathCastsAShadowWithoutABackground() {
    let view = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
    view.layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
    view.layer.shadowOpacity = 1
    view.layer.shadowColor = UIColor.black.cgColor
    view.layer.shadowRadius = 0
    view.layer.shadowOffset = CGSize(width: 10, height: 10)
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(view)
    let image = renderer(100, 100).image { _ in
      _ = root.drawHierarchy(in: root.bounds, afterScreenUpdates: false)
    }
    #expect(pixel(image, 65, 65).alpha == 255)
    #expect(pixel(image, 25, 25).alpha == 0)
  }

  @Test func rendererImagesShowAsButtonImages() {
    let icon = renderer(20, 20, scale: 1).image { _ in
      UIColor.orange.setFill()
      UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).fill()
    }
    let button = UIButton(type: .custom)
    button.setImage(icon, for: .normal)
    button.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    button.layoutIfNeeded()
    let image = renderer(40, 40).image { _ in
      _ = button.drawHierarchy(in: button.bounds, afterScreenUpdates: true)
    }
    let frame = button.imageView!.frame
    #expect(frame.width > 0)
    #expect(isColor(pixel(image, Int(frame.midX), Int(frame.midY)), 255, 128, 0, within: 3))
  }
}
