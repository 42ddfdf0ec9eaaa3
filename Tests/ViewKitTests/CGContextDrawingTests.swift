import Testing
import ViewKit

/// A pixel's components, 0…255, un-premultiplied.
typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

/// A 100 × 100 Core Graphics bitmap context (origin at the bottom left, y up).
func bitmapContext(width: Int = 100, height: Int = 100) -> CGContext {
  CGContext(
    data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
    space: CGColorSpaceCreateDeviceRGB(),
    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
      | CGBitmapInfo.byteOrder32Little.rawValue)!
}

/// The pixel of `context` at user point (`x`, `y`) of a y-up bitmap (row `height - 1 - y`).
func pixel(_ context: CGContext, _ x: Int, _ y: Int) -> Pixel {
  context.makeImage()!.pixel(x: x, y: context.height - 1 - y)!
}

func isColor(_ p: Pixel, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255, within: Int = 2)
  -> Bool
{
  abs(Int(p.red) - Int(r)) <= within && abs(Int(p.green) - Int(g)) <= within
    && abs(Int(p.blue) - Int(b)) <= within && abs(Int(p.alpha) - Int(a)) <= within
}

@Suite struct CGContextDrawingTests {
  @Test func fillsInsideNotOutsideWithAnAntialiasedEdge() {
    let context = bitmapContext()
    context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    context.fill(CGRect(x: 10.5, y: 10, width: 30, height: 20))
    #expect(isColor(pixel(context, 20, 20), 255, 0, 0))
    #expect(pixel(context, 60, 20).alpha == 0)
    #expect(pixel(context, 20, 40).alpha == 0)
    // Column 10 is half covered.
    let edge = pixel(context, 10, 20)
    #expect(edge.alpha > 100 && edge.alpha < 156)
  }

  @Test func bitmapContextsHaveTheOriginAtTheBottomLeft() {
    let context = bitmapContext()
    context.setFillColor(.black)
    context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    let image = context.makeImage()!
    #expect(image.pixel(x: 5, y: 95)!.alpha == 255)
    #expect(image.pixel(x: 5, y: 5)!.alpha == 0)
  }

  @Test func evenOddLeavesTheHoleWindingFillsIt() {
    for (rule, holeAlpha) in [(CGPathFillRule.evenOdd, UInt8(0)), (.winding, 255)] {
      let context = bitmapContext()
      context.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
      context.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
      context.fillPath(using: rule)
      #expect(pixel(context, 50, 50).alpha == holeAlpha, "\(rule)")
      #expect(pixel(context, 20, 20).alpha == 255)
    }
  }

  @Test func clipLimitsDrawingAndRestoreLiftsIt() {
    let context = bitmapContext()
    context.saveGState()
    context.clip(to: CGRect(x: 0, y: 0, width: 50, height: 100))
    context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    context.fill(CGRect(x: 0, y: 0, width: 100, height: 50))
    context.restoreGState()
    #expect(isColor(pixel(context, 25, 25), 0, 0, 255))
    #expect(pixel(context, 75, 25).alpha == 0)
    // Restored: black fill, no clip.
    context.fill(CGRect(x: 60, y: 60, width: 10, height: 10))
    #expect(isColor(pixel(context, 65, 65), 0, 0, 0))
  }

