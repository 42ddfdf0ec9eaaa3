import Foundation
import NavigationUI
import ViewKit

/// Our equivalent of the original's sample (Guides/Spec.md §13): portrait only; turn card, ETA
/// card, buttons in a hiding stack, logo and viewport; prompts slide in and out. One change
/// from the spec's sample: prompts rest on the ETA card instead of covering it.
@MainActor
public final class SampleLayoutDelegate: NSObject, NavigationLayoutDelegate {
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

  /// A delegate with no views placed yet.
  public override init() { super.init() }

  private func sharedConstraints(_ navMap: GMSMapView) -> [NSLayoutConstraint] {
    let low = mapContentsBottomGuide.bottomAnchor.constraint(
      equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
    low.priority = .defaultLow
    return [mapContentsBottomGuide.heightAnchor.constraint(equalToConstant: 0), low]
  }

  /// Part of `NavigationLayoutDelegate`: `enableNavigationUI`.
  public func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
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

  /// Part of `NavigationLayoutDelegate`: `disableNavigationUI`.
  public func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
    currentPrompt?.removeFromSuperview()
    currentPrompt = nil
    promptBottomConstraint = nil
    navigationReadyElements?.deactivate()
    navigationReadyElements = nil
    navMap.removeLayoutGuide(mapContentsBottomGuide)
  }

  /// Part of `NavigationLayoutDelegate`: `startGuidance`.
  public func startGuidance(
    navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState
  ) {
    navigationReadyElements?.deactivate()
    let safe = navMap.safeAreaLayoutGuide
    let elements = StateElements(
      mapView: navMap, buttonViews: newState.buttons.map(\.view),
      topLevelViews: [newState.turnCard, newState.etaCard, newState.viewport, newState.googleLogo])
    let stack = elements.buttonStack
    elements.constraints =
      sharedConstraints(navMap) + [
        newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
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
        newState.viewport.topAnchor.constraint(equalTo: newState.turnCard.bottomAnchor),
        newState.viewport.bottomAnchor.constraint(equalTo: mapContentsBottomGuide.topAnchor),
      ]
    activeGuidanceElements = elements
    etaCard = newState.etaCard
    elements.activate()
  }

  /// Part of `NavigationLayoutDelegate`: `stopGuidance`.
  public func stopGuidance(
    navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState
  ) {
    activeGuidanceElements?.deactivate()
    activeGuidanceElements = nil
    etaCard = nil
    navigationReadyElements?.activate()
  }

  /// Part of `NavigationLayoutDelegate`: `showPrompt`.
  public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
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
    NSLayoutConstraint.activate([
      bottom,
      newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
      mapContentsBottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
    ])
    promptBottomConstraint = bottom
    currentPrompt = newPrompt
    navMap.layoutIfNeeded()
    UIView.animate(withDuration: Self.promptAnimationDuration) {
      bottom.constant = 0
      navMap.layoutIfNeeded()
    }
  }

  /// Part of `NavigationLayoutDelegate`: `hidePrompt`.
  public func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
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

  /// Part of `NavigationLayoutDelegate`: `changePrompt`.
  public func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
    showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
}
