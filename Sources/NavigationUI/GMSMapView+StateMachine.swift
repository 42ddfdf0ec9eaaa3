import Foundation
import Routing

extension GMSMapView {
  /// The current navigation UI state.
  public var navigationUIPhase: NavigationUIPhase { phase }

  /// The prompt on screen, when there is one.
  public var currentPromptView: NavigationPromptView? { promptView }

  /// The state a layout delegate would be handed now (the components the built-in layout
  /// places when there is no delegate), or `nil` while navigation is disabled. For tools that
  /// inspect the layout, such as the layout audit.
  public var navigationUIState: (any NavigationUIState)? {
    guard navigationEnabled else { return nil }
    return phase == .activeGuidance ? guidanceState() : readyState()
  }

  /// Whether the map is wide enough for side-by-side components: at least 600 pt wide and
  /// wider than tall, or at least 1000 pt wide (Guides/Decisions.md 5).
  public var isWideMode: Bool { Self.isWide(bounds.size) }

  /// Guides/Decisions.md 5's rule for a size.
  public static func isWide(_ size: CGSize) -> Bool {
    (size.width >= 600 && size.width > size.height) || size.width >= 1000
  }

  func makeComponents() -> NavigationComponents {
    if let components { return components }
    let made = NavigationComponents(attribution: openStreetMapAttribution)
    made.logo.action = { [weak self] in self?.recenter() }
    made.compassButton.action = { [weak self] in self?.compassTapped() }
    made.myLocationButton.action = { [weak self] in self?.showMyLocation() }
    made.compassButton.show(bearing: cameraStorage.bearing)
    components = made
    refreshContext()
    refreshTheme()
    return made
  }

  func readyState() -> ReadyUIState {
    ReadyUIState(components: makeComponents(), wideMode: isWideMode)
  }

  func guidanceState() -> GuidanceUIState {
    GuidanceUIState(components: makeComponents(), wideMode: isWideMode)
  }

  func enableNavigationNow() {
    guard !navigationEnabled else { return }
    navigationEnabled = true
    _ = makeComponents()
    refreshContext()
    lastLayoutSize = bounds.size
    phase = .navigationReady
    builtIn.removePlainControls()
    cameraMode = .following
    refreshTheme()
    if let layoutDelegate {
      record("enableNavigationUI")
      layoutDelegate.enableNavigationUI(navMap: self, newState: readyState())
    } else {
      builtIn.install()
    }
    if navigator?.isGuidanceActive == true { enterGuidance() }
  }

  func disableNavigationNow() {
    guard navigationEnabled else { return }
    components?.pruneFinishedAnimations()
    if phase == .activeGuidance {
      navigator?.isGuidanceActive = false
      if phase == .activeGuidance { leaveGuidance() }
    }
    phase = .nonNavigation
    navigationEnabled = false
    if let layoutDelegate {
      record("disableNavigationUI")
      layoutDelegate.disableNavigationUI(navMap: self, oldState: readyState())
    } else {
      builtIn.uninstall()
    }
    refreshTheme()
    updateRecenterButton()
    builtIn.rebuildIfActive()
    updateCompass(animated: false)
  }

  /// The navigator started or stopped guidance.
  func navigatorGuidanceChanged() {
    guard navigationEnabled, let navigator else { return }
    if navigator.isGuidanceActive, phase == .navigationReady {
      enterGuidance()
    } else if !navigator.isGuidanceActive, phase == .activeGuidance {
      leaveGuidance()
    }
  }

  private func enterGuidance() {
    phase = .activeGuidance
    refreshContent()
    if let layoutDelegate {
      record("startGuidance")
      layoutDelegate.startGuidance(navMap: self, newState: guidanceState(), oldState: readyState())
    } else {
      builtIn.rebuild()
    }
    updateCamera()
  }

  private func leaveGuidance() {
    components?.pruneFinishedAnimations()
    if promptView != nil { hideCurrentPrompt() }
    phase = .navigationReady
    if let layoutDelegate {
      record("stopGuidance")
      layoutDelegate.stopGuidance(navMap: self, newState: readyState(), oldState: guidanceState())
    } else {
      builtIn.rebuild()
    }
  }

