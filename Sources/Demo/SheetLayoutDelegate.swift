import NavigationUI
import ViewKit

/// A delegate with an opaque custom sheet (the app's own view) holding the ETA card. In
/// standard mode the sheet runs along the bottom; prompts appear above it with all four
/// corners rounded, sliding up from behind it, and the viewport ends above the sheet and any
/// prompt. In wide mode the sheet becomes a panel on the leading side under the turn card,
/// with the ETA card at its foot and prompts inside it above the ETA card; the viewport takes
/// the trailing side. Every callback re-reads `wideMode` (D17).
@MainActor
public final class SheetLayoutDelegate: NavigationLayoutDelegate {
  let sheet = UIView()
  let sheetHeight: CGFloat = 220
  static let promptAnimationDuration: TimeInterval = 0.3
  /// What the sheet leaves above itself at least: a prompt, its gap and 32 pt of map.
  static let roomAboveSheet: CGFloat = 88 + 8 + 32
  private let contentBottom = UILayoutGuide()
  private var stateViews: [UIView] = []
  private var stateConstraints: [NSLayoutConstraint] = []
  private var shared: [NSLayoutConstraint] = []
  private var promptConstraints: [NSLayoutConstraint] = []
  private var promptBottom: NSLayoutConstraint?
  private var prompt: NavigationPromptView?
  private var guidance: (any ActiveGuidanceUIState)?

  /// Creates the delegate with an empty sheet; components arrive with the first state.
  public init() {
    sheet.translatesAutoresizingMaskIntoConstraints = false
    sheet.accessibilityIdentifier = "sheet"
    sheet.backgroundColor = .white
  }

  private func setUpShared(_ map: GMSMapView) {
    map.addSubview(sheet)
    map.addLayoutGuide(contentBottom)
    let low = contentBottom.bottomAnchor.constraint(equalTo: map.safeAreaLayoutGuide.bottomAnchor)
    low.priority = .defaultLow
    shared = [
      contentBottom.heightAnchor.constraint(equalToConstant: 0),
      contentBottom.bottomAnchor.constraint(
        lessThanOrEqualTo: map.safeAreaLayoutGuide.bottomAnchor),
      low,
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

  /// The sheet along the bottom (standard mode) or as a leading panel below `top` (wide).
  private func sheetConstraints(_ map: GMSMapView, wide: Bool, below top: UIView?)
    -> [NSLayoutConstraint]
  {
    if wide {
      return [
        sheet.leadingAnchor.constraint(equalTo: map.leadingAnchor),
        sheet.widthAnchor.constraint(equalToConstant: 360),
        sheet.bottomAnchor.constraint(equalTo: map.bottomAnchor),
        sheet.topAnchor.constraint(equalTo: top?.bottomAnchor ?? map.topAnchor),
      ]
    }
    // On a short screen the sheet gives up height (down to what its content needs) so that
    // a prompt and a strip of map still fit under the turn card.
    let preferred = sheet.heightAnchor.constraint(equalToConstant: sheetHeight)
    preferred.priority = .defaultHigh
    return [
      sheet.leadingAnchor.constraint(equalTo: map.leadingAnchor),
      sheet.trailingAnchor.constraint(equalTo: map.trailingAnchor),
      sheet.bottomAnchor.constraint(equalTo: map.bottomAnchor),
      preferred,
      sheet.topAnchor.constraint(
        greaterThanOrEqualTo: top?.bottomAnchor ?? map.safeAreaLayoutGuide.topAnchor,
        constant: Self.roomAboveSheet),
      contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: sheet.topAnchor),
    ]
  }

  /// Part of `NavigationLayoutDelegate`: `enableNavigationUI`.
  public func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    setUpShared(navMap)
    ready(navMap, newState)
  }

