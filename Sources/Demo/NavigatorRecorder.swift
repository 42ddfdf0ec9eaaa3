import Foundation
import NavigationUI
import ViewKit

/// Listens to a navigator and keeps its events with the clock's time.
@MainActor
final class NavigatorRecorder: GMSNavigatorListener {
  let clock: ManualClock
  var events: [DemoEvent] = []

  init(clock: ManualClock) { self.clock = clock }

  private func record(_ name: String) {
    events.append(DemoEvent(time: clock.now, source: .navigator, name: name))
  }

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
