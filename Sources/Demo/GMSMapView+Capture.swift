import Foundation
import NavigationCore
import NavigationUI
import Rendering
import ViewKit

/// Draws the map of a `GMSMapView` when an app captures the window holding it with
/// `drawHierarchy(in:afterScreenUpdates:)` or `layer.render(in:)`, without the app attaching
/// a renderer (ViewKit finds this type by name: ``UIWindow/capturePaintingProviderName``).
/// The map is the bundled extract under the first map view's camera, style and overlays, with
/// its navigator's route, destination and vehicle.
final class MapViewCapturePainting: CapturePaintingProvider {
  static func paintingHooks(for window: UIWindow) -> (any ViewTreePaintingHooks)? {
    guard firstMapView(in: window) != nil else { return nil }
    Renderer(scale: window.screen.scale).attach(to: window) { [weak window] in
      guard let window, let mapView = firstMapView(in: window) else { return nil }
      return mapView.capturedMapLayer(at: window.clock.now)
    }
    return window.paintingHooks
  }

  /// The first map view in `view`'s tree, depth first.
  static func firstMapView(in view: UIView) -> GMSMapView? {
    if let mapView = view as? GMSMapView { return mapView }
    for subview in view.subviews {
      if let found = firstMapView(in: subview) { return found }
    }
    return nil
  }
}

extension GMSMapView {
  /// The map a capture shows: ``mapLayer(baseMap:images:at:)`` over the bundled extract, with
  /// the navigator's route, destination and vehicle.
  func capturedMapLayer(at time: TimeInterval) -> MapLayer {
    var layer = mapLayer(baseMap: try? BaseMap.bundled(), at: time)
    if let navigator { layer.scene.addGuidance(of: navigator) }
    return layer
  }
}

extension MapScene {
  /// Adds what `navigator` guides along: the route with its travelled part, the destination,
  /// the alternatives and the vehicle at the last fix.
  @MainActor mutating func addGuidance(of navigator: GMSNavigator) {
    if let route = navigator.currentRoute {
      self.route = RouteOverlay(
        route: route, distanceTraveled: navigator.routeProgress?.distanceTraveled ?? 0)
      destinations = route.geometry.last.map { [$0] } ?? []
    }
    alternatives = navigator.alternateRoutes.map(\.geometry)
    if let fix = navigator.lastLocation {
      vehicle = VehicleMarker(coordinate: fix.coordinate, course: max(0, fix.course))
    }
  }
}
