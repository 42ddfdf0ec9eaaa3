extension UIColor {
  /// A colour from hue, saturation and brightness (HSB), each 0…1 (a hue of 1 is red again).
  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
    let s = min(max(saturation.isNaN ? 0 : saturation, 0), 1)
    let v = min(max(brightness.isNaN ? 0 : brightness, 0), 1)
    let sector = min(Int(h), 5)
    let f = h - CGFloat(sector)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (CGFloat, CGFloat, CGFloat)
    switch sector {
    case 0: (r, g, b) = (v, t, p)
    case 1: (r, g, b) = (q, v, p)
    case 2: (r, g, b) = (p, v, t)
    case 3: (r, g, b) = (p, q, v)
    case 4: (r, g, b) = (t, p, v)
    default: (r, g, b) = (v, p, q)
    }
    self.init(red: r, green: g, blue: b, alpha: alpha)
  }

  /// The colour of a Core Graphics colour.
  public convenience init(cgColor: CGColor) {
    self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
  }

  /// Writes the sRGB components (0…1) where asked; always `true` (every colour here is RGB).
  @discardableResult
  public func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = self.red
    green?.pointee = self.green
    blue?.pointee = self.blue
    alpha?.pointee = self.alpha
    return true
  }

  /// Writes hue, saturation and brightness (0…1) and alpha where asked; always `true`.
  @discardableResult
  public func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let maximum = max(red, green, blue)
    let range = maximum - min(red, green, blue)
    var h: CGFloat = 0
    if range > 0 {
      switch maximum {
      case red: h = (green - blue) / range
      case green: h = 2 + (blue - red) / range
      default: h = 4 + (red - green) / range
      }
      h /= 6
      if h < 0 { h += 1 }
    }
    hue?.pointee = h
    saturation?.pointee = maximum > 0 ? range / maximum : 0
    brightness?.pointee = maximum
    alpha?.pointee = self.alpha
    return true
  }

  /// The system orange (light appearance).
  public static let systemOrange = UIColor(rgb: 0xFF9500)
  /// The system yellow (light appearance).
  public static let systemYellow = UIColor(rgb: 0xFFCC00)
  /// The system pink (light appearance).
  public static let systemPink = UIColor(rgb: 0xFF2D55)
  /// The system purple (light appearance).
  public static let systemPurple = UIColor(rgb: 0xAF52DE)
  /// The system teal (light appearance).
  public static let systemTeal = UIColor(rgb: 0x30B0C7)
  /// The system indigo (light appearance).
  public static let systemIndigo = UIColor(rgb: 0x5856D6)
  /// The system brown (light appearance).
  public static let systemBrown = UIColor(rgb: 0xA2845E)
  /// The system mint (light appearance).
  public static let systemMint = UIColor(rgb: 0x00C7BE)
  /// The system cyan (light appearance).
  public static let systemCyan = UIColor(rgb: 0x32ADE6)
  /// The system grey (light appearance).
  public static let systemGray = UIColor(rgb: 0x8E8E93)
  /// The second system grey, lighter (light appearance).
  public static let systemGray2 = UIColor(rgb: 0xAEAEB2)
  /// The third system grey (light appearance).
  public static let systemGray3 = UIColor(rgb: 0xC7C7CC)
  /// The fourth system grey (light appearance).
  public static let systemGray4 = UIColor(rgb: 0xD1D1D6)
  /// The fifth system grey (light appearance).
  public static let systemGray5 = UIColor(rgb: 0xE5E5EA)
  /// The sixth system grey, lightest (light appearance).
  public static let systemGray6 = UIColor(rgb: 0xF2F2F7)

  /// Tertiary text (light appearance).
  public static let tertiaryLabel = UIColor(rgb: 0x3C3C43, alpha: 0.3)
  /// Quaternary text (light appearance).
  public static let quaternaryLabel = UIColor(rgb: 0x3C3C43, alpha: 0.18)
  /// Placeholder text (light appearance).
  public static let placeholderText = UIColor(rgb: 0x3C3C43, alpha: 0.3)
  /// Links (light appearance).
  public static let link = UIColor(rgb: 0x007AFF)
  /// Separators that let the content show through (light appearance).
  public static let separator = UIColor(rgb: 0x3C3C43, alpha: 0.29)
  /// Opaque separators (light appearance).
  public static let opaqueSeparator = UIColor(rgb: 0xC6C6C8)
  /// Background of grouped content on a system background (light appearance).
  public static let secondarySystemBackground = UIColor(rgb: 0xF2F2F7)
  /// Background of content grouped inside secondary backgrounds (light appearance).
  public static let tertiarySystemBackground = UIColor.white
  /// Background of a grouped table (light appearance).
  public static let systemGroupedBackground = UIColor(rgb: 0xF2F2F7)
  /// Fill of thin and small shapes (light appearance).
  public static let systemFill = UIColor(rgb: 0x787880, alpha: 0.2)
  /// Fill of medium shapes (light appearance).
  public static let secondarySystemFill = UIColor(rgb: 0x787880, alpha: 0.16)
  /// The default tint: the system blue.
  public static let tintColor = UIColor.systemBlue
}
