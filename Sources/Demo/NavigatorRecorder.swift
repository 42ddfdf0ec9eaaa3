import Foundation
import NavigationUI
import ViewKit

/// Listens to a navigator and hands each event's name to `record` as it happens.
@MainActor
final class NavigatorRecorder: GMSNavigatorListener {
  var record: (String) -> Void = { _ in }

  func navigator(_ navigator: GMSNavigator, didArriveAt waypoint: GMSNavigationWaypoint) {
    record("didArriveAt \(waypoint.title)")
  }

  func navigatorDidChangeRoute(_ navigator: GMSNavigator) {
    let meters = navigator.currentRoute.map { Int($0.distance.rounded()) }
    record("didChangeRoute" + (meters.map { " (\($0) m)" } ?? " (cleared)"))
  }

  func navigator(
    _ navigator: GMSNavigator,
    didChangeSuggestedLightingMode lightingMode: GMSNavigationLightingMode
  ) {
    record("didChangeSuggestedLightingMode \(lightingMode)")
  }

  func navigatorWillPresentPrompt(_ navigator: GMSNavigator) {
    record("willPresentPrompt " + (navigator.currentPrompt?.description ?? ""))
  }

  func navigatorDidDismissPrompt(_ navigator: GMSNavigator) { record("didDismissPrompt") }
}
