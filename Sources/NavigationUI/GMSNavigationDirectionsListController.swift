import Foundation

/// The route's remaining steps for one navigation session (Guides/Spec.md §12.5): a scrolling
/// list with one row per step ahead (its maneuver symbol, instruction and the distance to
/// it), which follows the navigator by itself as the trip progresses and on reroutes. It
/// keeps only a weak reference to the navigator; make a new one for each session.
///
/// ```swift
/// let list = GMSNavigationDirectionsListController(navigator: mapView.navigator!)
/// controller.view.addSubview(list.directionsListView)
/// list.reloadData()
/// ```
@preconcurrency @MainActor
public final class GMSNavigationDirectionsListController {
  private weak var navigator: GMSNavigator?
  private var listView: DirectionsListView?
  private let instructions = InstructionText()
  private var feed: Feed?
  /// The step the list starts at (leg, step), to notice when the trip passes a maneuver.
  private var firstKey: (Int, Int)?

  /// A list over `navigator`'s route.
  public init(navigator: GMSNavigator) {
    self.navigator = navigator
  }

  /// The list view (a vertical scroll view of rows), made on first access.
  public var directionsListView: UIView {
    if let listView { return listView }
    let made = DirectionsListView()
    listView = made
    let feed = Feed { [weak self] in self?.navigatorChanged() }
    self.feed = feed
    navigator?.add(feed)
    reloadData()
    return made
  }

  /// The rows' instructions, in order (one per remaining step).
  public private(set) var rows: [String] = []

  /// Rebuilds the rows from the navigator's route and progress. No-op before the view is
  /// first accessed.
  public func reloadData() {
    guard let listView else { return }
    rows = []
    firstKey = nil
    guard let navigator, let route = navigator.currentRoute else {
      listView.show([])
      return
    }
    let locale = navigator.mapView?.navigationLocale ?? Locale(identifier: "en_US")
    let language = instructionLanguage(for: locale)
    let distances = NavigationDistanceFormatter(locale: locale)
    let progress = navigator.routeProgress
    var content: [DirectionsRow] = []
    var key = 0
    for (legIndex, leg) in route.legs.enumerated() {
      // The distance to a step's maneuver: what is left of the step before it.
      var toManeuver: Double?
      for (stepIndex, step) in leg.steps.enumerated() {
        defer {
          key += 1
          toManeuver = step.distance
        }
        if let progress, legIndex < progress.legIndex { continue }
        var distance = toManeuver ?? 0
        if let progress, legIndex == progress.legIndex,
          let current = progress.currentLegProgress.stepIndex
        {
          if stepIndex <= current { continue }
          if stepIndex == current + 1 {
            distance = progress.currentLegProgress.currentStepProgress.distanceRemaining
          }
        }
        if firstKey == nil { firstKey = (legIndex, stepIndex) }
        let symbol = ManeuverSymbol(
          type: step.maneuver.type, modifier: step.maneuver.modifier,
          drivingSide: step.drivingSide)
        let text = instructions.text(
          for: step, key: key, language: language, legCount: route.legs.count,
          legIndex: legIndex)
        rows.append(text)
        content.append(
          DirectionsRow(
            glyph: symbol.glyph, instruction: text,
            distance: distance > 0 ? distances.string(fromMeters: distance) : ""))
      }
    }
    listView.show(content)
  }

  /// Asks the list to lay out again (after a rotation). No-op before the view is accessed.
  public func invalidateLayout() {
    listView?.setNeedsLayout()
  }

  /// A navigator update: a new route or a passed maneuver rebuilds the rows; otherwise the
  /// first row's distance follows the vehicle.
  private func navigatorChanged() {
    guard let listView, let navigator else { return }
    let progress = navigator.routeProgress
    var next: (Int, Int)?
    if let progress {
      let leg = progress.currentLegProgress
      next = (progress.legIndex, (leg.stepIndex ?? -1) + 1)
    }
    if next.map({ $0 != firstKey ?? (-1, -1) }) ?? true || listView.rowCount != rows.count {
      reloadData()
      return
    }
    guard let progress else { return }
    let locale = navigator.mapView?.navigationLocale ?? Locale(identifier: "en_US")
    listView.setFirstDistance(
      NavigationDistanceFormatter(locale: locale).string(
        fromMeters: progress.currentLegProgress.currentStepProgress.distanceRemaining))
  }

