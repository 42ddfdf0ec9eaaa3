/// The route's remaining steps for one navigation session (Guides/Spec.md §12.5). It keeps
/// only a weak reference to the navigator; make a new one for each session.
///
/// ```swift
/// let list = GMSNavigationDirectionsListController(navigator: mapView.navigator!)
/// controller.view.addSubview(list.directionsListView)
/// list.reloadData()
/// ```
@preconcurrency @MainActor
public final class GMSNavigationDirectionsListController {
  private weak var navigator: GMSNavigator?
  private var listView: UIStackView?
  private let instructions = InstructionText()

  /// A list over `navigator`'s route.
  public init(navigator: GMSNavigator) {
    self.navigator = navigator
  }

  /// The list view, made on first access.
  public var directionsListView: UIView {
    if let listView { return listView }
    let made = UIStackView()
    made.axis = .vertical
    made.spacing = 4
    made.accessibilityIdentifier = "directionsList"
    listView = made
    reloadData()
    return made
  }

  /// The rows' texts, in order (one per remaining step).
  public private(set) var rows: [String] = []

  /// Rebuilds the rows from the navigator's route and progress. No-op before the view is
  /// first accessed.
  public func reloadData() {
    guard let listView else { return }
    for view in listView.arrangedSubviews { view.removeFromSuperview() }
    rows = []
    guard let navigator, let route = navigator.currentRoute else { return }
    let language = instructionLanguage(
      for: navigator.mapView?.navigationLocale ?? Locale(identifier: "en"))
    let progress = navigator.routeProgress
    var key = 0
    for (legIndex, leg) in route.legs.enumerated() {
      for (stepIndex, step) in leg.steps.enumerated() {
        defer { key += 1 }
        if let progress, legIndex < progress.legIndex { continue }
        if let progress, legIndex == progress.legIndex,
          let current = progress.currentLegProgress.stepIndex, stepIndex <= current
        {
          continue
        }
        let symbol = ManeuverSymbol(
          type: step.maneuver.type, modifier: step.maneuver.modifier,
          drivingSide: step.drivingSide)
        let text = instructions.text(
          for: step, key: key, language: language, legCount: route.legs.count,
          legIndex: legIndex)
        rows.append(text)
        let label = UILabel()
        label.text = "\(symbol.glyph) \(text)"
        label.numberOfLines = 0
        label.accessibilityLabel = text
        listView.addArrangedSubview(label)
      }
    }
  }

  /// Asks the list to lay out again (after a rotation). No-op before the view is accessed.
  public func invalidateLayout() {
    listView?.setNeedsLayout()
  }
}
