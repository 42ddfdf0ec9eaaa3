/// The header: the next maneuver's arrow, distance and road, lane guidance and the "then"
/// row. Its height is fixed at ``NavigationStyleValues/headerNominalHeight`` plus the top
/// safe-area inset it extends under (Guides/Decisions.md 6); as wide as the map, or 360 pt in
/// wide mode.
@MainActor
final class TurnCardView: ComponentView {
  let arrow = ComponentView.label(size: 40, weight: .bold, name: "turnCard.arrow")
  let distance = ComponentView.label(size: 24, weight: .bold, name: "turnCard.distance")
  let road = ComponentView.label(size: 22, weight: .semibold, name: "turnCard.road")
  let lanes = ComponentView.label(size: 18, name: "turnCard.lanes")
  let thenRow = ComponentView.label(size: 16, name: "turnCard.then")
  let secondary = UIView()
  private(set) var symbol: ManeuverSymbol?
  private(set) var thenSymbol: ManeuverSymbol?
  /// The height of the secondary row (the "then" row on its darker background) at the
  /// card's bottom.
  static let secondaryRowHeight: CGFloat = 26
  /// Whether the secondary row shows; the built-in layout's header accessory view takes its
  /// place (Guides/Spec.md §12.3), and the card is that much shorter.
  var showsSecondaryRow = true {
    didSet {
      guard showsSecondaryRow != oldValue else { return }
      secondary.isHidden = !showsSecondaryRow
      thenRow.isHidden = !showsSecondaryRow
      // The accessory view below ends the header: the card's own corners are square.
      layer.maskedCorners =
        showsSecondaryRow ? [.layerMinXMaxYCorner, .layerMaxXMaxYCorner] : []
      invalidateIntrinsicContentSize()
      setNeedsLayout()
    }
  }

  init() {
    super.init(identifier: "turnCard")
    layer.cornerRadius = NavigationStyleValues.defaultCornerRadius
    layer.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    secondary.accessibilityIdentifier = "turnCard.secondary"
    addSubview(secondary)
    for label in [arrow, distance, road, lanes, thenRow] { addSubview(label) }
    isAccessibilityElement = true
    accessibilityTraits = [.header, .updatesFrequently]
  }

  override var intrinsicContentSize: CGSize {
    CGSize(
      width: context.cardWidth,
      height: NavigationStyleValues.headerNominalHeight + context.safeArea.top
        - (showsSecondaryRow ? 0 : Self.secondaryRowHeight))
  }

  override func layoutSubviews() {
    let top = context.safeArea.top
    let pad = NavigationStyleValues.headerFooterHorizontalPadding + 8
    let leading = context.wideMode ? 0 : context.safeArea.left
    let width = bounds.width
    // The arrow's top is where a button in the opposite top corner lines up
    // (Guides/Spec.md §8: headerTopPadding).
    place(
      arrow,
      CGRect(
        x: leading + pad, y: top + NavigationStyleValues.headerTopPadding, width: 56, height: 56))
    place(
      distance, CGRect(x: leading + pad + 64, y: top + 6, width: width - pad * 2 - 64, height: 28))
    place(road, CGRect(x: leading + pad + 64, y: top + 36, width: width - pad * 2 - 64, height: 30))
    place(lanes, CGRect(x: leading + pad, y: top + 70, width: width - pad * 2, height: 22))
    place(secondary, CGRect(x: 0, y: top + 94, width: width, height: Self.secondaryRowHeight))
    place(thenRow, CGRect(x: leading + pad, y: top + 96, width: width - pad * 2, height: 22))
  }

  override func apply(_ theme: NavigationTheme) {
    let alpha = theme.headerAlpha
    backgroundColor =
      alpha == 1 ? theme.headerPrimary : theme.headerPrimary.withAlphaComponent(alpha)
    secondary.backgroundColor =
      alpha == 1 ? theme.headerSecondary : theme.headerSecondary.withAlphaComponent(alpha)
    arrow.textColor = theme.headerArrow ?? theme.headerText
    distance.textColor = theme.headerDistance ?? theme.headerText
    road.textColor = theme.headerRoad ?? theme.headerText
    lanes.textColor = theme.headerLanes ?? theme.headerText
    thenRow.textColor = theme.headerNextStep ?? theme.headerText
    let fonts = (
      theme.headerDistanceFont ?? Self.distanceFont, theme.headerRoadFont ?? Self.roadFont,
      theme.headerNextStepFont ?? Self.thenFont
    )
    if distance.font != fonts.0 { distance.font = fonts.0 }
    if road.font != fonts.1 { road.font = fonts.1 }
    if thenRow.font != fonts.2 { thenRow.font = fonts.2 }
  }

  static let distanceFont = UIFont.systemFont(ofSize: 24, weight: .bold)
  static let roadFont = UIFont.systemFont(ofSize: 22, weight: .semibold)
  static let thenFont = UIFont.systemFont(ofSize: 16)

  /// Shows a maneuver.
  func show(
    symbol: ManeuverSymbol, distance text: String, road name: String, instruction: String,
    lanes laneList: [Lane]?, then: ManeuverSymbol?, thenText: String
  ) {
    self.symbol = symbol
    thenSymbol = then
    setText(arrow, symbol.glyph)
    setText(distance, text)
    setText(road, name.isEmpty ? instruction : name)
    setText(lanes, laneList.map { $0.map(ManeuverSymbol.laneGlyph).joined(separator: " ") } ?? "")
    setText(thenRow, then.map { "\($0.glyph) \(thenText)" } ?? "")
    let label = "\(text), \(instruction)" + (thenText.isEmpty ? "" : ". \(thenText)")
    if accessibilityLabel != label { accessibilityLabel = label }
  }
}
