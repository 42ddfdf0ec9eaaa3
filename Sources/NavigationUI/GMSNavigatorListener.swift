/// Listens to a ``GMSNavigator`` (Guides/Spec.md §14.7). Each method is optional (no-op) and
/// runs on the main actor.
public protocol GMSNavigatorListener: AnyObject {
  /// The vehicle arrived at a waypoint.
  @MainActor func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint)
  /// The route changed (new destinations, reroute, cleared).
  @MainActor func navigatorDidChangeRoute(_ navigator: GMSNavigator)
  /// The time to the next destination changed.
  @MainActor func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval)
  /// The distance to the next destination changed.
  @MainActor func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance)
  /// The suggested lighting mode changed (sunrise, sunset).
  @MainActor func navigator(
    _ navigator: GMSNavigator,
    didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode)
  /// A prompt or other SDK UI element is about to appear.
  @MainActor func navigatorWillPresentPrompt(_ navigator: GMSNavigator)
  /// A prompt or other SDK UI element was removed.
  @MainActor func navigatorDidDismissPrompt(_ navigator: GMSNavigator)
  /// The vehicle's position was updated (each navigator tick).
  @MainActor func navigator(_ navigator: GMSNavigator, didUpdate location: CLLocation)
}

extension GMSNavigatorListener {
  /// Does nothing.
  @MainActor public func navigator(
    _ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint
  ) {}
  /// Does nothing.
  @MainActor public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {}
  /// Does nothing.
  @MainActor public func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval
  ) {}
  /// Does nothing.
  @MainActor public func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {}
  /// Does nothing.
  @MainActor public func navigator(
    _ navigator: GMSNavigator,
    didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {}
  /// Does nothing.
  @MainActor public func navigatorWillPresentPrompt(_ navigator: GMSNavigator) {}
  /// Does nothing.
  @MainActor public func navigatorDidDismissPrompt(_ navigator: GMSNavigator) {}
  /// Does nothing.
  @MainActor public func navigator(_ navigator: GMSNavigator, didUpdate location: CLLocation) {}
}
