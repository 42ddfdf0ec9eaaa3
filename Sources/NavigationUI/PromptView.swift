/// A prompt as the SDK delivers it: sized to fit before any layout pass (K6), top corners
/// rounded by default, as wide as the map's safe area (360 pt in wide mode), 88 pt tall.
@MainActor
final class PromptView: ComponentView, NavigationRoundedCornerView {
  let icon = ComponentView.label(size: 28, name: "prompt.icon")
  let title = ComponentView.label(size: 18, weight: .semibold, name: "prompt.title")
  let prompt: NavigationPrompt
  static let height: CGFloat = 88

  init(prompt: NavigationPrompt, context: ComponentLayoutContext, theme: NavigationTheme) {
    self.prompt = prompt
    super.init(identifier: "prompt")
    self.context = context
    roundedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    layer.cornerRadius = NavigationStyleValues.defaultCornerRadius
    addSubview(icon)
    addSubview(title)
    title.numberOfLines = 2
    switch prompt {
    case .incident: setText(icon, "⚠")
    case .betterRoute: setText(icon, "⤴")
    case .traffic: setText(icon, "🚗")
    }
    setText(title, prompt.title)
    isAccessibilityElement = true
    accessibilityTraits = [.staticText]
    accessibilityLabel = prompt.title
    apply(theme)
    bounds = CGRect(origin: .zero, size: intrinsicContentSize)
    layoutIfNeeded()
  }

  /// Which corners are rounded (top two by default).
  var roundedCorners: CACornerMask {
    get { layer.maskedCorners }
    set { layer.maskedCorners = newValue }
  }

  override var intrinsicContentSize: CGSize {
    let width =
      context.wideMode
      ? 360 : context.mapSize.width - context.safeArea.left - context.safeArea.right
    return CGSize(width: max(0, width), height: Self.height)
  }

  override func layoutSubviews() {
    let pad = NavigationStyleValues.headerFooterHorizontalPadding + 8
    place(icon, CGRect(x: pad, y: 24, width: 40, height: 40))
    place(title, CGRect(x: pad + 48, y: 12, width: max(0, bounds.width - pad * 2 - 48), height: 64))
  }

  override func apply(_ theme: NavigationTheme) {
    backgroundColor = theme.promptBackground
    title.textColor = theme.promptText
  }
}
