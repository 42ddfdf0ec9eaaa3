import NavigationUI
import ViewKit

/// A delegate with a wide-mode variant (cards on the leading side, viewport on the trailing
/// half), the speed widget above the ETA card and the trip progress bar beside the cards.
/// Prompts sit under the cards on the leading side. Leading/trailing only, so it also serves
/// right-to-left.
@MainActor
public final class WideLayoutDelegate: NavigationLayoutDelegate {
  private var views: [UIView] = []
  private var constraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var prompt: UIView?
  private(set) var variant = "none"

  /// A delegate with no views placed yet.
  public init() {}

  private func clear() {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    for view in views { view.removeFromSuperview() }
    views = []
  }

  private func add(_ list: [UIView], to map: UIView) {
    for view in list {
      map.addSubview(view)
      views.append(view)
    }
  }

  private func layoutReady(
    _ map: GMSMapView, _ state: any NavigationUIState, buttons: [any NavigationUIButton]
  ) {
    clear()
    variant = "ready"
    let safe = map.safeAreaLayoutGuide
    let compass = buttons.first { $0.type == .compass }?.view
    add([state.viewport, state.googleLogo] + (compass.map { [$0] } ?? []), to: map)
    constraints = [
      state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
      state.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
      state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      state.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      state.googleLogo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
    ]
    if let compass {
      constraints += [
        compass.trailingAnchor.constraint(
          equalTo: safe.trailingAnchor, constant: -NavigationStyleValues.buttonHorizontalPadding),
        compass.topAnchor.constraint(
          equalTo: safe.topAnchor, constant: NavigationStyleValues.headerTopPadding),
      ]
    }
    NSLayoutConstraint.activate(constraints)
  }

  private func layoutGuidance(_ map: GMSMapView, _ state: any ActiveGuidanceUIState) {
    clear()
    let safe = map.safeAreaLayoutGuide
    let report = state.buttons.first { $0.type == .reporting }!.view
    let compass = state.buttons.first { $0.type == .compass }!.view
    add(
      [
        state.tripProgressBar, state.viewport, state.turnCard, state.etaCard, state.speedWidget,
        state.googleLogo, report, compass,
      ], to: map)
    constraints = [
      state.turnCard.topAnchor.constraint(equalTo: map.topAnchor),
      state.turnCard.leadingAnchor.constraint(equalTo: map.leadingAnchor),
      state.etaCard.bottomAnchor.constraint(equalTo: map.bottomAnchor),
      state.etaCard.leadingAnchor.constraint(equalTo: map.leadingAnchor),
      state.speedWidget.bottomAnchor.constraint(
        equalTo: state.etaCard.layoutMarginsGuide.topAnchor),
      state.speedWidget.leadingAnchor.constraint(
        equalTo: safe.leadingAnchor, constant: NavigationStyleValues.elementHorizontalPadding),
      state.tripProgressBar.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 2),
      state.tripProgressBar.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor, constant: 8),
      state.tripProgressBar.bottomAnchor.constraint(
        equalTo: state.speedWidget.topAnchor, constant: -8),
      compass.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -12),
      report.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -12),
      report.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -12),
    ]
    if state.wideMode {
      variant = "wide"
      constraints += [
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: state.turnCard.trailingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.googleLogo.leadingAnchor.constraint(
          equalTo: state.turnCard.trailingAnchor, constant: 8),
        state.googleLogo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        compass.topAnchor.constraint(equalTo: safe.topAnchor, constant: 8),
      ]
    } else {
      variant = "portrait"
      constraints += [
        state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: state.etaCard.topAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.googleLogo.trailingAnchor.constraint(equalTo: report.leadingAnchor, constant: -8),
        state.googleLogo.bottomAnchor.constraint(equalTo: state.etaCard.topAnchor),
        compass.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor, constant: 8),
      ]
    }
    NSLayoutConstraint.activate(constraints)
  }

  /// Part of `NavigationLayoutDelegate`: `enableNavigationUI`.
  public func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    layoutReady(navMap, newState, buttons: newState.buttons)
  }

  /// Part of `NavigationLayoutDelegate`: `disableNavigationUI`.
  public func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    removePrompt()
    clear()
    variant = "none"
  }

  /// Part of `NavigationLayoutDelegate`: `startGuidance`.
  public func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    layoutGuidance(navMap, newState)
  }

  /// Part of `NavigationLayoutDelegate`: `stopGuidance`.
  public func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    layoutReady(navMap, newState, buttons: newState.buttons)
  }

  /// Part of `NavigationLayoutDelegate`: `sizeChanged`.
  public func sizeChanged(navMap: GMSMapView, newState: any NavigationUIState) {
    if let guidance = newState as? any ActiveGuidanceUIState {
      layoutGuidance(navMap, guidance)
    }
  }

  private func removePrompt() {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    prompt?.removeFromSuperview()
    prompt = nil
  }

  /// Part of `NavigationLayoutDelegate`: `showPrompt`.
  public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    removePrompt()
    navMap.addSubview(newPrompt)
    prompt = newPrompt
    promptConstraints = [
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      newPrompt.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor),
    ]
    NSLayoutConstraint.activate(promptConstraints)
  }

  /// Part of `NavigationLayoutDelegate`: `hidePrompt`.
  public func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    guard prompt === oldPrompt else { return }
    removePrompt()
  }

  /// Part of `NavigationLayoutDelegate`: `changePrompt`.
  public func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}