  private func ready(_ map: GMSMapView, _ state: any NavigationUIState) {
    guidance = nil
    let safe = map.safeAreaLayoutGuide
    let wide = state.wideMode
    setState(
      map, views: [state.viewport, state.googleLogo],
      constraints: sheetConstraints(map, wide: wide, below: nil) + [
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        wide
          ? state.viewport.leadingAnchor.constraint(equalTo: sheet.trailingAnchor)
          : state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        state.googleLogo.leadingAnchor.constraint(
          equalTo: state.viewport.leadingAnchor, constant: 8),
        state.googleLogo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor, constant: -8),
      ])
  }

  private func layoutGuidance(_ map: GMSMapView, _ state: any ActiveGuidanceUIState) {
    guidance = state
    let safe = map.safeAreaLayoutGuide
    let wide = state.wideMode
    var constraints =
      sheetConstraints(map, wide: wide, below: state.turnCard) + [
        state.turnCard.topAnchor.constraint(equalTo: map.topAnchor),
        state.turnCard.leadingAnchor.constraint(equalTo: map.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        state.googleLogo.leadingAnchor.constraint(
          equalTo: state.viewport.leadingAnchor, constant: 8),
        state.googleLogo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor, constant: -8),
      ]
    if wide {
      constraints += [
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: state.turnCard.trailingAnchor),
      ]
    } else {
      constraints += [
        state.viewport.topAnchor.constraint(equalTo: state.turnCard.bottomAnchor),
        state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
      ]
    }
    setState(
      map, views: [state.viewport, state.turnCard, state.googleLogo], constraints: constraints)
    // The ETA card lives inside the sheet: at its top in standard mode, at its foot in wide.
    sheet.addSubview(state.etaCard)
    stateViews.append(state.etaCard)
    let inSheet = [
      wide
        ? state.etaCard.bottomAnchor.constraint(equalTo: sheet.bottomAnchor)
        : state.etaCard.topAnchor.constraint(equalTo: sheet.topAnchor),
      state.etaCard.leadingAnchor.constraint(equalTo: sheet.leadingAnchor),
    ]
    stateConstraints += inSheet
    NSLayoutConstraint.activate(inSheet)
    if let prompt { place(map, prompt, settled: true) }
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
    ready(navMap, newState)
  }

  /// Part of `NavigationLayoutDelegate`: `sizeChanged`.
  public func sizeChanged(navMap: GMSMapView, newState: any NavigationUIState) {
    if let state = newState as? any ActiveGuidanceUIState {
      layoutGuidance(navMap, state)
    } else {
      ready(navMap, newState)
    }
  }

  /// Part of `NavigationLayoutDelegate`: `disableNavigationUI`.
  public func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    removePrompt()
    NSLayoutConstraint.deactivate(stateConstraints + shared)
    for view in stateViews { view.removeFromSuperview() }
    stateViews = []
    stateConstraints = []
    sheet.removeFromSuperview()
    navMap.removeLayoutGuide(contentBottom)
  }

  private func removePrompt() {
    NSLayoutConstraint.deactivate(promptConstraints)
    promptConstraints = []
    promptBottom = nil
    prompt?.removeFromSuperview()
    prompt = nil
  }

  /// Places the prompt above the sheet (standard) or inside it above the ETA card (wide);
  /// unsettled, it sits just behind the sheet or the ETA card.
  private func place(_ map: GMSMapView, _ newPrompt: NavigationPromptView, settled: Bool) {
    NSLayoutConstraint.deactivate(promptConstraints)
    let wide = guidance?.wideMode ?? false
    let offset = settled ? -8 : newPrompt.bounds.height
    if wide, let eta = guidance?.etaCard, eta.superview === sheet {
      if newPrompt.superview !== sheet { sheet.insertSubview(newPrompt, belowSubview: eta) }
      let bottom = newPrompt.bottomAnchor.constraint(equalTo: eta.topAnchor, constant: offset)
      promptConstraints = [
        bottom, newPrompt.leadingAnchor.constraint(equalTo: sheet.leadingAnchor),
      ]
      promptBottom = bottom
    } else {
      if newPrompt.superview !== map { map.insertSubview(newPrompt, belowSubview: sheet) }
      let bottom = newPrompt.bottomAnchor.constraint(equalTo: sheet.topAnchor, constant: offset)
      promptConstraints = [
        bottom,
        newPrompt.leadingAnchor.constraint(equalTo: map.safeAreaLayoutGuide.leadingAnchor),
        contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
      ]
      promptBottom = bottom
    }
    NSLayoutConstraint.activate(promptConstraints)
  }

  /// Part of `NavigationLayoutDelegate`: `showPrompt`.
  public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    removePrompt()
    newPrompt.roundedCorners = [
      .layerMinXMinYCorner, .layerMaxXMinYCorner,
      .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    prompt = newPrompt
    place(navMap, newPrompt, settled: false)
    navMap.layoutIfNeeded()
    guard let bottom = promptBottom else { return }
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = -8
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
