import Foundation

/// Listens to a ``GMSNavigator`` (`GMSNavigatorListener`, Guides/Spec.md §14.7). Every method is
/// optional (no-op default) and runs on the main actor.
///
/// ```swift
/// final class Feed: GMSNavigatorListener {
///   func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {
///     print(navInfo.currentStep?.fullInstructionText ?? "")
///   }
/// }
/// mapView.navigator?.add(feed)
/// ```
@preconcurrency @MainActor
public protocol GMSNavigatorListener: AnyObject {
  /// The vehicle arrived at a waypoint.
  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint)
  /// The route changed (new destinations, reroute, cleared).
  func navigatorDidChangeRoute(_ navigator: GMSNavigator)
  /// The time to the next destination changed by at least
  /// ``GMSNavigator/timeUpdateThreshold``.
  func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval)
  /// The distance to the next destination changed by at least
  /// ``GMSNavigator/distanceUpdateThreshold``.
  func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance)
  /// The traffic delay to the next destination changed.
  func navigator(_ navigator: GMSNavigator, didUpdate delayCategory: GMSNavigationDelayCategory)
  /// The suggested lighting mode changed (sunrise, sunset).
  func navigator(
    _ navigator: GMSNavigator,
    didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode)
  /// The percentage over the speed limit (0 when not speeding, -1 when unknown), each fix.
  func navigator(
    _ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat)
  /// The speed alert severity and percentage over the limit, each fix, while
  /// ``GMSNavigator/speedAlertOptions`` is set.
  func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat)
  /// The turn-by-turn feed: a new ``GMSNavigationNavInfo``, each fix during guidance and when
  /// guidance stops.
  func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo)
  /// A prompt or other SDK UI element is about to appear.
  func navigatorWillPresentPrompt(_ navigator: GMSNavigator)
  /// A prompt or other SDK UI element was removed.
  func navigatorDidDismissPrompt(_ navigator: GMSNavigator)
  /// The vehicle's position was updated (each navigator tick during guidance).
  func navigator(_ navigator: GMSNavigator, didUpdate location: CLLocation)
}

extension GMSNavigatorListener {
  /// Does nothing.
  public func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {}
  /// Does nothing.
  public func navigatorDidChangeRoute(_ navigator: GMSNavigator) {}
  /// Does nothing.
  public func navigator(_ navigator: GMSNavigator, didUpdateRemainingTime time: TimeInterval) {}
  /// Does nothing.
  public func navigator(
    _ navigator: GMSNavigator, didUpdateRemainingDistance distance: CLLocationDistance
  ) {}
  /// Does nothing.
  public func navigator(
    _ navigator: GMSNavigator, didUpdate delayCategory: GMSNavigationDelayCategory
  ) {}
  /// Does nothing.
  public func navigator(
    _ navigator: GMSNavigator,
    didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {}
  /// Does nothing.
  public func navigator(
    _ navigator: GMSNavigator, didUpdateSpeedingPercentage percentageAboveLimit: CGFloat
  ) {}
  /// Does nothing.
  public func navigator(
    _ navigator: GMSNavigator, didUpdate speedAlertSeverity: GMSNavigationSpeedAlertSeverity,
    speedingPercentage percentageAboveLimit: CGFloat
  ) {}
  /// Does nothing.
  public func navigator(_ navigator: GMSNavigator, didUpdate navInfo: GMSNavigationNavInfo) {}
  /// Does nothing.
  public func navigatorWillPresentPrompt(_ navigator: GMSNavigator) {}
  /// Does nothing.
  public func navigatorDidDismissPrompt(_ navigator: GMSNavigator) {}
  /// Does nothing.
  public func navigator(_ navigator: GMSNavigator, didUpdate location: CLLocation) {}
}
