import Foundation
import NavigationCore
import NavigationUI
import ViewKit

/// A window on a manual clock with a map view, as DESIGN's public contract sets it up.
@MainActor
final class Harness {
  static let origin = CLLocationCoordinate2D(latitude: 43.7296, longitude: 7.4168)
  static let casino = CLLocationCoordinate2D(latitude: 43.7394, longitude: 7.4275)
  static let portrait = CGRect(x: 0, y: 0, width: 390, height: 844)
  static let portraitSafe = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

  let clock = ManualClock()
  let window: UIWindow
  let mapView: GMSMapView

  init(
    frame: CGRect = Harness.portrait, safeArea: UIEdgeInsets = Harness.portraitSafe,
    delegate: (any NavigationLayoutDelegate)?
  ) throws {
    window = UIWindow(frame: frame, safeAreaInsets: safeArea, clock: clock)
    mapView = GMSMapView(frame: window.bounds)
    window.addSubview(mapView)
    if let delegate { try mapView.setLayoutDelegate(delegate) }
  }

  var navigator: GMSNavigator { mapView.navigator! }

  /// Enables navigation, puts the vehicle at the origin and routes to the casino.
  @discardableResult
  func enableAndRoute() -> GMSRouteStatus? {
    mapView.isNavigationEnabled = true
    mapView.locationSimulator?.simulateLocation(at: Harness.origin)
    var result: GMSRouteStatus?
    navigator.setDestinations(
      [GMSNavigationWaypoint(location: Harness.casino, title: "Casino")!]
    ) { status in result = status }
    clock.advance(by: 0)
    return result
  }

  /// Lays out and returns `view`'s frame in window coordinates.
  func frame(_ view: UIView) -> CGRect {
    window.layoutIfNeeded()
    return view.convert(view.bounds, to: nil)
  }

  /// The map view's subviews other than the map's own plain-map controls (the compass and
  /// the my-location button stay on a map without navigation, Guides/Spec.md §12.1).
  var navigationSubviews: [UIView] {
    let own = mapView.mapControlViews
    return mapView.subviews.filter { view in !own.contains { $0 === view } }
  }

  /// The map view's subviews' identifiers, sorted.
  var onMap: [String] {
    mapView.subviews.map { $0.accessibilityIdentifier ?? "\(type(of: $0))" }.sorted()
  }
}

/// Records the state objects the SDK hands the delegate, wrapping another delegate.
@MainActor
final class RecordingDelegate: NavigationLayoutDelegate {
  let inner: any NavigationLayoutDelegate
  var ready: (any NavigationReadyUIState)?
  var guidance: (any ActiveGuidanceUIState)?
  var prompts: [NavigationPromptView] = []
  var log: [String] = []

  init(_ inner: any NavigationLayoutDelegate) { self.inner = inner }

  func enableNavigationUI(navMap: GMSMapView, newState: any NavigationReadyUIState) {
    log.append("enable wide=\(newState.wideMode)")
    ready = newState
    inner.enableNavigationUI(navMap: navMap, newState: newState)
  }
  func disableNavigationUI(navMap: GMSMapView, oldState: any NavigationReadyUIState) {
    log.append("disable")
    inner.disableNavigationUI(navMap: navMap, oldState: oldState)
  }
  func startGuidance(
    navMap: GMSMapView, newState: any ActiveGuidanceUIState, oldState: any NavigationReadyUIState
  ) {
    log.append("start wide=\(newState.wideMode)")
    guidance = newState
    inner.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func stopGuidance(
    navMap: GMSMapView, newState: any NavigationReadyUIState, oldState: any ActiveGuidanceUIState
  ) {
    log.append("stop")
    inner.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
  }
  func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
    log.append("show")
    prompts.append(newPrompt)
    inner.showPrompt(navMap: navMap, newPrompt: newPrompt)
  }
  func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
    log.append("hide")
    inner.hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
  }
  func changePrompt(
    navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView
  ) {
    log.append("change")
    prompts.append(newPrompt)
    inner.changePrompt(navMap: navMap, newPrompt: newPrompt, oldPrompt: oldPrompt)
  }
  func sizeChanged(navMap: GMSMapView, newState: any NavigationUIState) {
    log.append("size wide=\(newState.wideMode)")
    inner.sizeChanged(navMap: navMap, newState: newState)
  }
}

/// Equal within a thousandth of a point.
func approx(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.001 }

/// Rectangles equal within a thousandth of a point.
func approx(_ a: CGRect, _ b: CGRect) -> Bool {
  approx(a.minX, b.minX) && approx(a.minY, b.minY) && approx(a.width, b.width)
    && approx(a.height, b.height)
}
