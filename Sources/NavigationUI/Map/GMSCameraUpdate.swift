import Foundation
import NavigationCore

/// A change of the camera, applied with ``GMSMapView/moveCamera(_:)`` or
/// ``GMSMapView/animate(with:)`` (`GMSCameraUpdate`).
///
/// ```swift
/// mapView.moveCamera(GMSCameraUpdate.setTarget(casino, zoom: 17))
/// mapView.animate(with: GMSCameraUpdate.fit(bounds, with: UIEdgeInsets(top: 80, left: 20, bottom: 120, right: 20)))
/// ```
@MainActor
open class GMSCameraUpdate: NSObject {
  enum Kind {
    case zoomBy(Float, at: CGPoint?)
    case zoomTo(Float)
    case target(CLLocationCoordinate2D, zoom: Float?)
    case camera(GMSCameraPosition)
    case fit(GMSCoordinateBounds, UIEdgeInsets)
    case scroll(CGFloat, CGFloat)
  }

  let kind: Kind

  init(_ kind: Kind) {
    self.kind = kind
    super.init()
  }

  /// Zooms in one level.
  open class func zoomIn() -> GMSCameraUpdate { GMSCameraUpdate(.zoomBy(1, at: nil)) }
  /// Zooms out one level.
  open class func zoomOut() -> GMSCameraUpdate { GMSCameraUpdate(.zoomBy(-1, at: nil)) }
  /// Zooms to a level.
  open class func zoom(to zoom: Float) -> GMSCameraUpdate { GMSCameraUpdate(.zoomTo(zoom)) }
  /// Zooms by a number of levels (negative zooms out).
  open class func zoom(by delta: Float) -> GMSCameraUpdate {
    GMSCameraUpdate(.zoomBy(delta, at: nil))
  }
  /// Zooms by a number of levels keeping the coordinate under `point` (map-view points)
  /// where it is.
  open class func zoom(by zoom: Float, at point: CGPoint) -> GMSCameraUpdate {
    GMSCameraUpdate(.zoomBy(zoom, at: point))
  }
  /// Moves the target, keeping zoom, bearing and tilt.
  open class func setTarget(_ target: CLLocationCoordinate2D) -> GMSCameraUpdate {
    GMSCameraUpdate(.target(target, zoom: nil))
  }
  /// Moves the target and sets the zoom.
  open class func setTarget(_ target: CLLocationCoordinate2D, zoom: Float) -> GMSCameraUpdate {
    GMSCameraUpdate(.target(target, zoom: zoom))
  }
  /// Sets the whole camera.
  open class func setCamera(_ camera: GMSCameraPosition) -> GMSCameraUpdate {
    GMSCameraUpdate(.camera(camera))
  }
  /// Fits `bounds` in the camera frame with 64 points of padding on each side, north up and
  /// untilted, at the greatest zoom that fits.
  open class func fit(_ bounds: GMSCoordinateBounds) -> GMSCameraUpdate {
    GMSCameraUpdate(.fit(bounds, UIEdgeInsets(top: 64, left: 64, bottom: 64, right: 64)))
  }
  /// Fits `bounds` with `padding` points on each side.
  open class func fit(_ bounds: GMSCoordinateBounds, withPadding padding: CGFloat)
    -> GMSCameraUpdate
  {
    GMSCameraUpdate(
      .fit(bounds, UIEdgeInsets(top: padding, left: padding, bottom: padding, right: padding)))
  }
  /// Fits `bounds` inside the camera frame less `edgeInsets`.
  open class func fit(_ bounds: GMSCoordinateBounds, with edgeInsets: UIEdgeInsets)
    -> GMSCameraUpdate
  {
    GMSCameraUpdate(.fit(bounds, edgeInsets))
  }
  /// Moves the camera by points on screen (positive `dx` shows what is to the right).
  open class func scrollBy(x dX: CGFloat, y dY: CGFloat) -> GMSCameraUpdate {
    GMSCameraUpdate(.scroll(dX, dY))
  }

  /// The camera this update gives on `mapView` (before zoom limits and target bounds).
  func camera(on mapView: GMSMapView) -> GMSCameraPosition {
    let current = mapView.camera
    let anchor = mapView.cameraAnchor
    switch kind {
    case .zoomTo(let zoom):
      return current.with(zoom: zoom)
    case .zoomBy(let delta, let point):
      let zoomed = current.with(zoom: current.zoom + delta)
      guard let point else { return zoomed }
      // Keep the coordinate under `point` there.
      let pinned = MapGeometry.coordinate(for: point, camera: current, anchor: anchor)
      return MapGeometry.camera(zoomed, keeping: pinned, at: point, anchor: anchor)
    case .target(let target, let zoom):
      return current.with(target: target, zoom: zoom)
    case .camera(let camera):
      return camera
    case .scroll(let dx, let dy):
      let target = MapGeometry.coordinate(
        for: CGPoint(x: anchor.x + dx, y: anchor.y + dy), camera: current, anchor: anchor)
      return current.with(target: target)
    case .fit(let bounds, let insets):
      return mapView.camera(for: bounds, insets: insets) ?? current
    }
  }
}

/// Converts between coordinates and map-view points for one camera (`GMSProjection`).
/// The map is drawn from straight above: the viewing angle does not change the projection.
///
/// ```swift
/// let point = mapView.projection.point(for: casino)
/// let there = mapView.projection.coordinate(for: point)
/// ```
@MainActor
open class GMSProjection: NSObject {
  let camera: GMSCameraPosition
  let anchor: CGPoint
  let size: CGSize
  let flat: MapGeometry.Flat

  init(camera: GMSCameraPosition, anchor: CGPoint, size: CGSize) {
    self.camera = camera
    self.anchor = anchor
    self.size = size
    flat = MapGeometry.Flat(camera: camera, anchor: anchor)
    super.init()
  }

  /// The map-view point of a coordinate.
  open func point(for coordinate: CLLocationCoordinate2D) -> CGPoint {
    flat.point(for: coordinate)
  }

  /// The coordinate under a map-view point.
  open func coordinate(for point: CGPoint) -> CLLocationCoordinate2D {
    flat.coordinate(for: point)
  }

  /// How many points `meters` span at `coordinate`.
  open func points(forMeters meters: CLLocationDistance, at coordinate: CLLocationCoordinate2D)
    -> CGFloat
  {
    CGFloat(meters / MapGeometry.metersPerPoint(camera))
  }

  /// Whether `coordinate` is inside the map view's bounds.
  open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    CGRect(origin: .zero, size: size).contains(point(for: coordinate))
  }

  /// The coordinates of the map view's corners.
  open func visibleRegion() -> GMSVisibleRegion {
    GMSVisibleRegion(
      nearLeft: coordinate(for: CGPoint(x: 0, y: size.height)),
      nearRight: coordinate(for: CGPoint(x: size.width, y: size.height)),
      farLeft: coordinate(for: .zero),
      farRight: coordinate(for: CGPoint(x: size.width, y: 0)))
  }
}
