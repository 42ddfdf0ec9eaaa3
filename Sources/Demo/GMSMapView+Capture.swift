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
  /// the navigator's route, destinations and vehicle.
  func capturedMapLayer(at time: TimeInterval) -> MapLayer {
    mapLayer(baseMap: try? BaseMap.bundled(), at: time)
  }
}
