/// What the speed widget shows (Guides/Spec.md §4.3: its four visual states).
public enum SpeedWidgetDisplay: Int, Sendable, Hashable {
  /// Nothing: the widget is 0 × 0.
  case hidden
  /// The current speed only.
  case speedOnly
  /// The posted speed limit only.
  case limitOnly
  /// The limit above the current speed.
  case both
}

/// The speed-limit sign and speedometer (Guides/Spec.md §12.8). While a limit is known the
/// sign shows it; when the driver is over an alert threshold it expands to show the current
/// speed under it, red text (minor alert) or white on red (major). Without a known limit the
/// speedometer shows the speed alone. It switches among its four states by itself, without
/// telling anyone, so neighbours must be attached with constraints.
@MainActor
final class SpeedWidgetView: ComponentView {
  let speed = ComponentView.label(size: 20, weight: .bold, name: "speedWidget.speed")
  let limit = ComponentView.label(size: 20, weight: .bold, name: "speedWidget.limit")
  private(set) var display = SpeedWidgetDisplay.hidden
  private(set) var severity = SpeedAlertSeverity.unknown
  private var theme = NavigationTheme.make(lowLight: false, settings: nil)
  static let side: CGFloat = 56

  init() {
    super.init(identifier: "speedWidget")
    limit.textAlignment = .center
    speed.textAlignment = .center
    addSubview(limit)
    addSubview(speed)
    isAccessibilityElement = true
    accessibilityTraits = [.updatesFrequently]
  }

  override var intrinsicContentSize: CGSize {
    switch display {
    case .hidden: return .zero
    case .speedOnly, .limitOnly: return CGSize(width: Self.side, height: Self.side)
    case .both: return CGSize(width: Self.side, height: Self.side * 2 + 8)
    }
  }

  override func layoutSubviews() {
    let side = Self.side
    switch display {
    case .hidden:
      speed.frame = .zero
      limit.frame = .zero
    case .speedOnly:
      speed.frame = CGRect(x: 0, y: 0, width: side, height: side)
      limit.frame = .zero
    case .limitOnly:
      limit.frame = CGRect(x: 0, y: 0, width: side, height: side)
      speed.frame = .zero
    case .both:
      limit.frame = CGRect(x: 0, y: 0, width: side, height: side)
      speed.frame = CGRect(x: 0, y: side + 8, width: side, height: side)
    }
  }

  override func apply(_ theme: NavigationTheme) {
    self.theme = theme
    limit.backgroundColor = .white
    limit.textColor = .black
    limit.layer.borderWidth = 4
    limit.layer.borderColor = UIColor.systemRed.cgColor
    limit.layer.cornerRadius = Self.side / 2
    speed.layer.cornerRadius = Self.side / 2
    applyAlertColours()
  }

  private func applyAlertColours() {
    switch severity {
    case .major:
      speed.backgroundColor = theme.majorAlert?.background ?? .systemRed
      speed.textColor = theme.majorAlert?.text ?? .white
    case .minor:
      speed.backgroundColor = theme.minorAlert?.background ?? theme.buttonBackground
      speed.textColor = theme.minorAlert?.text ?? .systemRed
    default:
      speed.backgroundColor = theme.buttonBackground
      speed.textColor = theme.buttonText
    }
    // A hairline keeps a white disc visible on a light map.
    speed.layer.borderWidth = severity == .major ? 0 : 1
    speed.layer.borderColor = UIColor(rgb: 0xDADCE0).cgColor
  }

  /// Updates the content; `speedText`/`limitText` nil means not shown.
  func show(speedText: String?, limitText: String?, severity newSeverity: SpeedAlertSeverity) {
    let next: SpeedWidgetDisplay
    switch (speedText, limitText) {
    case (nil, nil): next = .hidden
    case (_?, nil): next = .speedOnly
    case (nil, _?): next = .limitOnly
    case (_?, _?): next = .both
    }
    setText(speed, speedText ?? "")
    setText(limit, limitText ?? "")
    if newSeverity != severity {
      severity = newSeverity
      applyAlertColours()
    }
    var parts: [String] = []
    if let speedText { parts.append("Speed \(speedText)") }
    if let limitText { parts.append("limit \(limitText)") }
    let label = parts.joined(separator: ", ")
    if accessibilityLabel != label { accessibilityLabel = label }
    if next != display {
      display = next
      invalidateIntrinsicContentSize()
      setNeedsLayoutSafely()
    }
  }
}
