import NavigationUI

/// The navigation screen of the `navui` suite: a full-screen portrait layout delegate (the
/// spec sample's layout) placing the SDK's own components on a `GMSMapView`.
@MainActor
final class NavScreenDelegate: NavigationLayoutDelegate {
  let guide = UILayoutGuide()
  var ready: [NSLayoutConstraint] = []
  var active: [NSLayoutConstraint] = []
  var readyViews: [UIView] = []
  var activeViews: [UIView] = []
  var promptBottom: NSLayoutConstraint?
  var prompt: UIView?

  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    navMap.addLayoutGuide(guide)
    let safe = navMap.safeAreaLayoutGuide
    let low = guide.bottomAnchor.constraint(equalTo: safe.bottomAnchor)
    low.priority = .defaultLow
    readyViews = [newState.googleLogo, newState.viewport] + newState.buttons.map(\.view)
    for view in readyViews { navMap.addSubview(view) }
    ready = [
      guide.heightAnchor.constraint(equalToConstant: 0), low,
      newState.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: guide.topAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: guide.topAnchor),
      newState.buttons[0].view.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      newState.buttons[0].view.bottomAnchor.constraint(equalTo: guide.topAnchor),
    ]
    NSLayoutConstraint.activate(ready)
  }

  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    prompt?.removeFromSuperview()
    prompt = nil
    NSLayoutConstraint.deactivate(ready)
    for view in readyViews { view.removeFromSuperview() }
    navMap.removeLayoutGuide(guide)
  }

  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    NSLayoutConstraint.deactivate(ready)
    for view in readyViews { view.removeFromSuperview() }
    let safe = navMap.safeAreaLayoutGuide
    let low = guide.bottomAnchor.constraint(equalTo: safe.bottomAnchor)
    low.priority = .defaultLow
    activeViews =
      [
        newState.turnCard, newState.etaCard, newState.viewport, newState.googleLogo,
        newState.speedWidget, newState.tripProgressBar,
      ] + newState.buttons.map(\.view)
    for view in activeViews { navMap.addSubview(view) }
    let buttons = newState.buttons.map(\.view)
    active = [
      guide.heightAnchor.constraint(equalToConstant: 0), low,
      newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
      newState.etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
      newState.etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
      guide.bottomAnchor.constraint(lessThanOrEqualTo: newState.etaCard.topAnchor),
      newState.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: guide.topAnchor),
      newState.speedWidget.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 12),
      newState.speedWidget.bottomAnchor.constraint(equalTo: newState.googleLogo.topAnchor),
      newState.tripProgressBar.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 4),
      newState.tripProgressBar.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
      newState.tripProgressBar.bottomAnchor.constraint(equalTo: guide.topAnchor),
      buttons[0].trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      buttons[0].topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
      buttons[1].trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      buttons[1].bottomAnchor.constraint(equalTo: guide.topAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: guide.topAnchor),
    ]
    NSLayoutConstraint.activate(active)
  }

  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    NSLayoutConstraint.deactivate(active)
    for view in activeViews { view.removeFromSuperview() }
    for view in readyViews { navMap.addSubview(view) }
    NSLayoutConstraint.activate(ready)
  }

  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    navMap.addSubview(newPrompt)
    let bottom = newPrompt.bottomAnchor.constraint(
      equalTo: navMap.bottomAnchor, constant: newPrompt.bounds.height)
    NSLayoutConstraint.activate([
      bottom, newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      guide.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
    ])
    promptBottom = bottom
    prompt = newPrompt
    navMap.layoutIfNeeded()
    UIView.animate(withDuration: 0.4) {
      bottom.constant = 0
      navMap.layoutIfNeeded()
    }
  }

  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    guard let bottom = promptBottom, prompt === oldPrompt else { return }
    promptBottom = nil
    prompt = nil
    UIView.animate(withDuration: 0.4) {
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
