import Foundation
import NavigationUI
import ViewKit

/// Wraps the delegate under audit: forwards every callback and remembers the states,
/// prompts and the constraints the components had before the delegate touched them.
@MainActor
final class AuditRecorder: NavigationLayoutDelegate {
  enum Phase { case off, ready, guidance }

  let inner: any NavigationLayoutDelegate
  var phase = Phase.off
  var ready: (any NavigationReadyUIState)?
  var guidance: (any ActiveGuidanceUIState)?
  var prompts: [NavigationPromptView] = []
  /// Constraints on the components before any delegate callback (the SDK's own).
  var sdkConstraints = Set<ObjectIdentifier>()

  init(_ inner: any NavigationLayoutDelegate) { self.inner = inner }

  /// A placeholder inner delegate when the built-in layout is audited (never installed).
  final class Nothing: NavigationLayoutDelegate {}

  var current: (any NavigationUIState)? {
    switch phase {
    case .off: nil
    case .ready: ready
    case .guidance: guidance
    }
  }

  func remember(_ views: [UIView]) {
    for view in views {
      for c in view.constraints { sdkConstraints.insert(ObjectIdentifier(c)) }
    }
  }

  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    ready = newState
    phase = .ready
    remember([newState.googleLogo, newState.viewport] + newState.buttons.map(\.view))
    inner.enableNavigationUI(navMap: navMap, newState: newState)
  }
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    phase = .off
    inner.disableNavigationUI(navMap: navMap, oldState: oldState)
  }
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    guidance = newState
    phase = .guidance
    remember([newState.turnCard, newState.etaCard, newState.speedWidget, newState.tripProgressBar])
    inner.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    ready = newState
    phase = .ready
    inner.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    prompts.append(newPrompt)
    remember([newPrompt])
    inner.showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    inner.hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
  }
  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    prompts.append(newPrompt)
    remember([newPrompt])
    inner.changePrompt(navMap: navMap, newPrompt: newPrompt, oldPrompt: oldPrompt)
  }
  func sizeChanged(navMap: GMSMapView, newState: any NavigationUIState) {
    if let g = newState as? any ActiveGuidanceUIState {
      guidance = g
    } else if let r = newState as? any NavigationReadyUIState {
      ready = r
    }
    inner.sizeChanged(navMap: navMap, newState: newState)
  }
}
