import NavigationUI
import ViewKit

/// A delegate with a wide-mode variant. Standard mode: turn card on top, ETA card at the
/// bottom, prompts slide up from behind the ETA card, the buttons and the speed widget in
/// hiding stacks between the cards (they hide when a prompt leaves them no room). Wide mode:
/// turn card, prompt and ETA card in one column on the leading side; viewport, trip progress
/// bar, speed widget and logo on the trailing side. Leading/trailing only, so it also serves
/// right-to-left, and every callback re-reads `wideMode` (D17).
@MainActor
public final class WideLayoutDelegate: NavigationLayoutDelegate {
  static let promptAnimationDuration: TimeInterval = 0.3
  private var views: [UIView] = []
  private var constraints: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var promptBottom: NSLayoutConstraint?
  private var prompt: NavigationPromptView?
  private var etaCard: UIView?
  private let buttonStack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
  private let speedStack = GMSNavigationHidingStackView(position: .bottom, alignment: .leading)
  /// The bottom of the map content: above the ETA card and any prompt (standard mode).
  private let contentBottom = UILayoutGuide()
  private(set) var variant = "none"

  /// A delegate with no views placed yet.
  public init() {}

  private func clear() {
    NSLayoutConstraint.deactivate(constraints)
    constraints = []
    for view in views { view.removeFromSuperview() }
    views = []
    buttonStack.arrangedSubviews = []
    speedStack.arrangedSubviews = []
  }

  private func add(_ list: [UIView], to map: UIView) {
    for view in list {
      if let prompt, prompt.superview === map {
        map.insertSubview(view, belowSubview: prompt)
      } else {
        map.addSubview(view)
      }
      views.append(view)
    }
  }

  private func sharedConstraints(_ map: GMSMapView) -> [NSLayoutConstraint] {
    if contentBottom.owningView !== map { map.addLayoutGuide(contentBottom) }
    let low = contentBottom.bottomAnchor.constraint(equalTo: map.safeAreaLayoutGuide.bottomAnchor)
    low.priority = .defaultLow
    return [
      contentBottom.heightAnchor.constraint(equalToConstant: 0),
      contentBottom.bottomAnchor.constraint(
        lessThanOrEqualTo: map.safeAreaLayoutGuide.bottomAnchor),
      low,
    ]
  }

  private func layoutReady(
    _ map: GMSMapView, _ state: any NavigationUIState, buttons: [any NavigationUIButton]
  ) {
    clear()
    etaCard = nil
    variant = "ready"
    let safe = map.safeAreaLayoutGuide
    buttonStack.arrangedSubviews = buttons.filter { $0.type == .compass }.map(\.view)
    add([state.viewport, state.googleLogo, buttonStack], to: map)
    constraints =
      sharedConstraints(map) + [
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.googleLogo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        buttonStack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        buttonStack.topAnchor.constraint(equalTo: safe.topAnchor),
        buttonStack.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
      ]
    NSLayoutConstraint.activate(constraints)
  }

