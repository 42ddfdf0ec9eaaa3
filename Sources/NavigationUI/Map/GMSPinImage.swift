import Foundation

/// What is drawn in the head of a pin (`GMSPinImageGlyph`): text, a picture, or a
/// coloured circle.
///
/// ```swift
/// let options = GMSPinImageOptions()
/// options.backgroundColor = .blue
/// options.glyph = GMSPinImageGlyph(text: "A", textColor: .white)
/// marker.icon = GMSPinImage.pinImage(with: options)
/// ```
@MainActor
open class GMSPinImageGlyph: NSObject {
  /// Which initializer made it.
  enum Kind { case text, image, circle }
  let kind: Kind
  /// The text drawn in the pin's head (`nil` unless made with ``init(text:textColor:)``).
  public let text: String?
  /// The colour of ``text`` (`nil`: the pin's border colour).
  public let textColor: UIColor?
  /// The picture drawn in the pin's head (`nil` unless made with ``init(image:)``).
  public let image: UIImage?
  /// The colour of the circle drawn in the pin's head (`nil` unless made with
  /// ``init(glyphColor:)``, then the pin's border colour).
  public let glyphColor: UIColor?

  /// Text in the head, in `textColor` (`nil`: the pin's border colour), shrunk to fit.
  public init(text: String, textColor: UIColor?) {
    self.text = text
    self.textColor = textColor
    image = nil
    glyphColor = nil
    kind = .text
    super.init()
  }

  /// A picture in the head, fitted inside it keeping its proportions (`nil`: no glyph).
  public init(image: UIImage?) {
    text = nil
    textColor = nil
    self.image = image
    glyphColor = nil
    kind = .image
    super.init()
  }

  /// A circle in the head in `glyphColor` (`nil`: the pin's border colour).
  public init(glyphColor: UIColor?) {
    text = nil
    textColor = nil
    image = nil
    self.glyphColor = glyphColor
    kind = .circle
    super.init()
  }
}

/// How ``GMSPinImage/pinImage(with:)`` draws a pin (`GMSPinImageOptions`).
@MainActor
open class GMSPinImageOptions: NSObject {
  /// The pin's fill (`nil`: Google's red, #EA4335).
  open var backgroundColor: UIColor?
  /// The pin's outline (`nil`: a darker shade of the fill).
  open var borderColor: UIColor?
  /// What the head shows (`nil`: a circle in the border colour).
  open var glyph: GMSPinImageGlyph?

  /// Options with nothing set: the default red pin.
  public override init() { super.init() }
}

/// Google's pin as a picture (`GMSPinImage`, a `UIImage`): a teardrop filled with the
/// options' background colour, outlined in its border colour, its head showing the glyph.
/// Use it as a marker's icon; its anchor is the tip (a marker's default ground anchor).
open class GMSPinImage: UIImage, @unchecked Sendable {
  /// The pin's size in points.
  public static let pinSize = CGSize(width: 27, height: 43)

  /// A pin drawn with `options` (`nil`: the default red pin), at 3 pixels a point.
  @MainActor
  open class func pinImage(with options: GMSPinImageOptions?) -> GMSPinImage {
    let size = pinSize
    let format = UIGraphicsImageRendererFormat()
    format.scale = 3
    let drawn = UIGraphicsImageRenderer(size: size, format: format).image { _ in
      PinPainter(options: options, size: size).paint()
    }
    guard let pixels = drawn.cgImage else {
      return GMSPinImage(size: size, scale: 3)
    }
    return GMSPinImage(
      cgImage: pixels, scale: 3, renderingMode: .alwaysOriginal, tintColor: nil)
  }
}

/// Draws a pin into the current context.
@MainActor
private struct PinPainter {
  let background: UIColor
  let border: UIColor
  let glyph: GMSPinImageGlyph?
  let size: CGSize

  init(options: GMSPinImageOptions?, size: CGSize) {
    background = options?.backgroundColor ?? UIColor(rgb: 0xEA4335)
    border = options?.borderColor ?? Self.darker(background, by: 0.25)
    glyph = options?.glyph
    self.size = size
  }

  /// `color` mixed with black.
  static func darker(_ color: UIColor, by amount: CGFloat) -> UIColor {
    UIColor(
      red: color.red * (1 - amount), green: color.green * (1 - amount),
      blue: color.blue * (1 - amount), alpha: color.alpha)
  }

  /// The head's centre and radius.
  var head: (center: CGPoint, radius: CGFloat) {
    let radius = size.width / 2 - 1
    return (CGPoint(x: size.width / 2, y: radius + 1), radius)
  }

  func paint() {
    let (center, r) = head
    let tip = CGPoint(x: size.width / 2, y: size.height - 0.5)
    let h = size.height
    let outline = UIBezierPath()
    outline.move(to: tip)
    outline.addCurve(
      to: CGPoint(x: center.x - r, y: center.y),
      controlPoint1: CGPoint(x: tip.x - r * 0.25, y: tip.y - h * 0.22),
      controlPoint2: CGPoint(x: center.x - r, y: center.y + r * 0.9))
    outline.addArc(
      withCenter: center, radius: r, startAngle: .pi, endAngle: 2 * .pi, clockwise: true)
    outline.addCurve(
      to: tip, controlPoint1: CGPoint(x: center.x + r, y: center.y + r * 0.9),
      controlPoint2: CGPoint(x: tip.x + r * 0.25, y: tip.y - h * 0.22))
    outline.close()
    background.setFill()
    outline.fill()
    border.setStroke()
    outline.lineWidth = 1
    outline.stroke()
    paintGlyph(center: center, radius: r)
  }

  func paintGlyph(center: CGPoint, radius r: CGFloat) {
    switch glyph?.kind {
    case .text:
      paint(text: glyph?.text ?? "", center: center, radius: r)
    case .image:
      guard let image = glyph?.image, image.size.width > 0, image.size.height > 0 else { return }
      // Fitted in the square inside the head, keeping its proportions.
      let side = r * 1.3
      let fit = min(side / image.size.width, side / image.size.height)
      let w = image.size.width * fit
      let hh = image.size.height * fit
      image.draw(in: CGRect(x: center.x - w / 2, y: center.y - hh / 2, width: w, height: hh))
    case .circle, nil:
      (glyph?.glyphColor ?? border).setFill()
      let dot = r * 0.4
      UIBezierPath(
        ovalIn: CGRect(x: center.x - dot, y: center.y - dot, width: 2 * dot, height: 2 * dot)
      ).fill()
    }
  }

  /// Text centred in the head, its font shrunk until it fits inside the head's square.
  func paint(text: String, center: CGPoint, radius r: CGFloat) {
    let room = r * 1.5
    var fontSize = r * 1.1
    var attributes: [NSAttributedString.Key: Any] = [:]
    var measured = CGSize.zero
    repeat {
      attributes = [
        .font: UIFont.boldSystemFont(ofSize: fontSize),
        .foregroundColor: glyph?.textColor ?? border,
      ]
      measured = text.size(withAttributes: attributes)
      if measured.width <= room && measured.height <= room * 1.4 { break }
      fontSize *= 0.85
    } while fontSize > 4
    text.draw(
      at: CGPoint(x: center.x - measured.width / 2, y: center.y - measured.height / 2),
      withAttributes: attributes)
  }
}
