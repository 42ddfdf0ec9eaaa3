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
  var sdkConstraints = IdentitySet<NSLayoutConstraint>()
  /// Every view inside a component as the SDK delivered it (D10).
  var sdkDescendants = IdentitySet<UIView>()
  /// Whether the delegate is handed the buttons in reverse order (the D11 probe run).
  var reversesButtons = false

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
    func walk(_ view: UIView) {
      for sub in view.subviews {
        sdkDescendants.insert(sub)
        walk(sub)
      }
    }
    for view in views {
      for c in view.constraints { sdkConstraints.insert(c) }
      walk(view)
    }
  }

  /// What the delegate is handed: the state itself, or one listing the buttons reversed.
  func handed(_ state: any NavigationReadyUIState) -> any NavigationReadyUIState {
    reversesButtons ? ReversedReadyState(state) : state
  }

  func handed(_ state: any ActiveGuidanceUIState) -> any ActiveGuidanceUIState {
    reversesButtons ? ReversedGuidanceState(state) : state
  }

  func handed(_ state: any NavigationUIState) -> any NavigationUIState {
    if let g = state as? any ActiveGuidanceUIState { return handed(g) }
    if let r = state as? any NavigationReadyUIState { return handed(r) }
    return state
  }

  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    ready = newState
    phase = .ready
    remember([newState.googleLogo, newState.viewport] + newState.buttons.map(\.view))
    inner.enableNavigationUI(navMap: navMap, newState: handed(newState))
  }
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    phase = .off
    inner.disableNavigationUI(navMap: navMap, oldState: handed(oldState))
  }
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    guidance = newState
    phase = .guidance
    remember(
      [newState.turnCard, newState.etaCard, newState.speedWidget, newState.tripProgressBar]
        + newState.buttons.map(\.view))
    inner.startGuidance(navMap: navMap, newState: handed(newState), oldState: handed(oldState))
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    ready = newState
    phase = .ready
    inner.stopGuidance(navMap: navMap, newState: handed(newState), oldState: handed(oldState))
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
    inner.sizeChanged(navMap: navMap, newState: handed(newState))
  }
}

/// A navigation-ready state whose buttons come in reverse order (D11 probe).
@MainActor
final class ReversedReadyState: NavigationReadyUIState {
  let base: any NavigationReadyUIState
  init(_ base: any NavigationReadyUIState) { self.base = base }
  var wideMode: Bool { base.wideMode }
  var googleLogo: UIView { base.googleLogo }
  var viewport: UIView { base.viewport }
  var buttons: [any NavigationUIButton] { base.buttons.reversed() }
}

/// An active-guidance state whose buttons come in reverse order (D11 probe).
@MainActor
final class ReversedGuidanceState: ActiveGuidanceUIState {
  let base: any ActiveGuidanceUIState
  init(_ base: any ActiveGuidanceUIState) { self.base = base }
  var wideMode: Bool { base.wideMode }
  var googleLogo: UIView { base.googleLogo }
  var viewport: UIView { base.viewport }
  var turnCard: UIView { base.turnCard }
  var etaCard: UIView { base.etaCard }
  var tripProgressBar: UIView { base.tripProgressBar }
  var speedWidget: UIView { base.speedWidget }
  var buttons: [any NavigationUIButton] { base.buttons.reversed() }
}
