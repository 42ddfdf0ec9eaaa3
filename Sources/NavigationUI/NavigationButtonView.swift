/// A round floating button (compass, incident report), 48 × 48 pt, with its own margins.
@MainActor
final class NavigationButtonView: ComponentView {
  let glyph = ComponentView.label(size: 22, weight: .bold, name: "button.glyph")
  /// The compass's needle (compass only).
  private(set) var needle: CompassNeedleView?
  let type: NavigationButtonKnownType
  /// Called when tapped (through ``tap()``).
  var action: (@MainActor () -> Void)?

  init(type: NavigationButtonKnownType) {
    self.type = type
    super.init(
      identifier: type == .compass
        ? "compassButton" : type == .reporting ? "reportButton" : "myLocationButton")
    layer.cornerRadius = 24
    addSubview(glyph)
    isAccessibilityElement = true
    accessibilityTraits = .button
    switch type {
    case .compass:
      let needle = CompassNeedleView()
      addSubview(needle)
      self.needle = needle
      accessibilityLabel = "Compass"
    case .reporting:
      setText(glyph, "⚠")
      accessibilityLabel = "Report an incident"
    default:
      setText(glyph, "◎")
      accessibilityLabel = "My location"
    }
  }

  override var intrinsicContentSize: CGSize { CGSize(width: 48, height: 48) }

  override func layoutSubviews() {
    let r = CGRect(x: 12, y: 12, width: 24, height: 24)
    if glyph.frame != r { glyph.frame = r }
    let n = CGRect(x: 8, y: 8, width: 32, height: 32)
    if let needle, needle.frame != n { needle.frame = n }
  }

  override func apply(_ theme: NavigationTheme) {
    backgroundColor = theme.buttonBackground
    glyph.textColor = theme.buttonText
    needle?.setNight(theme.isNight)
  }

  /// Shows the camera bearing (compass only): the needle turns so that its red half points
  /// north on screen.
  func show(bearing: Double) {
    let label = "Compass, heading \(Int(bearing.rounded()) % 360) degrees"
    if accessibilityLabel != label { accessibilityLabel = label }
    needle?.bearing = bearing
  }

  /// Performs the button's action, as a tap would.
  func tap() { action?() }
}

/// The compass needle: a red half pointing north on screen and a grey half pointing south,
/// turned by the camera's bearing (Guides/Spec.md §12).
@MainActor
final class CompassNeedleView: UIView {
  /// The camera bearing, in degrees clockwise from north.
  var bearing: Double = 0 {
    didSet { if bearing != oldValue { setNeedsDisplay() } }
  }
  private var isNight = false

  /// The needle's colours: north red in both looks, south grey (lighter at night).
  static let north = UIColor(rgb: 0xEA4335)
  static let southDay = UIColor(rgb: 0x9AA0A6)
  static let southNight = UIColor(rgb: 0xDADCE0)

  init() {
    super.init(frame: .zero)
    accessibilityIdentifier = "compassButton.needle"
    isUserInteractionEnabled = false
    backgroundColor = nil
  }

  func setNight(_ night: Bool) {
    guard night != isNight else { return }
    isNight = night
    setNeedsDisplay()
  }

  /// Where the north tip is, in the needle's coordinates, for a bearing.
  static func northTip(in bounds: CGRect, bearing: Double) -> CGPoint {
    let angle = -bearing * .pi / 180
    let radius = Double(min(bounds.width, bounds.height)) / 2 - 2
    return CGPoint(
      x: Double(bounds.midX) + radius * sin(angle), y: Double(bounds.midY) - radius * cos(angle))
  }

  override func draw(_ rect: CGRect) {
    let c = CGPoint(x: bounds.midX, y: bounds.midY)
    let tip = Self.northTip(in: bounds, bearing: bearing)
    let dx = tip.x - c.x
    let dy = tip.y - c.y
    let length = max(1, hypot(dx, dy))
    // Half-width of the needle, perpendicular to it.
    let px = -dy / length * 5
    let py = dx / length * 5
    for (end, color) in [
      (tip, Self.north),
      (CGPoint(x: c.x - dx, y: c.y - dy), isNight ? Self.southNight : Self.southDay),
    ] {
      let half = UIBezierPath()
      half.move(to: end)
      half.addLine(to: CGPoint(x: c.x + px, y: c.y + py))
      half.addLine(to: CGPoint(x: c.x - px, y: c.y - py))
      half.close()
      color.setFill()
      half.fill()
    }
  }
}

/// The logo with the map-data attribution; it turns into the recenter button when the
/// camera stops following and the recenter button is enabled. Same size in both modes.
@MainActor
final class LogoView: ComponentView {
  let text = ComponentView.label(size: 12, weight: .semibold, name: "logo.text")
  /// The full attribution the logo stands for.
  let attribution: String
  private(set) var isRecenter = false
  var action: (@MainActor () -> Void)?

  init(attribution: String) {
    self.attribution = attribution
    super.init(identifier: "googleLogo")
    addSubview(text)
    isAccessibilityElement = true
    showLogo()
  }

  override var intrinsicContentSize: CGSize { CGSize(width: 120, height: 32) }

  override func layoutSubviews() {
    let r = CGRect(x: 4, y: 6, width: 112, height: 20)
    if text.frame != r { text.frame = r }
  }

  override func apply(_ theme: NavigationTheme) {
    text.textColor = theme.isNight ? UIColor(rgb: 0xE8EAED) : UIColor(rgb: 0x3C4043)
    backgroundColor = isRecenter ? theme.buttonBackground : nil
  }

  private func showLogo() {
    setText(text, "© OpenStreetMap")
    accessibilityLabel = attribution
    accessibilityTraits = [.link]
    backgroundColor = nil
  }

  /// Switches between the logo and the recenter button.
  func setRecenter(_ recenter: Bool, theme: NavigationTheme) {
    guard recenter != isRecenter else { return }
    isRecenter = recenter
    if recenter {
      setText(text, "⌖ Re-center")
      accessibilityLabel = "Re-center"
      accessibilityTraits = [.button]
    } else {
      showLogo()
    }
    apply(theme)
  }

  /// Recenter when showing the button.
  func tap() { if isRecenter { action?() } }
}

/// The invisible view whose frame tells the camera which part of the map is unobstructed.
@MainActor
final class ViewportView: ComponentView {
  init() {
    super.init(identifier: "viewport")
    isUserInteractionEnabled = false
    backgroundColor = nil
  }
}
