/// The app object that lays out the navigation UI (Guides/Spec.md §3).
///
/// Set it with ``GMSMapView/setLayoutDelegate(_:)`` before navigation is enabled. From then on
/// the SDK never places navigation UI itself: on each state transition it hands the
/// Google-provided components to the delegate, which adds and constrains them.
///
/// Every callback runs on the main actor and has a no-op default (the original's are
/// `optional`), so a delegate implements only what it needs.
///
/// ```swift
/// final class MyDelegate: NSObject, NavigationLayoutDelegate {
///   func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
///     navMap.addSubview(newState.googleLogo)
///     navMap.addSubview(newState.viewport)
///     // … constraints …
///   }
/// }
/// ```
public protocol NavigationLayoutDelegate: AnyObject {
  /// Entering navigation-ready from non-navigation: build the navigation-ready layout.
  @MainActor func enableNavigationUI(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState)
  /// Leaving navigation-ready for non-navigation: remove every view and guide added,
  /// including a prompt still on screen.
  @MainActor func disableNavigationUI(
    navMap mapView: GMSMapView, oldState: any NavigationReadyUIState)
  /// Navigation-ready → active guidance: build the active-guidance layout.
  @MainActor func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState)
  /// Active guidance → navigation-ready: remove the guidance views, then restore the
  /// navigation-ready layout.
  @MainActor func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState)
  /// A prompt is ready: add it and animate it in.
  @MainActor func showPrompt(navMap mapView: GMSMapView, newPrompt: NavigationPromptView)
  /// The prompt goes: animate it out and remove it when the animation ends.
  @MainActor func hidePrompt(navMap mapView: GMSMapView, oldPrompt: NavigationPromptView)
  /// One prompt replaces another: run the hide and show animations together.
  @MainActor func changePrompt(
    navMap mapView: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView)
  /// The map's size changed (split screen, rotation); `newState` is the current state.
  @MainActor func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState)
}

extension NavigationLayoutDelegate {
  /// Does nothing.
  @MainActor public func enableNavigationUI(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState
  ) {}
  /// Does nothing.
  @MainActor public func disableNavigationUI(
    navMap mapView: GMSMapView, oldState: any NavigationReadyUIState
  ) {}
  /// Does nothing.
  @MainActor public func startGuidance(
    navMap mapView: GMSMapView, newState: any ActiveGuidanceUIState,
    oldState: any NavigationReadyUIState
  ) {}
  /// Does nothing.
  @MainActor public func stopGuidance(
    navMap mapView: GMSMapView, newState: any NavigationReadyUIState,
    oldState: any ActiveGuidanceUIState
  ) {}
  /// Does nothing.
  @MainActor public func showPrompt(navMap mapView: GMSMapView, newPrompt: NavigationPromptView) {}
  /// Does nothing.
  @MainActor public func hidePrompt(navMap mapView: GMSMapView, oldPrompt: NavigationPromptView) {}
  /// Does nothing.
  @MainActor public func changePrompt(
    navMap mapView: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {}
  /// Does nothing.
  @MainActor public func sizeChanged(navMap mapView: GMSMapView, newState: any NavigationUIState) {}
}
