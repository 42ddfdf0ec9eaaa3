import NavigationUI
import ViewKit

/// A delegate with an opaque custom bottom sheet (the app's own view). Prompts appear above
/// the sheet with all four corners rounded and slide up from behind it; the viewport ends
/// above the sheet and above any prompt.
@MainActor
public final class SheetLayoutDelegate: NavigationLayoutDelegate {
  let sheet = UIView()
  let sheetHeight: CGFloat = 220
  private let contentBottom = UILayoutGuide()
  private var stateViews: [UIView] = []
  private var stateConstraints: [NSLayoutConstraint] = []
  private var shared: [NSLayoutConstraint] = []
  private var promptBottom: NSLayoutConstraint?
  private var prompt: NavigationPromptView?

  public init() {
    sheet.translatesAutoresizingMaskIntoConstraints = false
    sheet.accessibilityIdentifier = "sheet"
    sheet.backgroundColor = .white
  }

  private func setUpShared(_ map: GMSMapView) {
    map.addSubview(sheet)
    map.addLayoutGuide(contentBottom)
    let low = contentBottom.bottomAnchor.constraint(equalTo: sheet.topAnchor)
    low.priority = .defaultLow
    shared = [
      sheet.leadingAnchor.constraint(equalTo: map.leadingAnchor),
      sheet.trailingAnchor.constraint(equalTo: map.trailingAnchor),
      sheet.bottomAnchor.constraint(equalTo: map.bottomAnchor),
      sheet.heightAnchor.constraint(equalToConstant: sheetHeight),
      contentBottom.heightAnchor.constraint(equalToConstant: 0),
      contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: sheet.topAnchor), low,
    ]
    NSLayoutConstraint.activate(shared)
  }

  private func setState(_ map: GMSMapView, views: [UIView], constraints: [NSLayoutConstraint]) {
    NSLayoutConstraint.deactivate(stateConstraints)
    for view in stateViews { view.removeFromSuperview() }
    stateViews = views
    for view in views { map.insertSubview(view, belowSubview: sheet) }
    stateConstraints = constraints
    NSLayoutConstraint.activate(constraints)
  }

  /// Part of `NavigationLayoutDelegate`: `enableNavigationUI`.
  public func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    setUpShared(navMap)
    ready(navMap, newState)
  }

  private func ready(_ map: GMSMapView, _ state: any NavigationReadyUIState) {
    let safe = map.safeAreaLayoutGuide
    setState(
      map, views: [state.viewport, state.googleLogo],
      constraints: [
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        state.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
        state.googleLogo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor, constant: -8),
      ])
  }

  /// Part of `NavigationLayoutDelegate`: `startGuidance`.
  public func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    let safe = navMap.safeAreaLayoutGuide
    setState(
      navMap, views: [newState.viewport, newState.turnCard, newState.googleLogo],
      constraints: [
        newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
        newState.turnCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
        newState.viewport.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
        newState.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        newState.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        newState.viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        newState.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 8),
        newState.googleLogo.bottomAnchor.constraint(
          equalTo: contentBottom.topAnchor, constant: -8),
      ])
    // The ETA card lives inside the sheet.
    sheet.addSubview(newState.etaCard)
    stateViews.append(newState.etaCard)
    let inSheet = [
      newState.etaCard.topAnchor.constraint(equalTo: sheet.topAnchor),
      newState.etaCard.leadingAnchor.constraint(equalTo: sheet.leadingAnchor),
    ]
    stateConstraints += inSheet
    NSLayoutConstraint.activate(inSheet)
  }

  /// Part of `NavigationLayoutDelegate`: `stopGuidance`.
  public func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    ready(navMap, newState)
  }

  /// Part of `NavigationLayoutDelegate`: `disableNavigationUI`.
  public func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    prompt?.removeFromSuperview()
    prompt = nil
    promptBottom = nil
    NSLayoutConstraint.deactivate(stateConstraints + shared)
    for view in stateViews { view.removeFromSuperview() }
    stateViews = []
    sheet.removeFromSuperview()
    navMap.removeLayoutGuide(contentBottom)
  }

  /// Part of `NavigationLayoutDelegate`: `showPrompt`.
  public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner,
      .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    navMap.insertSubview(newPrompt, belowSubview: sheet)
    // Start behind the sheet, top edges aligned, then slide up above it.
    let bottom = newPrompt.bottomAnchor.constraint(
      equalTo: sheet.topAnchor, constant: newPrompt.bounds.height)
    NSLayoutConstraint.activate([
      bottom,
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
    ])
    promptBottom = bottom
    prompt = newPrompt
    navMap.layoutIfNeeded()
    UIView.animate(withDuration: 0.3) {
      bottom.constant = -8
      navMap.layoutIfNeeded()
    }
  }

  /// Part of `NavigationLayoutDelegate`: `hidePrompt`.
  public func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    guard let bottom = promptBottom, prompt === oldPrompt else { return }
    promptBottom = nil
    prompt = nil
    UIView.animate(withDuration: 0.3) {
      bottom.constant = oldPrompt.bounds.height
      navMap.layoutIfNeeded()
    } completion: { _ in
      oldPrompt.removeFromSuperview()
    }
  }

  /// Part of `NavigationLayoutDelegate`: `changePrompt`.
  public func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}
