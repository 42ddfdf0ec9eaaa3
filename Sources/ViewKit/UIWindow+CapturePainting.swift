/// Gives a window the hooks its captures paint with when nothing set ``UIWindow/paintingHooks``:
/// the map of a `GMSMapView` in it, as on iOS, where a map view draws in
/// `drawHierarchy(in:afterScreenUpdates:)` without the app asking. The provider lives above
/// ViewKit (it needs the navigation UI and the renderer), so ViewKit finds it by its type's
/// name at run time, as `NSClassFromString` would; in a process that does not link it,
/// captures paint everything but the map. See Guides/Rendering.md.
@MainActor
package protocol CapturePaintingProvider: AnyObject {
  /// Hooks for capturing `window`, which it keeps as its ``UIWindow/paintingHooks``; `nil`
  /// when there is nothing to add (no map view in the window).
  static func paintingHooks(for window: UIWindow) -> (any ViewTreePaintingHooks)?
}

extension UIWindow {
  /// The provider's type name (module `Demo`, which bridges `GMSMapView` to the renderer).
  package static let capturePaintingProviderName = "Demo.MapViewCapturePainting"

  /// The provider, looked up once per process.
  private static let capturePaintingProvider =
    _typeByName(capturePaintingProviderName) as? any CapturePaintingProvider.Type

  /// The hooks a capture of this window paints with: ``paintingHooks``, else the provider's
  /// (which the window then keeps).
  package var capturePaintingHooks: (any ViewTreePaintingHooks)? {
    if let paintingHooks { return paintingHooks }
    return Self.capturePaintingProvider?.paintingHooks(for: self)
  }
}
