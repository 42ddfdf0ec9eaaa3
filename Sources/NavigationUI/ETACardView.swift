/// The footer: arrival time, remaining duration and remaining distance. 72 pt tall plus the
/// bottom safe-area inset it extends under; as wide as the map, or 360 pt in wide mode.
@MainActor
final class ETACardView: ComponentView {
  let arrival = ComponentView.label(size: 22, weight: .bold, name: "etaCard.arrival")
  let remaining = ComponentView.label(size: 16, name: "etaCard.remaining")

  init() {
    super.init(identifier: "etaCard")
    layer.cornerRadius = NavigationStyleValues.defaultCornerRadius
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    addSubview(arrival)
    addSubview(remaining)
    isAccessibilityElement = true
    accessibilityTraits = [.updatesFrequently]
  }

  override var intrinsicContentSize: CGSize {
    CGSize(width: context.cardWidth, height: 72 + context.safeArea.bottom)
  }

  override func layoutSubviews() {
    let pad = NavigationStyleValues.headerFooterHorizontalPadding + 8
    let leading = context.wideMode ? 0 : context.safeArea.left
    let width = bounds.width - pad * 2 - leading
    place(arrival, CGRect(x: leading + pad, y: 8, width: width, height: 30))
    place(remaining, CGRect(x: leading + pad, y: 40, width: width, height: 24))
  }

  override func apply(_ theme: NavigationTheme) {
    backgroundColor = theme.footerBackground
    arrival.textColor = theme.footerText
    remaining.textColor = theme.footerText
  }

  /// Shows the arrival time and what remains.
  func show(arrival time: String, duration: String, distance: String) {
    setText(arrival, time)
    setText(remaining, "\(duration) · \(distance)")
    let label = "Arrival \(time), \(duration), \(distance) remaining"
    if accessibilityLabel != label { accessibilityLabel = label }
  }
}