  @Test func linearGradientEndsAndExtension() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let gradient = CGGradient(
      colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue], locations: [0, 1])!
    let context = bitmapContext()
    context.drawLinearGradient(
      gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [])
    #expect(isColor(pixel(context, 20, 50), 253, 0, 2, within: 6))
    #expect(isColor(pixel(context, 79, 50), 2, 0, 253, within: 6))
    let middle = pixel(context, 50, 50)
    #expect(abs(Int(middle.red) - Int(middle.blue)) < 12)
    #expect(pixel(context, 10, 50).alpha == 0)
    #expect(pixel(context, 90, 50).alpha == 0)
    let before = bitmapContext()
    before.drawLinearGradient(
      gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
      options: .drawsBeforeStartLocation)
    #expect(isColor(pixel(before, 5, 50), 255, 0, 0))
    #expect(pixel(before, 90, 50).alpha == 0)
    let both = bitmapContext()
    both.drawLinearGradient(
      gradient, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
      options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    #expect(isColor(pixel(both, 95, 50), 0, 0, 255))
  }

  @Test func radialGradientCentreAndRim() {
    let gradient = CGGradient(
      colorsSpace: nil, colors: [.white, CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)],
      locations: nil)!
    let context = bitmapContext()
    context.drawRadialGradient(
      gradient, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
      endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: [])
    #expect(isColor(pixel(context, 50, 50), 255, 255, 255, within: 8))
    #expect(isColor(pixel(context, 88, 50), 0, 128, 0, within: 12))
    #expect(pixel(context, 97, 50).alpha == 0)
  }

  @Test func dashPatternAlternates() {
    let context = bitmapContext()
    context.setLineWidth(4)
    context.setLineDash(phase: 0, lengths: [10, 10])
    context.move(to: CGPoint(x: 0, y: 50))
    context.addLine(to: CGPoint(x: 100, y: 50))
    context.strokePath()
    #expect(pixel(context, 5, 50).alpha == 255)
    #expect(pixel(context, 15, 50).alpha == 0)
    #expect(pixel(context, 25, 50).alpha == 255)
    #expect(pixel(context, 5, 56).alpha == 0)
    // Cap and width: square caps reach 2 px past each dash.
    context.setLineCap(.square)
    context.move(to: CGPoint(x: 0, y: 20))
    context.addLine(to: CGPoint(x: 100, y: 20))
    context.strokePath()
    #expect(pixel(context, 11, 20).alpha == 255)
  }

  @Test func shadowFallsAtTheOffsetInBaseSpace() {
    let context = bitmapContext()
    context.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: .black)
    context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    context.fill(CGRect(x: 20, y: 20, width: 20, height: 20))
    #expect(isColor(pixel(context, 25, 25), 255, 0, 0))
    // y up: the shadow is up and to the right.
    #expect(isColor(pixel(context, 45, 45), 0, 0, 0))
    #expect(pixel(context, 15, 15).alpha == 0)
    #expect(pixel(context, 45, 15).alpha == 0)
  }

  @Test func blurredShadowFadesOut() {
    let context = bitmapContext()
    context.setShadow(offset: .zero, blur: 10, color: .black)
    context.fill(CGRect(x: 40, y: 40, width: 20, height: 20))
    let near = pixel(context, 62, 50).alpha
    let far = pixel(context, 70, 50).alpha
    #expect(near > far)
    #expect(near > 40 && near < 255)
    #expect(pixel(context, 95, 50).alpha == 0)
  }

  @Test func alphaAndBlendModes() {
    let context = bitmapContext()
    context.setAlpha(0.5)
    context.fill(CGRect(x: 0, y: 0, width: 50, height: 50))
    #expect(abs(Int(pixel(context, 10, 10).alpha) - 128) <= 1)
    context.setAlpha(1)
    context.setFillColor(.white)
    context.fill(CGRect(x: 50, y: 0, width: 50, height: 50))
    context.setBlendMode(.multiply)
    context.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
    context.fill(CGRect(x: 50, y: 0, width: 50, height: 50))
    #expect(isColor(pixel(context, 75, 25), 255, 128, 0))
    context.setBlendMode(.copy)
    context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    context.fill(CGRect(x: 50, y: 0, width: 50, height: 50))
    #expect(isColor(pixel(context, 75, 25), 0, 0, 255, 128))
    context.clear(CGRect(x: 50, y: 0, width: 50, height: 50))
    #expect(pixel(context, 75, 25).alpha == 0)
  }

  @Test func transformsAndTheStateStack() {
    let context = bitmapContext()
    #expect(context.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100))
    context.saveGState()
    context.translateBy(x: 50, y: 50)
    context.rotate(by: .pi / 2)
    // (10, 0) turned a quarter turn is (0, 10): a rectangle above the centre.
    context.fill(CGRect(x: 5, y: -2, width: 10, height: 4))
    context.restoreGState()
    #expect(pixel(context, 50, 60).alpha == 255)
    #expect(pixel(context, 60, 50).alpha == 0)
    #expect(context.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100))
    context.concatenate(CGAffineTransform(scaleX: 2, y: 2))
    context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
    #expect(pixel(context, 9, 9).alpha == 255)
  }

  @Test func curvesArcsAndEllipses() {
    let context = bitmapContext()
    context.addEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 40))
    context.fillPath()
    #expect(pixel(context, 50, 30).alpha == 255)
    #expect(pixel(context, 12, 12).alpha == 0)
    let arc = bitmapContext()
    arc.move(to: CGPoint(x: 50, y: 50))
    // Counter-clockwise in y-up space, 0 to π/2: the upper-right quarter.
    arc.addArc(
      center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    arc.closePath()
    arc.fillPath()
    #expect(pixel(arc, 70, 70).alpha == 255)
    #expect(pixel(arc, 30, 30).alpha == 0)
    let quad = bitmapContext()
    quad.move(to: CGPoint(x: 0, y: 0))
    quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
    quad.addCurve(
      to: CGPoint(x: 0, y: 0), control1: CGPoint(x: 60, y: 0), control2: CGPoint(x: 40, y: 0))
    quad.fillPath()
    #expect(pixel(quad, 50, 40).alpha == 255)
    #expect(pixel(quad, 50, 55).alpha == 0)
  }

  @Test func pathsAnswerContainsAndBoxes() {
    let path = CGMutablePath()
    path.addRoundedRect(
      in: CGRect(x: 0, y: 0, width: 48, height: 48), cornerWidth: 12, cornerHeight: 12)
    #expect(path.contains(CGPoint(x: 24, y: 24)))
    #expect(!path.contains(CGPoint(x: 1, y: 1)))
    #expect(path.contains(CGPoint(x: 24, y: 1)))
    #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 48, height: 48))
    let arc = CGMutablePath()
    arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    let box = arc.boundingBoxOfPath
    #expect(abs(box.minX) < 1e-6 && abs(box.maxX - 10) < 1e-6 && abs(box.maxY - 10) < 1e-6)
    let clockwise = CGMutablePath()
    clockwise.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    // Three quarters the other way.
    #expect(clockwise.boundingBoxOfPath.minY < -9)
    let evenOdd = CGMutablePath()
    evenOdd.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    evenOdd.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
    #expect(!evenOdd.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
    #expect(evenOdd.contains(CGPoint(x: 5, y: 5), using: .winding))
    var count = 0
    evenOdd.applyWithBlock { element in
      if element.pointee.type == .closeSubpath { count += 1 }
    }
    #expect(count == 2)
    let moved = path.copy(using: [CGAffineTransform(translationX: 100, y: 0)])
    #expect(moved.contains(CGPoint(x: 124, y: 24)))
  }

  @Test func imagesDrawUprightInBitmapSpaceAndCrop() {
    // An image whose top 10 rows are red, drawn from a y-up context.
    let source = bitmapContext(width: 20, height: 20)
    source.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    source.fill(CGRect(x: 0, y: 10, width: 20, height: 10))
    let image = source.makeImage()!
    #expect(image.width == 20 && image.height == 20 && image.bitsPerPixel == 32)
    #expect(isColor(image.pixel(x: 5, y: 2)!, 255, 0, 0))
    #expect(image.pixel(x: 5, y: 15)!.alpha == 0)
    let context = bitmapContext()
    context.draw(image, in: CGRect(x: 0, y: 0, width: 100, height: 100))
    #expect(isColor(pixel(context, 50, 90), 255, 0, 0))
    #expect(pixel(context, 50, 10).alpha == 0)
    let top = image.cropping(to: CGRect(x: 0, y: 0, width: 20, height: 10))!
    #expect(top.height == 10)
    #expect(isColor(top.pixel(x: 10, y: 9)!, 255, 0, 0))
    #expect(image.cropping(to: CGRect(x: 30, y: 30, width: 5, height: 5)) == nil)
  }

  @Test func imagesFromOutsidePixelLayouts() {
    // Two pixels, RGBA big endian, not premultiplied: half-transparent red, opaque green.
    let bytes = Data([255, 0, 0, 128, 0, 255, 0, 255])
    let image = CGImage(
      width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .last),
      provider: CGDataProvider(data: bytes)!, decode: nil, shouldInterpolate: false,
      intent: .defaultIntent)!
    #expect(isColor(image.pixel(x: 0, y: 0)!, 255, 0, 0, 128))
    #expect(isColor(image.pixel(x: 1, y: 0)!, 0, 255, 0))
    #expect(
      CGImage(
        width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .last),
        provider: CGDataProvider(data: bytes)!, decode: nil, shouldInterpolate: false,
        intent: .defaultIntent) == nil)
    #expect(throws: CGImageError.self) { try CGImage.decodePNG(Data([1, 2, 3])) }
  }

  @Test func imageMaskClips() {
    let maskSource = bitmapContext(width: 10, height: 10)
    maskSource.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
    let mask = maskSource.makeImage()!
    let context = bitmapContext()
    context.clip(to: CGRect(x: 0, y: 0, width: 100, height: 100), mask: mask)
    context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
    #expect(isColor(pixel(context, 20, 50), 0, 0, 255))
    #expect(pixel(context, 80, 50).alpha == 0)
  }

  @Test func affineTransformAlgebra() {
    let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
    let p = CGPoint(x: 1, y: 0).applying(t)
    #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 1) < 1e-9)
    let back = p.applying(t.inverted())
    #expect(abs(back.x - 1) < 1e-9 && abs(back.y) < 1e-9)
    #expect(CGAffineTransform.identity.isIdentity)
    let box = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(scaleX: 3, y: -1))
    #expect(box == CGRect(x: 0, y: -1, width: 6, height: 1))
  }

  @Test func badBitmapRequestsGiveNil() {
    let rgb = CGColorSpaceCreateDeviceRGB()
    let info = CGImageAlphaInfo.premultipliedLast.rawValue
    #expect(
      CGContext(
        data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
        bitmapInfo: info) == nil)
    #expect(
      CGContext(
        data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
        bitmapInfo: info) == nil)
    #expect(
      CGContext(
        data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: info) == nil)
    #expect(
      CGContext(
        data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
        bitmapInfo: info) != nil)
  }
}