  /// Hears the navigator for the controller (which keeps it; the navigator holds it weakly).
  private final class Feed: GMSNavigatorListener {
    let changed: @MainActor () -> Void
    init(_ changed: @escaping @MainActor () -> Void) { self.changed = changed }
    func navigatorDidChangeRoute(_ navigator: GMSNavigator) { changed() }
    func navigator(
      _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
    ) { changed() }
    func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
      changed()
    }
  }
}

/// One row of the directions list.
struct DirectionsRow: Equatable {
  var glyph: String
  var instruction: String
  var distance: String
}

/// The directions list: a vertical scroll view of rows, each with the maneuver symbol on
/// the leading side, the instruction (wrapping) and the distance under it, and a separator.
@MainActor
final class DirectionsListView: UIScrollView {
  private var rowViews: [DirectionsRowView] = []
  static let symbolWidth: CGFloat = 56
  static let padding: CGFloat = 12

  init() {
    super.init(frame: .zero)
    accessibilityIdentifier = "directionsList"
    backgroundColor = .white
    translatesAutoresizingMaskIntoConstraints = false
  }

  var rowCount: Int { rowViews.count }

  func show(_ rows: [DirectionsRow]) {
    while rowViews.count > rows.count { rowViews.removeLast().removeFromSuperview() }
    while rowViews.count < rows.count {
      let row = DirectionsRowView()
      addSubview(row)
      rowViews.append(row)
    }
    for (view, row) in zip(rowViews, rows) { view.show(row) }
    setNeedsLayout()
  }

  func setFirstDistance(_ text: String) {
    guard let first = rowViews.first else { return }
    setText(first.distance, text)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let width = bounds.width
    var y: CGFloat = 0
    for row in rowViews {
      let height = row.height(forWidth: width)
      let frame = CGRect(x: 0, y: y, width: width, height: height)
      if row.frame != frame { row.frame = frame }
      y += height
    }
    let size = CGSize(width: width, height: y)
    if contentSize != size { contentSize = size }
  }
}

/// A row of ``DirectionsListView``.
@MainActor
final class DirectionsRowView: UIView {
  let symbol = ComponentView.label(size: 28, weight: .bold, name: "directionsList.symbol")
  let instruction = ComponentView.label(
    size: 17, weight: .medium, name: "directionsList.instruction")
  let distance = ComponentView.label(size: 14, name: "directionsList.distance")
  let separator = UIView()

  init() {
    super.init(frame: .zero)
    accessibilityIdentifier = "directionsList.row"
    instruction.numberOfLines = 0
    symbol.textAlignment = .center
    symbol.textColor = UIColor(rgb: 0x1A73E8)
    instruction.textColor = UIColor(rgb: 0x202124)
    distance.textColor = UIColor(rgb: 0x5F6368)
    separator.backgroundColor = UIColor(rgb: 0xDADCE0)
    for view in [symbol, instruction, distance, separator] { addSubview(view) }
    isAccessibilityElement = true
  }

  func show(_ row: DirectionsRow) {
    setText(symbol, row.glyph)
    setText(instruction, row.instruction)
    setText(distance, row.distance)
    accessibilityLabel =
      row.distance.isEmpty ? row.instruction : "\(row.instruction), \(row.distance)"
    setNeedsLayout()
  }

  private func textWidth(_ width: CGFloat) -> CGFloat {
    max(40, width - DirectionsListView.symbolWidth - DirectionsListView.padding)
  }

  func height(forWidth width: CGFloat) -> CGFloat {
    let text = instruction.sizeThatFits(
      CGSize(width: textWidth(width), height: .greatestFiniteMagnitude))
    return max(64, ceil(text.height) + 20 + 2 * DirectionsListView.padding)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let w = bounds.width
    let pad = DirectionsListView.padding
    let x = DirectionsListView.symbolWidth
    let text = instruction.sizeThatFits(
      CGSize(width: textWidth(w), height: .greatestFiniteMagnitude))
    symbol.frame = CGRect(x: 0, y: pad, width: x, height: 36)
    instruction.frame = CGRect(x: x, y: pad, width: textWidth(w), height: ceil(text.height))
    distance.frame = CGRect(x: x, y: pad + ceil(text.height) + 2, width: textWidth(w), height: 18)
    separator.frame = CGRect(x: x, y: bounds.height - 1, width: max(0, w - x), height: 1)
  }
}
