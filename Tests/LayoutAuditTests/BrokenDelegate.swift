import Foundation
import LayoutAudit
import NavigationUI
import ViewKit

/// The sample delegate (Guides/Spec.md §13) with one deliberate breakage.
@MainActor
final class BrokenDelegate: NSObject, NavigationLayoutDelegate {
  /// One deliberate rule violation.
  enum Breakage: CaseIterable, Sendable {
    case none, noLogoInGuidance, logoOutsideMap, turnCardLeftBehind, leftAnchor, conflict,
      widthOnLogo, viewportUnderSafeTop, trailingCardsWhenWide, tinyButton, opaqueCover,
      ambiguousView, hideStackedButton, promptOverViewport, logoOutsideSafeArea, badgeOverTurnCard,
      legacyGuide, legacySetting, viewInsideTurnCard, constraintToTurnCardInsides, buttonByIndex,
      speedWidgetNeighbourByConstant, nonFiniteConstant, noRoute

    /// A breakage that produces a finding of `rule`: every rule of the audit has one (the
    /// switch has no default, so a new rule does not compile without its breakage).
    static func breaking(_ rule: LayoutRule) -> Breakage {
      switch rule {
      case .d3: .noLogoInGuidance
      case .d4: .widthOnLogo
      case .d5: .logoOutsideMap
      case .d7: .turnCardLeftBehind
      case .d8: .leftAnchor
      case .d9: .legacyGuide
      case .d10: .viewInsideTurnCard
      case .d11: .buttonByIndex
      case .d12: .hideStackedButton
      case .d13: .viewportUnderSafeTop
      case .d14: .promptOverViewport
      case .d15: .trailingCardsWhenWide
      case .d16: .speedWidgetNeighbourByConstant
      case .overlap: .badgeOverTurnCard
      case .opaqueViewport: .opaqueCover
      case .conflict: .conflict
      case .constraintMisuse: .nonFiniteConstant
      case .ambiguous: .ambiguousView
      case .touchTarget: .tinyButton
      case .safeArea: .logoOutsideSafeArea
      case .setup: .noRoute
      }
    }
  }

  /// A route provider that finds no route (`.noRoute` hands it to the navigator).
  struct NoRoutes: NavigationRouteProvider {
    func routes(
      through waypoints: [CLLocationCoordinate2D], heading: CLLocationDirection?, alternates: Int
    ) throws -> [Route] { [] }
  }
  let breakage: Breakage
  init(_ breakage: Breakage) { self.breakage = breakage }
  private var extras: [UIView] = []

  static let promptAnimationDuration: TimeInterval = 0.4

  @MainActor
  private final class StateElements {
    let buttonStack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
    var constraints: [NSLayoutConstraint] = []
    unowned let mapView: UIView
    let buttonViews: [UIView]
    let topLevelViews: [UIView]

    init(mapView: UIView, buttonViews: [UIView], topLevelViews: [UIView]) {
      self.mapView = mapView
      self.buttonViews = buttonViews
      self.topLevelViews = topLevelViews
    }

    func activate() {
      for view in topLevelViews { mapView.addSubview(view) }
      buttonStack.arrangedSubviews = buttonViews
      mapView.addSubview(buttonStack)
      NSLayoutConstraint.activate(constraints)
    }

    func deactivate() {
      NSLayoutConstraint.deactivate(constraints)
      buttonStack.removeFromSuperview()
      buttonStack.arrangedSubviews = []
      for view in topLevelViews { view.removeFromSuperview() }
    }
  }

  private let mapContentsBottomGuide = UILayoutGuide()
  private var navigationReadyElements: StateElements?
  private var activeGuidanceElements: StateElements?
  private var promptBottomConstraint: NSLayoutConstraint?
  private var currentPrompt: NavigationPromptView?
  /// The ETA card while guidance shows it: prompts rest on its top edge.
  private weak var etaCard: UIView?

  private func sharedConstraints(_ navMap: GMSMapView) -> [NSLayoutConstraint] {
    let low = mapContentsBottomGuide.bottomAnchor.constraint(
      equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
    low.priority = .defaultLow
    return [mapContentsBottomGuide.heightAnchor.constraint(equalToConstant: 0), low]
  }

  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    if breakage == .noRoute { navMap.navigator?.routeProvider = NoRoutes() }
    navMap.addLayoutGuide(mapContentsBottomGuide)
    let elements = StateElements(
      mapView: navMap, buttonViews: newState.buttons.map(\.view),
      topLevelViews: [newState.googleLogo, newState.viewport])
    let safe = navMap.safeAreaLayoutGuide
    let stack = elements.buttonStack
    elements.constraints =
      sharedConstraints(navMap) + [
        stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        stack.topAnchor.constraint(equalTo: safe.topAnchor),
        stack.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
        newState.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.googleLogo.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
        newState.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        newState.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        newState.viewport.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
      ]
    navigationReadyElements = elements
    elements.activate()
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    currentPrompt?.removeFromSuperview()
    currentPrompt = nil
    promptBottomConstraint = nil
    navigationReadyElements?.deactivate()
    navigationReadyElements = nil
    navMap.removeLayoutGuide(mapContentsBottomGuide)
  }