  /// Shows a prompt, replacing the one on screen through `changePrompt`.
  func presentPrompt(_ prompt: NavigationPrompt, replacing: Bool) {
    guard navigationEnabled, phase == .activeGuidance, let components else { return }
    components.pruneFinishedAnimations()
    let view = PromptView(prompt: prompt, context: components.context, theme: components.theme)
    let old = promptView
    promptView = view
    if let layoutDelegate {
      if let old {
        record("changePrompt")
        layoutDelegate.changePrompt(navMap: self, newPrompt: view, oldPrompt: old)
      } else {
        record("showPrompt")
        layoutDelegate.showPrompt(navMap: self, newPrompt: view)
      }
    } else {
      builtIn.showPrompt(view, replacing: old)
    }
  }

  /// Hides the prompt on screen.
  func hideCurrentPrompt() {
    guard let old = promptView else { return }
    promptView = nil
    if let layoutDelegate {
      record("hidePrompt")
      layoutDelegate.hidePrompt(navMap: self, oldPrompt: old)
    } else {
      builtIn.hidePrompt(old)
    }
  }

  /// The map's size changed: components reshape, then `sizeChanged` with the current state.
  func sizeDidChange() {
    refreshContext()
    promptView?.context = components?.context ?? ComponentLayoutContext()
    guard navigationEnabled else { return }
    if let layoutDelegate {
      record("sizeChanged")
      let state: any NavigationUIState =
        phase == .activeGuidance ? guidanceState() : readyState()
      layoutDelegate.sizeChanged(navMap: self, newState: state)
    } else {
      builtIn.rebuildIfActive()
    }
    updateCamera()
  }

  /// Recomputes the components' sizing context.
  func refreshContext() {
    guard let components else { return }
    let language = navigationLocale.language.languageCode?.identifier ?? "en"
    let next = ComponentLayoutContext(
      mapSize: bounds.size, safeArea: safeAreaInsets, wideMode: isWideMode,
      rightToLeft: isRightToLeft(language: language)
        || effectiveUserInterfaceLayoutDirection == .rightToLeft)
    components.setContext(next)
  }

  func localeChanged() {
    refreshContext()
    refreshContent()
  }

  /// Day or night colours from ``resolvedLightingMode`` and the header colours in
  /// ``settings``.
  func refreshTheme() {
    components?.setTheme(NavigationTheme.make(lowLight: isLowLight, settings: settings))
  }

  /// Speed icons hide while the recenter button shows (Guides/Spec.md §14.6).
  private var recentering: Bool { components?.logo.isRecenter ?? false }

  /// Updates every component from the navigator.
  func refreshContent() {
    guard let components, let navigator else { return }
    components.update(
      progress: navigator.routeProgress, location: navigator.lastLocation,
      speedAlert: navigator.speedAlert,
      showSpeedometer: shouldDisplaySpeedometer && travelMode == .driving && !recentering,
      showSpeedLimit: shouldDisplaySpeedLimit && travelMode == .driving && !recentering,
      locale: navigationLocale, timeZone: navigationTimeZone,
      now: navigator.referenceDate.addingTimeInterval(clock.now))
  }

  /// A navigator tick: content and camera follow.
  func navigatorDidUpdate(location: CLLocation) {
    if phase == .activeGuidance { refreshContent() }
    updateCamera()
  }

  /// The navigator has a new route.
  func navigatorRouteChanged() {
    components?.routeChanged(navigator?.currentRoute)
    if phase == .activeGuidance { refreshContent() }
  }

  /// A setting changed: colours, the recenter button and, without a delegate, the built-in
  /// layout and the compass, at once (Guides/Spec.md §12).
  func settingsChanged() {
    refreshTheme()
    updateRecenterButton()
    builtIn.rebuildIfActive()
    updateCompass(animated: false)
  }
}
