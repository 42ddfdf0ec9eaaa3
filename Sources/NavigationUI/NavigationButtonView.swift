/// A round floating button (compass, incident report), 48 × 48 pt, with its own margins.
@MainActor
final class NavigationButtonView: ComponentView {
  let glyph = ComponentView.label(size: 22, weight: .bold, name: "button.glyph")
  let type: NavigationButtonKnownType
  /// Called when tapped (through ``tap()``).
  var action: (@MainActor () -> Void)?

  init(type: NavigationButtonKnownType) {
    self.type = type
    super.init(identifier: type == .compass ? "compassButton" : "reportButton")
    layer.cornerRadius = 24
    addSubview(glyph)
    isAccessibilityElement = true
    accessibilityTraits = .button
    setText(glyph, type == .compass ? "N" : "⚠")
    accessibilityLabel = type == .compass ? "Compass" : "Report an incident"
  }

  override var intrinsicContentSize: CGSize { CGSize(width: 48, height: 48) }

  override func layoutSubviews() {
    let r = CGRect(x: 12, y: 12, width: 24, height: 24)
    if glyph.frame != r { glyph.frame = r }
  }

  override func apply(_ theme: NavigationTheme) {
    backgroundColor = theme.buttonBackground
    glyph.textColor = theme.buttonText
  }

  /// Shows the camera bearing (compass only).
  func show(bearing: Double) {
    let label = "Compass, heading \(Int(bearing.rounded()) % 360) degrees"
    if accessibilityLabel != label { accessibilityLabel = label }
  }

  /// Performs the button's action, as a tap would.
  func tap() { action?() }
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