  func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    navigationReadyElements?.deactivate()
    let safe = navMap.safeAreaLayoutGuide
    // .buttonByIndex takes the second button for the report button.
    let elements = StateElements(
      mapView: navMap,
      buttonViews: breakage == .buttonByIndex
        ? [newState.buttons[1].view] : newState.buttons.map(\.view),
      topLevelViews: [newState.turnCard, newState.etaCard, newState.viewport, newState.googleLogo])
    let stack = elements.buttonStack
    elements.constraints =
      sharedConstraints(navMap) + [
        breakage == .trailingCardsWhenWide && newState.wideMode
          ? newState.turnCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor)
          : newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
        newState.etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        newState.etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
        mapContentsBottomGuide.bottomAnchor.constraint(
          lessThanOrEqualTo: newState.etaCard.topAnchor),
        stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        stack.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
        stack.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
        newState.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.googleLogo.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
        newState.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        breakage == .viewportUnderSafeTop
          ? newState.viewport.topAnchor.constraint(equalTo: safe.topAnchor, constant: 80)
          : newState.viewport.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
        newState.viewport.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
      ]
    activeGuidanceElements = elements
    etaCard = newState.etaCard
    elements.activate()
    breakGuidance(navMap, newState)
  }

  private func extra(_ view: UIView, _ navMap: GMSMapView, _ constraints: [NSLayoutConstraint]) {
    view.translatesAutoresizingMaskIntoConstraints = false
    navMap.addSubview(view)
    extras.append(view)
    NSLayoutConstraint.activate(constraints)
  }

  /// Adds `view` 8 pt in from the leading safe-area edge and 8 pt below the turn card, sized
  /// `width` × `height`, with the constraints in `also`.
  private func belowTurnCard(
    _ view: UIView, _ navMap: GMSMapView, _ g: ActiveGuidanceUIState, width: CGFloat,
    height: CGFloat, also: [NSLayoutConstraint] = []
  ) {
    extra(
      view, navMap,
      [
        view.leadingAnchor.constraint(
          equalTo: navMap.safeAreaLayoutGuide.leadingAnchor, constant: 8),
        view.topAnchor.constraint(equalTo: g.turnCard.bottomAnchor, constant: 8),
        view.widthAnchor.constraint(equalToConstant: width),
        view.heightAnchor.constraint(equalToConstant: height),
      ] + also)
  }

  private func breakGuidance(_ navMap: GMSMapView, _ g: ActiveGuidanceUIState) {
    let safe = navMap.safeAreaLayoutGuide
    switch breakage {
    case .noLogoInGuidance: g.googleLogo.removeFromSuperview()
    case .logoOutsideMap: navMap.window?.addSubview(g.googleLogo)
    case .leftAnchor:
      let badge = UIView()
      extra(
        badge, navMap,
        [
          badge.leftAnchor.constraint(equalTo: safe.leftAnchor, constant: 8),
          badge.topAnchor.constraint(equalTo: g.turnCard.bottomAnchor, constant: 8),
          badge.widthAnchor.constraint(equalToConstant: 10),
          badge.heightAnchor.constraint(equalToConstant: 10),
        ])
    case .conflict:
      let badge = UIView()
      belowTurnCard(
        badge, navMap, g, width: 10, height: 10,
        also: [badge.widthAnchor.constraint(equalToConstant: 20)])
    case .widthOnLogo:
      let width = g.googleLogo.widthAnchor.constraint(equalToConstant: 200)
      width.priority = .defaultHigh
      activeGuidanceElements?.constraints.append(width)
      width.isActive = true
    case .nonFiniteConstant: belowTurnCard(UIView(), navMap, g, width: .infinity, height: 10)
    case .tinyButton: belowTurnCard(UIButton(frame: .zero), navMap, g, width: 20, height: 20)
    case .opaqueCover:
      let cover = UIView()
      cover.backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
      extra(
        cover, navMap,
        [
          cover.leadingAnchor.constraint(equalTo: g.viewport.leadingAnchor),
          cover.trailingAnchor.constraint(equalTo: g.viewport.trailingAnchor),
          cover.topAnchor.constraint(equalTo: g.viewport.topAnchor),
          cover.bottomAnchor.constraint(equalTo: g.viewport.bottomAnchor),
        ])
    case .ambiguousView:
      let badge = UIView()
      extra(
        badge, navMap,
        [
          badge.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
          badge.topAnchor.constraint(equalTo: g.turnCard.bottomAnchor, constant: 8),
        ])
    case .logoOutsideSafeArea:
      let logoBottom = g.googleLogo.bottomAnchor.constraint(equalTo: navMap.bottomAnchor)
      logoBottom.priority = .required
      for c in activeGuidanceElements?.constraints ?? []
      where c.firstItem === g.googleLogo && c.firstAttribute == .bottom {
        c.isActive = false
      }
      activeGuidanceElements?.constraints.append(logoBottom)
      logoBottom.isActive = true
    case .badgeOverTurnCard:
      let badge = UIView()
      badge.accessibilityIdentifier = "badge"
      badge.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
      extra(
        badge, navMap,
        [
          badge.trailingAnchor.constraint(equalTo: g.turnCard.trailingAnchor, constant: -8),
          badge.bottomAnchor.constraint(equalTo: g.turnCard.bottomAnchor, constant: -8),
          badge.widthAnchor.constraint(equalToConstant: 24),
          badge.heightAnchor.constraint(equalToConstant: 24),
        ])
    case .legacyGuide:
      let badge = UIView()
      extra(
        badge, navMap,
        [
          badge.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
          badge.bottomAnchor.constraint(
            equalTo: navMap.navigationFooterLayoutGuide.topAnchor, constant: -300),
          badge.widthAnchor.constraint(equalToConstant: 10),
          badge.heightAnchor.constraint(equalToConstant: 10),
        ])
    case .legacySetting:
      navMap.settings.isNavigationFooterEnabled = false
    case .viewInsideTurnCard:
      let badge = UIView(frame: CGRect(x: 4, y: 4, width: 10, height: 10))
      g.turnCard.addSubview(badge)
      extras.append(badge)
    case .constraintToTurnCardInsides:
      let badge = UIView()
      let arrow = g.turnCard.subviews.first { $0.accessibilityIdentifier == "turnCard.arrow" }!
      extra(
        badge, navMap,
        [
          badge.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
          badge.topAnchor.constraint(equalTo: arrow.bottomAnchor, constant: 80),
          badge.widthAnchor.constraint(equalToConstant: 10),
          badge.heightAnchor.constraint(equalToConstant: 10),
        ])
    case .speedWidgetNeighbourByConstant:
      // The neighbour is placed from the widget's size now, not anchored to the widget.
      navMap.addSubview(g.speedWidget)
      extras.append(g.speedWidget)
      let badge = UIView()
      badge.accessibilityIdentifier = "badge"
      activeGuidanceElements?.constraints += [
        g.speedWidget.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
        g.speedWidget.bottomAnchor.constraint(equalTo: g.googleLogo.topAnchor, constant: -8),
      ]
      NSLayoutConstraint.activate(activeGuidanceElements!.constraints.suffix(2))
      extra(
        badge, navMap,
        [
          badge.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
          badge.bottomAnchor.constraint(
            equalTo: g.googleLogo.topAnchor,
            constant: -16 - max(0, g.speedWidget.intrinsicContentSize.height)),
          badge.widthAnchor.constraint(equalToConstant: 44),
          badge.heightAnchor.constraint(equalToConstant: 20),
        ])
    case .hideStackedButton:
      navMap.layoutIfNeeded()
      g.buttons.first?.view.isHidden = true
    default: break
    }
  }

  func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    activeGuidanceElements?.deactivate()
    activeGuidanceElements = nil
    etaCard = nil
    for view in extras { view.removeFromSuperview() }
    extras = []
    navigationReadyElements?.activate()
    if breakage == .turnCardLeftBehind { navMap.addSubview(oldState.turnCard) }
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    // The prompt rests on the ETA card and slides up from behind it (the spec's sample pins
    // it to the map's bottom, over the ETA card).
    let eta = etaCard.flatMap { $0.superview === navMap ? $0 : nil }
    if let eta {
      navMap.insertSubview(newPrompt, belowSubview: eta)
    } else {
      navMap.addSubview(newPrompt)
    }
    let bottom = newPrompt.bottomAnchor.constraint(
      equalTo: eta?.topAnchor ?? navMap.bottomAnchor, constant: newPrompt.bounds.height)
    NSLayoutConstraint.activate(
      [
        bottom,
        newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      ]
        + (breakage == .promptOverViewport
          ? []
          : [
            mapContentsBottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor)
          ]))
    promptBottomConstraint = bottom
    currentPrompt = newPrompt
    navMap.layoutIfNeeded()
    let settled: CGFloat = breakage == .promptOverViewport ? -300 : 0
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = settled
      navMap.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    guard let bottom = promptBottomConstraint, currentPrompt === oldPrompt else { return }
    promptBottomConstraint = nil
    currentPrompt = nil
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = oldPrompt.bounds.height
      navMap.layoutIfNeeded()
    } completion: { _ in
      oldPrompt.removeFromSuperview()
    }
  }

  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}
