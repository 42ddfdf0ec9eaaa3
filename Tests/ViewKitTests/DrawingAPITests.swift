import Testing
import ViewKit

/// A 30 × 30 picture for cap insets of 10: blue corners, green edges, and a middle whose
/// left half is white and right half black (so tiling and stretching differ).
@MainActor
func ninePartImage() -> UIImage {
  renderer(30, 30).image { context in
    UIColor.blue.setFill()
    context.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
    UIColor.green.setFill()
    context.fill(CGRect(x: 10, y: 0, width: 10, height: 30))
    context.fill(CGRect(x: 0, y: 10, width: 30, height: 10))
    UIColor.white.setFill()
    context.fill(CGRect(x: 10, y: 10, width: 5, height: 10))
    UIColor.black.setFill()
    context.fill(CGRect(x: 15, y: 10, width: 5, height: 10))
  }
}

/// Drawing calls apps make that are not in the other suites: transparency layers, system
/// colours and HSB, resizable images, blend-mode rectangle fills.
@MainActor
@Suite struct DrawingAPITests {
  @Test func transparencyLayersCompositeTheirDrawingAsOne() {
    func draw(layer: Bool) -> UIImage {
      renderer(40, 20).image { context in
        let cg = context.cgContext
        cg.setAlpha(0.5)
        if layer { cg.beginTransparencyLayer(auxiliaryInfo: nil) }
        cg.setFillColor(UIColor.red.cgColor)
        cg.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
        cg.setFillColor(UIColor.blue.cgColor)
        cg.fill(CGRect(x: 10, y: 0, width: 30, height: 20))
        if layer { cg.endTransparencyLayer() }
      }
    }
    // In a layer the overlap is the top shape's blue at half alpha; without, red shows through.
    #expect(isColor(pixel(draw(layer: true), 20, 10), 0, 0, 255, 128, within: 3))
    #expect(pixel(draw(layer: false), 20, 10).red > 60)
    #expect(isColor(pixel(draw(layer: true), 5, 10), 255, 0, 0, 128, within: 3))
    // A layer bounded by a rectangle leaves out what falls outside it, and an unmatched end
    // does nothing.
    let bounded = renderer(40, 20).image { context in
      let cg = context.cgContext
      cg.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 20, height: 20), auxiliaryInfo: nil)
      cg.saveGState()
      cg.setFillColor(UIColor.green.cgColor)
      cg.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
      cg.endTransparencyLayer()
      cg.endTransparencyLayer()
      cg.fill(CGRect(x: 38, y: 0, width: 2, height: 20))
    }
    #expect(isColor(pixel(bounded, 10, 10), 0, 255, 0))
    #expect(pixel(bounded, 30, 10).alpha == 0)
    // The state saved inside the layer was dropped with it: the fill colour is black again.
    #expect(isColor(pixel(bounded, 39, 10), 0, 0, 0))
  }

  @Test func aTransparencyLayerCastsOneShadowUnderAllItsShapes() {
    func draw(layer: Bool) -> UIImage {
      renderer(60, 50).image { context in
        let cg = context.cgContext
        cg.setShadow(offset: CGSize(width: 0, height: 10), blur: 0, color: UIColor.black.cgColor)
        if layer { cg.beginTransparencyLayer(auxiliaryInfo: nil) }
        cg.setFillColor(UIColor.red.cgColor)
        cg.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        cg.setFillColor(UIColor.blue.cgColor)
        cg.fill(CGRect(x: 10, y: 0, width: 30, height: 10))
        if layer { cg.endTransparencyLayer() }
      }
    }
    // Shape by shape, the blue bar's shadow falls on the red square; in a layer the shadow
    // is cast by both together, under them.
    #expect(isColor(pixel(draw(layer: true), 15, 15), 255, 0, 0))
    #expect(pixel(draw(layer: false), 15, 15).red < 20)
    #expect(isColor(pixel(draw(layer: true), 15, 35), 0, 0, 0))
    #expect(isColor(pixel(draw(layer: true), 35, 15), 0, 0, 0))
  }

  @Test func hsbComponentsAndSystemColours() {
    var red: CGFloat = 0
    var green: CGFloat = 0
    var blue: CGFloat = 0
    var alpha: CGFloat = 0
    #expect(
      UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 0.5).getRed(
        &red, green: &green, blue: &blue, alpha: &alpha))
    #expect(abs(red) < 1e-9 && abs(green - 1) < 1e-9 && abs(blue) < 1e-9 && alpha == 0.5)
    var hue: CGFloat = 0
    var saturation: CGFloat = 0
    var brightness: CGFloat = 0
    UIColor.systemOrange.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: nil)
    #expect(abs(hue * 360 - 35.06) < 0.1 && saturation == 1 && brightness == 1)
    // HSB there and back.
    let back = UIColor(hue: hue, saturation: saturation, brightness: brightness, alpha: 1)
    #expect(back.getRed(&red, green: &green, blue: &blue, alpha: nil))
    #expect(abs(red - 1) < 1e-9 && abs(green - 149.0 / 255) < 1e-9 && blue < 1e-9)
    #expect(UIColor(cgColor: UIColor.systemTeal.cgColor) == .systemTeal)
    // Drawn in their light-appearance values.
    let image = renderer(30, 10).image { context in
      UIColor.systemTeal.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
      UIColor.systemGray4.setFill()
      context.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
      UIColor.separator.setFill()
      context.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
    }
    #expect(isColor(pixel(image, 5, 5), 0x30, 0xB0, 0xC7))
    #expect(isColor(pixel(image, 15, 5), 0xD1, 0xD1, 0xD6))
    #expect(isColor(pixel(image, 25, 5), 0x3C, 0x3C, 0x43, 74))
  }

  @Test func resizableImagesKeepTheirCapsAndTileOrStretchTheMiddle() {
    let insets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    let tiled = ninePartImage().resizableImage(withCapInsets: insets)
    let stretched = ninePartImage().resizableImage(withCapInsets: insets, resizingMode: .stretch)
    #expect(tiled.resizingMode == .tile && tiled.capInsets == insets && tiled.size.width == 30)
    func drawn(_ image: UIImage) -> UIImage {
      renderer(90, 60).image { _ in image.draw(in: CGRect(x: 0, y: 0, width: 90, height: 60)) }
    }
    for image in [drawn(tiled), drawn(stretched)] {
      // Corners at their own 10-point size, edges green between them.
      #expect(isColor(pixel(image, 9, 9), 0, 0, 255))
      #expect(isColor(pixel(image, 80, 50), 0, 0, 255))
      #expect(isColor(pixel(image, 45, 5), 0, 255, 0))
      #expect(isColor(pixel(image, 5, 30), 0, 255, 0))
      #expect(isColor(pixel(image, 85, 30), 0, 255, 0))
      #expect(isColor(pixel(image, 12, 12), 255, 255, 255))
    }
    // 17 points into the middle: the second tile's black half, or the stretched white half.
    #expect(isColor(pixel(drawn(tiled), 27, 30), 0, 0, 0))
    #expect(isColor(pixel(drawn(stretched), 27, 30), 255, 255, 255))
    // An image view shows it the same way, and a tint keeps the caps.
    let view = UIImageView(image: stretched)
    view.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
    let shown = renderer(90, 60).image { _ in
      _ = view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
    }
    #expect(isColor(pixel(shown, 9, 9), 0, 0, 255) && isColor(pixel(shown, 45, 5), 0, 255, 0))
    let tinted = drawn(tiled.withTintColor(.red))
    #expect(isColor(pixel(tinted, 9, 9), 255, 0, 0) && isColor(pixel(tinted, 27, 30), 255, 0, 0))
    // Insets larger than the image are clamped to it.
    let whole = ninePartImage().resizableImage(
      withCapInsets: UIEdgeInsets(top: 50, left: -3, bottom: 0, right: .nan))
    #expect(whole.capInsets == UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
  }

  @Test func rectangleFillsWithBlendModesAndClips() {
    let image = renderer(30, 10).image { context in
      UIColor.red.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 30, height: 10))
      UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 10, height: 10), .clear)
      UIColor(white: 0.5, alpha: 1).setFill()
      UIRectFillUsingBlendMode(CGRect(x: 10, y: 0, width: 10, height: 10), .multiply)
      UIRectClip(CGRect(x: 25, y: 0, width: 5, height: 10))
      UIColor.blue.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 30, height: 10))
    }
    #expect(pixel(image, 5, 5).alpha == 0)
    #expect(isColor(pixel(image, 15, 5), 128, 0, 0))
    #expect(isColor(pixel(image, 22, 5), 255, 0, 0))
    #expect(isColor(pixel(image, 27, 5), 0, 0, 255))
  }
}