  private func layoutGuidance(_ map: GMSMapView, _ state: any ActiveGuidanceUIState) {
    clear()
    etaCard = state.etaCard
    let safe = map.safeAreaLayoutGuide
    let report = state.buttons.first { $0.type == .reporting }?.view
    let compass = state.buttons.first { $0.type == .compass }?.view
    buttonStack.arrangedSubviews = [report, compass].compactMap { $0 }
    add(
      [
        state.viewport, state.turnCard, state.etaCard, state.googleLogo, buttonStack,
      ], to: map)
    constraints =
      sharedConstraints(map) + [
        state.turnCard.topAnchor.constraint(equalTo: map.topAnchor),
        state.turnCard.leadingAnchor.constraint(equalTo: map.leadingAnchor),
        state.etaCard.bottomAnchor.constraint(equalTo: map.bottomAnchor),
        state.etaCard.leadingAnchor.constraint(equalTo: map.leadingAnchor),
        buttonStack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      ]
    if state.wideMode {
      variant = "wide"
      add([state.tripProgressBar, state.speedWidget], to: map)
      constraints += [
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: state.turnCard.trailingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.tripProgressBar.leadingAnchor.constraint(
          equalTo: state.viewport.leadingAnchor, constant: 8),
        state.tripProgressBar.topAnchor.constraint(equalTo: safe.topAnchor, constant: 8),
        state.tripProgressBar.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -8),
        state.speedWidget.leadingAnchor.constraint(
          equalTo: state.tripProgressBar.trailingAnchor, constant: 8),
        state.speedWidget.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -8),
        state.googleLogo.leadingAnchor.constraint(
          equalTo: state.speedWidget.trailingAnchor, constant: 8),
        state.googleLogo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
        buttonStack.topAnchor.constraint(equalTo: safe.topAnchor),
        buttonStack.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
      ]
    } else {
      variant = "portrait"
      speedStack.arrangedSubviews = [state.speedWidget]
      add([speedStack], to: map)
      constraints += [
        contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: state.etaCard.topAnchor),
        state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.googleLogo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        speedStack.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        speedStack.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        speedStack.bottomAnchor.constraint(equalTo: state.googleLogo.topAnchor),
        buttonStack.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        buttonStack.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
      ]
    }
    NSLayoutConstraint.activate(constraints)
    if let prompt { placePrompt(map, prompt, settled: true) }
  }

  /// Part of `NavigationLayoutDelegate`: `enableNavigationUI`.
  public func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    layoutReady(navMap, newState, buttons: newState.buttons)
  }

  /// Part of `NavigationLayoutDelegate`: `disableNavigationUI`.
  public func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    removePrompt()
    clear()
    navMap.removeLayoutGuide(contentBottom)
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
    removePrompt()
    layoutReady(navMap, newState, buttons: newState.buttons)
  }

  /// Part of `NavigationLayoutDelegate`: `sizeChanged`.
  public func sizeChanged(navMap: GMSMapView, newState: any NavigationUIState) {
    if let guidance = newState as? any ActiveGuidanceUIState {
      layoutGuidance(navMap, guidance)
    } else if let ready = newState as? any NavigationReadyUIState {
      layoutReady(navMap, ready, buttons: ready.buttons)
    }
  }

  private func removePrompt() {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    promptBottom = nil
    prompt?.removeFromSuperview()
    prompt = nil
  }

  /// Pins a prompt above the ETA card (on the leading side in wide mode), or, settled or not,
  /// just behind it.
  private func placePrompt(_ map: GMSMapView, _ newPrompt: NavigationPromptView, settled: Bool) {
    NSLayoutConstraint.deactivate(promptConstraints)
    if newPrompt.superview !== map {
      if let etaCard, etaCard.superview === map {
        map.insertSubview(newPrompt, belowSubview: etaCard)
      } else {
        map.addSubview(newPrompt)
      }
    }
    let anchor = etaCard?.superview === map ? etaCard!.topAnchor : map.bottomAnchor
    let bottom = newPrompt.bottomAnchor.constraint(
      equalTo: anchor, constant: settled ? 0 : newPrompt.bounds.height)
    promptConstraints = [
      bottom,
      newPrompt.leadingAnchor.constraint(
        equalTo: map.isWideMode ? map.leadingAnchor : map.safeAreaLayoutGuide.leadingAnchor),
    ]
    if !map.isWideMode {
      promptConstraints.append(
        contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor))
    }
    promptBottom = bottom
    NSLayoutConstraint.activate(promptConstraints)
  }

  /// Part of `NavigationLayoutDelegate`: `showPrompt`.
  public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    removePrompt()
    prompt = newPrompt
    placePrompt(navMap, newPrompt, settled: false)
    navMap.layoutIfNeeded()
    guard let bottom = promptBottom else { return }
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = 0
      navMap.layoutIfNeeded()
    }
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
